// What the account pages do, on the server: each function calls Better Auth's API (`auth.api.*`),
// applies the same rate limits as its HTTP API, and turns its errors into our pt-BR messages.
// Successful sign-ins return the Set-Cookie headers for the page's redirect to carry.
import { and, eq, isNull } from "drizzle-orm";
import { APIError, getIP } from "better-auth/api";
import { users } from "#database/schema";
import { AUTH_MESSAGES, type LoginInput, type ProfileInput, type RegisterInput } from "~/lib/account/account.schema";
import { passwordProblem } from "~/lib/account/password-rule";
import { isBrazilianPhone } from "~/lib/format/phone";
import { oneLine } from "~/lib/format/plain-text";
import { loginPath } from "~/lib/pages/safe-redirect";
import type { Database } from "../db/database.server";
import { ACCOUNT_LOCKED_CODE, SIGN_UP_PAUSED_CODE } from "./account-limits.server";
import { WEAK_PASSWORD_CODE, type Auth } from "./auth.server";
import { AUTH_RATE_LIMITS, consumeRateLimit, type RateLimitedPath } from "./rate-limit.server";
import { log } from "../log/logger.server";

export type AuthDeps = { db: Database; auth: Auth };

export type FormFailure = { ok: false; error: string; /** the field the message belongs to; absent: the whole form */ field?: string };
export type SignedIn = {
  ok: true;
  headers: Headers;
  /**
   * The password was right but the account has two-factor sign-in on: there is no session yet, only
   * the cookie of the pending sign-in, and the authenticator code comes next (/login/verificacao).
   */
  codeRequired?: true;
};

export const fail = (error: string, field?: string): FormFailure => (field ? { ok: false, error, field } : { ok: false, error });

/** The shopper's address as the rate limits see it (behind Caddy, from X-Forwarded-For only when TRUST_PROXY is set). */
export function clientAddress({ auth }: Pick<AuthDeps, "auth">, request: Request): string {
  return getIP(request, auth.options) ?? "no-trusted-ip";
}

/**
 * Counts one attempt on `path` for the request's client, in the same counter Better Auth uses for
 * its HTTP endpoint (its key is "ip|path"; "no-trusted-ip" when the address is unknown).
 */
export async function allowAttempt({ db, auth }: AuthDeps, request: Request, path: RateLimitedPath): Promise<boolean> {
  const ip = clientAddress({ auth }, request);
  const { allowed } = await consumeRateLimit(db, `${ip}|${path}`, AUTH_RATE_LIMITS[path]);
  return allowed;
}

/** The headers Better Auth needs from the browser's request: the session cookie, host and client. */
export function forwardedHeaders(request: Request): Headers {
  const headers = new Headers();
  for (const [name, value] of request.headers) {
    if (name !== "content-type" && name !== "content-length") headers.set(name, value);
  }
  return headers;
}

/** Only the cookies from Better Auth's answer, for our own redirect. */
export function cookiesOf(headers: Headers): Headers {
  const cookies = new Headers();
  for (const cookie of headers.getSetCookie()) cookies.append("Set-Cookie", cookie);
  return cookies;
}

export function errorCode(error: unknown): string | undefined {
  if (!(error instanceof APIError)) return undefined;
  const code = (error.body as { code?: unknown } | undefined)?.code;
  return typeof code === "string" ? code : undefined;
}

/** Our own refusals carry their pt-BR message (a lock, with how many minutes it has left). */
export function messageOf(error: unknown): string {
  const message = error instanceof APIError ? (error.body as { message?: unknown } | undefined)?.message : undefined;
  return typeof message === "string" ? message : AUTH_MESSAGES.tooManyAttempts;
}

