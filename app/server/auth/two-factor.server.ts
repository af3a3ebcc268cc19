// Two-factor sign-in (authenticator app, TOTP) on top of Better Auth's twoFactor plugin: turning it
// on and off in /conta/duas-etapas, and the code step of /login. Each function applies the same rate
// limits as the plugin's HTTP endpoints and turns its errors into our pt-BR messages.
//
// How a sign-in goes when it is on: the right password gets no session; the plugin deletes the one
// sign-in made and sets a signed, 10-minute "two_factor" cookie naming the pending sign-in. Only the
// right code (or an unused backup code) creates the session, so nothing behind requireUser or
// requireAdmin can be reached in between. The plugin also ends a pending sign-in after 5 wrong codes
// and locks the account's code step for 15 minutes after 10 wrong codes in a row; on top of that, wrong
// codes count per account like wrong passwords (./account-limits.server.ts). Each code from the app
// signs in once, and Google sign-in asks for a code too (./two-factor-hooks.server.ts).
import { and, eq } from "drizzle-orm";
import { createCookieGetter, parseCookies } from "better-auth/cookies";
import { symmetricDecrypt } from "better-auth/crypto";
import { accounts, twoFactors, users } from "#database/schema";
import { AUTH_MESSAGES } from "~/lib/account/account.schema";
import { TWO_FACTOR_MESSAGES, type TwoFactorCode } from "~/lib/account/two-factor.schema";
import { qrCodeSvg } from "../media/qr-code.server";
import {
  allowAttempt,
  type AuthDeps,
  cookiesOf,
  errorCode,
  fail,
  type FormFailure,
  forwardedHeaders,
  messageOf,
  type SignedIn,
} from "./accounts.server";
import { ACCOUNT_LOCKED_CODE } from "./account-limits.server";
import { CODE_ALREADY_USED } from "./two-factor-hooks.server";

export type TwoFactorState = "off" | "pending" | "on";

export type TwoFactorOverview = {
  /** pending: "Ativar" was done with the password, the first code from the app is still due. */
  state: TwoFactorState;
  /** Accounts that only sign in with Google have no password, and the code step follows the password. */
  hasPassword: boolean;
  /** While pending: what the authenticator app needs, as a QR code and as text to type. */
  setup: { qrSvg: string; secret: string } | null;
  /** The backup codes, on the one page load right after they were made; null on any other. */
  backupCodes: string[] | null;
};

type Done = { ok: true };
type DoneWithCookies = { ok: true; headers: Headers };

/** Whether the account pages show two-factor sign-in: to staff, and to anyone who has it on. */
export function offersTwoFactor(user: { role: string }, state: TwoFactorState): boolean {
  return user.role === "admin" || state !== "off";
}

/** For /conta: on or off (a setup not yet confirmed counts as off), or null when not offered. */
export async function twoFactorSummary(deps: AuthDeps, user: { id: string; role: string }): Promise<"on" | "off" | null> {
  const [account] = await deps.db.select({ enabled: users.twoFactorEnabled }).from(users).where(eq(users.id, user.id));
  const state = account?.enabled ? "on" : "off";
  return offersTwoFactor(user, state) ? state : null;
}

export async function getTwoFactorOverview(deps: AuthDeps, user: { id: string; email: string }): Promise<TwoFactorOverview> {
  const [account] = await deps.db
    .select({ enabled: users.twoFactorEnabled })
    .from(users)
    .where(eq(users.id, user.id));
  const [row] = await deps.db
    .select({ secret: twoFactors.secret, verified: twoFactors.verified })
    .from(twoFactors)
    .where(eq(twoFactors.userId, user.id));
  const [credential] = await deps.db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, "credential")));

  const state: TwoFactorState = account?.enabled ? "on" : row && !row.verified ? "pending" : "off";
  return {
    state,
    hasPassword: Boolean(credential?.password),
    setup: state === "pending" && row ? await authenticatorSetup(deps, user.email, row.secret) : null,
    backupCodes: state === "on" ? await backupCodesToShowOnce(deps, user.id) : null,
  };
}

/** First step of turning it on: checks the password and makes the secret and the backup codes. */
export async function startTwoFactorSetup(deps: AuthDeps, request: Request, password: string): Promise<Done | FormFailure> {
  if (!(await allowAttempt(deps, request, "/two-factor/enable"))) return fail(AUTH_MESSAGES.tooManyAttempts);
  try {
    await deps.auth.api.enableTwoFactor({ body: { password }, headers: forwardedHeaders(request) });
    return { ok: true };
  } catch (error) {
    switch (errorCode(error)) {
      case "INVALID_PASSWORD":
        return fail(TWO_FACTOR_MESSAGES.wrongPassword, "password");
      case "TOTP_ALREADY_ENABLED":
        return fail(TWO_FACTOR_MESSAGES.alreadyOn);
    }
    throw error;
  }
}

/**
 * Second step: the first code from the app proves it holds the secret, and only then does sign-in
 * start asking for codes. Better Auth replaces the session (new cookies in `headers`); the backup
 * codes are shown on the next page load.
 */
export async function confirmTwoFactorSetup(
  deps: AuthDeps,
  request: Request,
  user: { id: string },
  code: string,
): Promise<DoneWithCookies | FormFailure> {
  if (!(await allowAttempt(deps, request, "/two-factor/verify-totp"))) return fail(AUTH_MESSAGES.tooManyAttempts);
  // Only a setup waiting for its first code: with the plugin, a signed-in user's verifyTOTP on an
  // account that already has it on just answers whether the code is right, and the backup codes
  // would then be shown again.
  const [row] = await deps.db.select({ verified: twoFactors.verified }).from(twoFactors).where(eq(twoFactors.userId, user.id));
  if (!row) return fail(TWO_FACTOR_MESSAGES.setupMissing);
  if (row.verified) return fail(TWO_FACTOR_MESSAGES.alreadyOn);
  try {
    const { headers } = await deps.auth.api.verifyTOTP({ body: { code }, headers: forwardedHeaders(request), returnHeaders: true });
    await showBackupCodesOnNextLoad(deps, user.id);
    return { ok: true, headers: cookiesOf(headers) };
  } catch (error) {
    switch (errorCode(error)) {
      case "INVALID_CODE":
        return fail(TWO_FACTOR_MESSAGES.wrongCode, "code");
      case "TOTP_NOT_ENABLED":
        return fail(TWO_FACTOR_MESSAGES.setupMissing);
      case ACCOUNT_LOCKED_CODE:
        return fail(messageOf(error));
    }
    throw error;
  }
}

/** Drops a setup that was started but never confirmed (sign-in was not asking for codes yet). */
export async function cancelTwoFactorSetup(deps: AuthDeps, user: { id: string }): Promise<void> {
  await deps.db.delete(twoFactors).where(and(eq(twoFactors.userId, user.id), eq(twoFactors.verified, false)));
}

/** New backup codes (the old ones stop working), shown on the next page load. */
export async function replaceBackupCodes(
  deps: AuthDeps,
  request: Request,
  user: { id: string },
  password: string,
): Promise<Done | FormFailure> {
  if (!(await allowAttempt(deps, request, "/two-factor/generate-backup-codes"))) return fail(AUTH_MESSAGES.tooManyAttempts);
  try {
    await deps.auth.api.generateBackupCodes({ body: { password }, headers: forwardedHeaders(request) });
    await showBackupCodesOnNextLoad(deps, user.id);
    return { ok: true };
  } catch (error) {
    if (errorCode(error) === "INVALID_PASSWORD") return fail(TWO_FACTOR_MESSAGES.wrongPassword, "password");
    throw error;
  }
}

/** Turns it off with the password; Better Auth replaces the session (new cookies in `headers`). */
export async function turnOffTwoFactor(deps: AuthDeps, request: Request, password: string): Promise<DoneWithCookies | FormFailure> {
  if (!(await allowAttempt(deps, request, "/two-factor/disable"))) return fail(AUTH_MESSAGES.tooManyAttempts);
  try {
    const { headers } = await deps.auth.api.disableTwoFactor({ body: { password }, headers: forwardedHeaders(request), returnHeaders: true });
    return { ok: true, headers: cookiesOf(headers) };
  } catch (error) {
    if (errorCode(error) === "INVALID_PASSWORD") return fail(TWO_FACTOR_MESSAGES.wrongPassword, "password");
    throw error;
  }
}

/** Whether this browser is between the right password and the code (the cookie's signature is checked when the code is sent). */
export function hasPendingSignIn({ auth }: AuthDeps, request: Request): boolean {
  const name = createCookieGetter(auth.options)("two_factor").name;
  return parseCookies(request.headers.get("cookie") ?? "").has(name);
}

export type CodeFailure = FormFailure & {
  /** The pending sign-in is over (expired, or too many wrong codes): only the password can start another. */
  restart?: true;
  /** With `restart`: drops the pending sign-in's cookie, so the code page sends the browser to /login. */
  headers?: Headers;
};