export async function signInWithPassword(deps: AuthDeps, request: Request, input: LoginInput): Promise<SignedIn | FormFailure> {
  if (!(await allowAttempt(deps, request, "/sign-in/email"))) return fail(AUTH_MESSAGES.tooManyAttempts);
  try {
    const { headers, response } = await deps.auth.api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: true },
      headers: forwardedHeaders(request),
      returnHeaders: true,
    });
    if ("twoFactorRedirect" in response && response.twoFactorRedirect) return { ok: true, headers: cookiesOf(headers), codeRequired: true };
    return { ok: true, headers: cookiesOf(headers) };
  } catch (error) {
    // Counted per e-mail whether it has an account or not, so this says nothing more than the next line.
    if (errorCode(error) === ACCOUNT_LOCKED_CODE) return fail(messageOf(error));
    // Unknown e-mail, wrong password, Google-only account: one answer, so accounts cannot be probed.
    if (error instanceof APIError && error.statusCode < 500) return fail(AUTH_MESSAGES.wrongCredentials);
    throw error;
  }
}

/** Registration always makes a customer: Better Auth ignores a `role` in the body (input: false). */
export async function registerCustomer(deps: AuthDeps, request: Request, input: RegisterInput): Promise<SignedIn | FormFailure> {
  if (!(await allowAttempt(deps, request, "/sign-up/email"))) return fail(AUTH_MESSAGES.tooManyAttempts);
  try {
    const { headers } = await deps.auth.api.signUpEmail({
      body: { name: input.name, email: input.email, password: input.password },
      headers: forwardedHeaders(request),
      returnHeaders: true,
    });
    return { ok: true, headers: cookiesOf(headers) };
  } catch (error) {
    switch (errorCode(error)) {
      case "USER_ALREADY_EXISTS":
      case "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL":
        return fail(AUTH_MESSAGES.emailTaken, "email");
      case "INVALID_EMAIL":
        return fail(AUTH_MESSAGES.emailInvalid, "email");
      case "PASSWORD_TOO_SHORT":
        return fail(AUTH_MESSAGES.passwordTooShort, "password");
      case "PASSWORD_TOO_LONG":
        return fail(AUTH_MESSAGES.passwordTooLong, "password");
      case WEAK_PASSWORD_CODE:
        return fail(passwordProblem(input.password) ?? AUTH_MESSAGES.passwordTooCommon, "password");
      case SIGN_UP_PAUSED_CODE:
        return fail(messageOf(error));
    }
    throw error;
  }
}

/**
 * Sends the reset link when the address has an account; the answer is the same either way (and the
 * e-mail goes out after the response, so timing does not tell either).
 */
export async function requestPasswordReset(deps: AuthDeps, request: Request, email: string): Promise<{ ok: true } | FormFailure> {
  if (!(await allowAttempt(deps, request, "/request-password-reset"))) return fail(AUTH_MESSAGES.tooManyAttempts);
  try {
    await deps.auth.api.requestPasswordReset({ body: { email }, headers: forwardedHeaders(request) });
  } catch (error) {
    log.error({ err: error }, "password reset request failed");
  }
  return { ok: true };
}

/** True while the reset link's token exists and has not expired (the page says so before asking). */
export async function isResetTokenUsable({ auth }: AuthDeps, token: string): Promise<boolean> {
  // Better Auth's tokens are letters and digits; anything else (a NUL byte fails the query) is no token.
  if (!/^[\w-]{1,200}$/.test(token)) return false;
  const context = await auth.$context;
  // Better Auth keeps reset tokens as verification values named "reset-password:<token>".
  const verification = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  return Boolean(verification && verification.expiresAt > new Date());
}

/** Sets the new password; the token then stops working and every session of the user ends. */
export async function resetPassword(
  deps: AuthDeps,
  request: Request,
  input: { token: string; password: string },
): Promise<{ ok: true } | FormFailure> {
  if (!(await allowAttempt(deps, request, "/reset-password"))) return fail(AUTH_MESSAGES.tooManyAttempts);
  try {
    await deps.auth.api.resetPassword({ body: { token: input.token, newPassword: input.password }, headers: forwardedHeaders(request) });
    return { ok: true };
  } catch (error) {
    switch (errorCode(error)) {
      case "PASSWORD_TOO_SHORT":
        return fail(AUTH_MESSAGES.passwordTooShort, "password");
      case "PASSWORD_TOO_LONG":
        return fail(AUTH_MESSAGES.passwordTooLong, "password");
      case WEAK_PASSWORD_CODE:
        return fail(passwordProblem(input.password) ?? AUTH_MESSAGES.passwordTooCommon, "password");
    }
    if (error instanceof APIError && error.statusCode < 500) return fail(AUTH_MESSAGES.resetLinkInvalid);
    throw error;
  }
}