/** The code step of sign-in: an authenticator code or a backup code (each backup code works once). */
export async function finishSignInWithCode(deps: AuthDeps, request: Request, input: TwoFactorCode): Promise<SignedIn | CodeFailure> {
  const path = input.kind === "totp" ? "/two-factor/verify-totp" : "/two-factor/verify-backup-code";
  if (!(await allowAttempt(deps, request, path))) return fail(AUTH_MESSAGES.tooManyAttempts);
  const call = { body: { code: input.code }, headers: forwardedHeaders(request), returnHeaders: true } as const;
  const restart = (message: string): CodeFailure => ({ ...fail(message), restart: true, headers: pendingSignInEnded(deps) });
  try {
    const { headers } = input.kind === "totp" ? await deps.auth.api.verifyTOTP(call) : await deps.auth.api.verifyBackupCode(call);
    return { ok: true, headers: cookiesOf(headers) };
  } catch (error) {
    switch (errorCode(error)) {
      case "INVALID_CODE":
        return fail(TWO_FACTOR_MESSAGES.wrongCode, "code");
      case "INVALID_BACKUP_CODE":
        return fail(TWO_FACTOR_MESSAGES.wrongBackupCode, "code");
      case "ACCOUNT_TEMPORARILY_LOCKED":
        return fail(TWO_FACTOR_MESSAGES.accountLocked);
      // Our per-account limit on codes, from any address (./account-limits.server.ts).
      case ACCOUNT_LOCKED_CODE:
        return fail(messageOf(error));
      // Right, but it signed in already; the pending sign-in is spent.
      case CODE_ALREADY_USED:
        return restart(TWO_FACTOR_MESSAGES.codeAlreadyUsed);
      case "INVALID_TWO_FACTOR_COOKIE":
      case "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE":
      case "TOTP_NOT_ENABLED":
      case "BACKUP_CODES_NOT_ENABLED":
        return restart(TWO_FACTOR_MESSAGES.challengeExpired);
    }
    throw error;
  }
}

/** An expired "two_factor" cookie, with the name and attributes Better Auth gives it. */
function pendingSignInEnded({ auth }: AuthDeps): Headers {
  const { name, attributes } = createCookieGetter(auth.options)("two_factor");
  const cookie = [`${name}=`, "Max-Age=0", `Path=${attributes.path ?? "/"}`, "HttpOnly", "SameSite=Lax", ...(attributes.secure ? ["Secure"] : [])];
  return new Headers({ "Set-Cookie": cookie.join("; ") });
}

/** Better Auth keeps the secret encrypted with the auth secret; the app needs it as an otpauth:// URI. */
async function authenticatorSetup(deps: AuthDeps, email: string, encryptedSecret: string) {
  const context = await deps.auth.$context;
  const secret = base32(new TextEncoder().encode(await symmetricDecrypt({ key: context.secretConfig, data: encryptedSecret })));
  // The same URI the plugin builds (issuer: the app name, account: the e-mail, 6 digits every 30 s).
  const issuer = context.appName;
  const uri = `otpauth://totp/${encodeURIComponent(issuer)}:${encodeURIComponent(email)}?${new URLSearchParams({ secret, issuer, digits: "6", period: "30" })}`;
  return {
    qrSvg: qrCodeSvg(uri, "QR Code para o aplicativo autenticador"),
    // In groups of four, as authenticator apps show and accept it.
    secret: secret.replace(/(.{4})(?=.)/g, "$1 "),
  };
}

const BASE32_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32 without padding: how otpauth:// URIs and authenticator apps carry the secret. */
function base32(bytes: Uint8Array): string {
  let output = "";
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = ((buffer << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      output += BASE32_ALPHABET[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) output += BASE32_ALPHABET[(buffer << (5 - bits)) & 31];
  return output;
}

// The backup codes are shown after a redirect (so a reload does not resend the form), once: a marker
// in the verifications table says the next page load may show them, and that load consumes it.
const backupCodesMarker = (userId: string) => `two-factor-show-backup-codes:${userId}`;
const BACKUP_CODES_MARKER_SECONDS = 10 * 60;

async function showBackupCodesOnNextLoad({ auth }: AuthDeps, userId: string): Promise<void> {
  const context = await auth.$context;
  await context.internalAdapter.deleteVerificationByIdentifier(backupCodesMarker(userId));
  await context.internalAdapter.createVerificationValue({
    identifier: backupCodesMarker(userId),
    value: userId,
    expiresAt: new Date(Date.now() + BACKUP_CODES_MARKER_SECONDS * 1000),
  });
}

async function backupCodesToShowOnce({ auth }: AuthDeps, userId: string): Promise<string[] | null> {
  const context = await auth.$context;
  const marker = await context.internalAdapter.consumeVerificationValue(backupCodesMarker(userId));
  if (!marker || marker.value !== userId) return null;
  const { backupCodes } = await auth.api.viewBackupCodes({ body: { userId } });
  return backupCodes;
}