/** Sends of the confirmation link per account: more would only fill an inbox. */
const CONFIRMATION_EMAILS = { window: 15 * 60, max: 3 } as const;

/** Whether the account proved its e-mail (the link sent to it was opened). */
export async function isEmailConfirmed(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ emailVerified: users.emailVerified }).from(users).where(eq(users.id, userId));
  return row?.emailVerified ?? false;
}

/**
 * Spends a confirmation link: the account's e-mail is confirmed and its guest orders under that
 * address become its own (./email-confirmation.server.tsx, through Better Auth's afterEmailVerification).
 * False for a link that is wrong, expired or not this shop's.
 */
export async function confirmEmail(deps: AuthDeps, request: Request, token: string): Promise<boolean> {
  // Better Auth's links carry a signed JWT: letters, digits, '-', '_' and two dots.
  if (!/^[\w-]{1,1000}\.[\w-]{1,2000}\.[\w-]{1,1000}$/.test(token)) return false;
  try {
    await deps.auth.api.verifyEmail({ query: { token }, headers: forwardedHeaders(request) });
    return true;
  } catch (error) {
    if (error instanceof APIError && error.statusCode < 500) return false;
    throw error;
  }
}

/** Sends the confirmation link again to the signed-in account's address; "wait" past the per-account limit. */
export async function resendEmailConfirmation(deps: AuthDeps, request: Request, user: { id: string; email: string }): Promise<"sent" | "wait" | "confirmed"> {
  if (await isEmailConfirmed(deps.db, user.id)) return "confirmed";
  const { allowed } = await consumeRateLimit(deps.db, `email-confirmation|${user.id}`, CONFIRMATION_EMAILS);
  if (!allowed) return "wait";
  await deps.auth.api.sendVerificationEmail({ body: { email: user.email }, headers: forwardedHeaders(request) });
  return "sent";
}

/** Ends the session in the database and returns the headers that clear the cookies. */
export async function signOut(deps: AuthDeps, request: Request): Promise<Headers> {
  try {
    const { headers } = await deps.auth.api.signOut({ headers: forwardedHeaders(request), returnHeaders: true });
    return cookiesOf(headers);
  } catch (error) {
    // No session (already signed out, or it expired): nothing to end.
    if (error instanceof APIError && error.statusCode < 500) return new Headers();
    throw error;
  }
}

/** Where Google's sign-in page is, plus the cookies that tie its answer to this browser. */
export async function startGoogleSignIn(
  deps: AuthDeps,
  request: Request,
  redirectTo: string,
): Promise<{ url: string; headers: Headers }> {
  const { headers, response } = await deps.auth.api.signInSocial({
    body: {
      provider: "google",
      callbackURL: redirectTo,
      // Better Auth appends an `error` code to it; the login page only needs to see that there is one.
      errorCallbackURL: loginPath(redirectTo),
      disableRedirect: true,
    },
    headers: forwardedHeaders(request),
    returnHeaders: true,
  });
  if (!response.url) throw new Error("Better Auth returned no Google URL");
  return { url: response.url, headers: cookiesOf(headers) };
}

/** Name, phone and address from /conta; empty optional fields are stored as null. */
/**
 * The phone a signed-in shopper gave at checkout, kept on an account that has none (never replacing
 * one: that is /conta's job). Only a Brazilian number is kept; anything else is left out silently,
 * since the order itself already went through with it.
 */
export async function saveAccountPhone(db: Database, userId: string, phone: string): Promise<boolean> {
  const clean = oneLine(phone);
  if (!isBrazilianPhone(clean)) return false;
  const updated = await db
    .update(users)
    .set({ phone: clean, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.phone)))
    .returning({ id: users.id });
  return updated.length > 0;
}

export async function updateProfile(db: Database, userId: string, input: ProfileInput): Promise<void> {
  await db
    .update(users)
    .set({ name: input.name, phone: input.phone || null, address: input.address || null, updatedAt: new Date() })
    .where(eq(users.id, userId));
}
