import { randomBytes } from "node:crypto";
import path from "node:path";
import { and, eq, like } from "drizzle-orm";
import { betterAuth, type BetterAuthOptions, type User } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { twoFactor } from "better-auth/plugins/two-factor";
import { z } from "~/lib/forms/validation";
import { accounts, sessions, twoFactors, STAFF_ROLES, USER_ROLES, users, verifications } from "#database/schema";
import { AUTH_MESSAGES, PROFILE_LIMITS } from "~/lib/account/account.schema";
import { passwordProblem } from "~/lib/account/password-rule";
import type { AppConfig } from "../config.server";
import type { Database } from "../db/database.server";
import { emailOutbox } from "../email/email-queue.server";
import { passwordResetEmail } from "./password-reset-email.server";
import { claimGuestOrders, CONFIRMATION_TOKEN_SECONDS, confirmationLink, emailConfirmationEmail } from "./email-confirmation.server";
import { getSettings } from "../group/settings.server";
import { limitBeforeAttempt, settleAttempt } from "./account-limits.server";
import { AUTH_RATE_LIMITS, consumeRateLimit } from "./rate-limit.server";
import { oneLine } from "~/lib/format/plain-text";
import { refuseTrustDevice, twoFactorAfter } from "./two-factor-hooks.server";
import { log } from "../log/logger.server";
import { trustedPublicOrigin } from "../group/public-origin.server";
import { readOrCreateSecretFile } from "../files/secret-file.server";
import { googleFromDiscovery } from "./google-test-provider.server";

/**
 * The client address as our Express app saw it (server/app.ts sets it on every request, replacing
 * anything the client sent). Better Auth reads the IP from this header alone for rate limits and
 * session records; X-Forwarded-For is client-controlled unless a proxy we know rewrites it.
 */
export const CLIENT_IP_HEADER = "x-erick-client-ip";

const AUTH_BASE_PATH = "/api/auth";

/**
 * The part of Better Auth's HTTP API a browser is sent to: Google's answer to 'Entrar com Google'
 * (the OAuth client's redirect URI; the local provider of the browser tests answers at the same
 * address). Everything else a page needs (sign-in, sign-up, sign-out, reset, codes, sign-in with
 * Google's first step) runs on the server through `auth.api.*`; the rest of the HTTP API (sign-up,
 * password changes, sessions, two-factor, admin…) would only be a second way in for attackers, so
 * app/routes/api/auth.ts answers 404 to it. The hooks below still check what those endpoints take.
 */
const BROWSER_AUTH_ENDPOINTS: ReadonlyArray<{ method: string; path: string }> = [{ method: "GET", path: `${AUTH_BASE_PATH}/callback/google` }];

export function isBrowserAuthEndpoint(request: Request): boolean {
  const { pathname } = new URL(request.url);
  return BROWSER_AUTH_ENDPOINTS.some((endpoint) => endpoint.method === request.method && endpoint.path === pathname);
}
const RESET_TOKEN_SECONDS = 60 * 60;
/** A session ends this long after sign-in, however active it is (no sliding renewal). */
const SESSION_DAYS = 30;

/** Where the Better Auth endpoints send the browser when Google sign-in fails before we know more. */
const GOOGLE_ERROR_PATH = "/login?error=google";

/**
 * The Better Auth instance: e-mail + password, Google when configured, sessions and rate limits in
 * our PostgreSQL. Pages call it on the server (`auth.api.*`, see ./accounts.server.ts); of the HTTP API
 * at /api/auth only the Google callback is reachable (isBrowserAuthEndpoint).
 */
export function createAuth(db: Database, config: AppConfig) {
  const secret = config.authSecret ?? loadOrCreateAuthSecret(config.dataDir);
  const localOrigins = [`http://localhost:${config.port}`, `http://127.0.0.1:${config.port}`];

  return betterAuth({
    appName: "Grupo Erick",
    secret,
    // With PUBLIC_URL, links in e-mails and OAuth redirects use it. Without it, the URL follows the
    // request only for loopback hosts: trusting any Host header would let a forged request put an
    // attacker's domain into a password-reset e-mail.
    baseURL: config.publicUrl ?? {
      allowedHosts: ["localhost", "localhost:*", "127.0.0.1", "127.0.0.1:*", "[::1]:*"],
      protocol: "http",
      fallback: localOrigins[0],
    },
    basePath: AUTH_BASE_PATH,
    trustedOrigins: [...(config.publicUrl ? [new URL(config.publicUrl).origin] : []), ...localOrigins],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications, twoFactor: twoFactors },
      // Sign-up writes the user and its password account together, or neither.
      transaction: true,
    }),
    emailAndPassword: passwordAccounts(db, config),
    emailVerification: emailConfirmation(db, config),
    socialProviders:
      config.google && !config.google.discoveryUrl
        ? { google: { clientId: config.google.clientId, clientSecret: config.google.clientSecret, prompt: "select_account" } }
        : {},
    plugins: [
      // Authenticator-app codes (TOTP) after the password, for accounts that turn it on in /conta
      // (app/server/auth/two-factor.server.ts). Until the code is given there is no session at all,
      // only a short-lived signed "two_factor" cookie naming the pending sign-in.
      twoFactor(),
      ...(config.google?.discoveryUrl ? [googleFromDiscovery(config.google)] : []),
    ],
    user: {
      additionalFields: {
        role: { type: [...USER_ROLES], required: true, defaultValue: "customer", input: false },
        staffRole: { type: [...STAFF_ROLES], required: false, input: false },
        staffStoreId: { type: "number", required: false, input: false },
        phone: { type: "string", required: false, validator: { input: z.string().max(PROFILE_LIMITS.phone) } },
        address: { type: "string", required: false, validator: { input: z.string().max(PROFILE_LIMITS.address) } },
      },
    },
    session: {
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      // The expiry set at sign-in stays: a stolen cookie is not kept alive by using it.
      disableSessionRefresh: true,
      // Every request reads the session and the user's role from the database, so a sign-out, a
      // password reset or a demotion takes effect on the next request; a signed cookie cache would
      // keep a demoted admin in for minutes.
      cookieCache: { enabled: false },
    },
    hooks: endpointChecks(db),
    rateLimit: {
      enabled: true,
      window: 60,
      max: 120,
      customRules: AUTH_RATE_LIMITS,
      customStorage: { consume: (key, rule) => consumeRateLimit(db, key, rule) },
    },
    databaseHooks: userRecordChecks(db),
    onAPIError: { errorURL: GOOGLE_ERROR_PATH },
    advanced: {
      useSecureCookies: config.publicUrl?.startsWith("https://") ?? false,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // E-mails go out after the response, so how long sending takes says nothing about whether the
      // address has an account.
      backgroundTasks: {
        handler: (promise) => void promise.catch((error: unknown) => log.error({ err: error }, "auth background task failed")),
      },
    },
    logger: { level: "error" },
    telemetry: { enabled: false },
  });
}

/** E-mail + password accounts: the password's length, and the reset link's e-mail and its aftermath. */
function passwordAccounts(db: Database, config: AppConfig) {
  return {
    enabled: true,
    minPasswordLength: 8,
    maxPasswordLength: 128,
    autoSignIn: true,
    resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
    // Whoever knew the old password is signed out everywhere.
    revokeSessionsOnPasswordReset: true,
    // The link used was spent by Better Auth; every other link of the account stops working too,
    // so an older e-mail found later in an inbox cannot set the password again.
    onPasswordReset: async ({ user }: { user: User }) => {
      await forgetResetLinks(db, user.id);
    },
    sendResetPassword: async ({ user, token }: { user: User; token: string }) => {
      try {
        // The shop's confirmed public origin, never the Host of the request that asked for the link.
        const origin = await trustedPublicOrigin({ db, config });
        if (!origin) {
          log.error(
            "password reset e-mail not sent: the shop's public address is unknown (set PUBLIC_URL, or confirm the address in /admin/configuracoes); a link to a guessed host could hand the token to someone else",
          );
          return;
        }
        const settings = await getSettings(db);
        const link = resetLink(origin, token);
        const message = passwordResetEmail(settings, { name: user.name, email: user.email }, link, RESET_TOKEN_SECONDS);
        await emailOutbox(db, config).queue(message);
      } catch (error) {
        // The page answers the same whatever happens here, so the failure only goes to the log.
        log.error({ err: error }, "password reset e-mail not sent");
      }
    },
  } satisfies BetterAuthOptions["emailAndPassword"];
}

/**
 * An account works unconfirmed, as always; a proved address (the link sent at sign-up or again from
 * /conta, or Google's word for its own accounts) is what hands it the orders placed without an
 * account under that address: see claimOrdersOnceProved.
 */
function emailConfirmation(db: Database, config: AppConfig) {
  return {
    sendOnSignUp: true,
    sendOnSignIn: false,
    autoSignInAfterVerification: false,
    expiresIn: CONFIRMATION_TOKEN_SECONDS,
    sendVerificationEmail: async ({ user, token }: { user: User; token: string }) => {
      try {
        // As the reset link: only to the shop's confirmed public origin, never a guessed one.
        const origin = await trustedPublicOrigin({ db, config });
        if (!origin) {
          log.error("e-mail confirmation not sent: the shop's public address is unknown (set PUBLIC_URL, or confirm the address in /admin/configuracoes)");
          return;
        }
        const settings = await getSettings(db);
        const link = confirmationLink(origin, token);
        await emailOutbox(db, config).queue(emailConfirmationEmail(settings, { name: user.name, email: user.email }, link));
      } catch (error) {
        log.error({ err: error }, "e-mail confirmation not sent");
      }
    },
  } satisfies BetterAuthOptions["emailVerification"];
}

/**
 * Better Auth's own endpoints take new passwords too (sign-up, reset, change): the same rule as
 * our forms, so calling /api/auth directly does not get around it.
 */
function endpointChecks(db: Database) {
  return {
    before: createAuthMiddleware(async (ctx) => {
      refuseWeakNewPassword(ctx.path, ctx.body);
      refuseUnacceptableImage(ctx.path, ctx.body);
      // No "trust this device" for the code step: it is asked at every sign-in.
      refuseTrustDevice(ctx.path, ctx.body);
      // Two-factor sign-in is turned on by staff only (/conta/duas-etapas answers 403 to anyone
      // else); the HTTP API must not be a way around that.
      if (ctx.path === "/two-factor/enable") {
        const session = await getSessionFromCtx(ctx);
        if (session && session.user.role !== "admin") throw new APIError("FORBIDDEN", { message: "Acesso restrito à equipe da loja." });
      }
      // Per-account limits (sign-in, codes, reset e-mails) and the per-address one on sign-ups
      // that meet a registered e-mail; a reset request over its limit is answered here.
      return limitBeforeAttempt(db, ctx);
    }),
    after: createAuthMiddleware(async (ctx) => {
      await settleAttempt(db, ctx);
      // Each authenticator code signs in once, and Google sign-in asks for the code too.
      await twoFactorAfter(db, ctx);
    }),
  } satisfies BetterAuthOptions["hooks"];
}

/** What a user record must be, whichever way it is written (sign-up, Google, /conta, the HTTP API). */
function userRecordChecks(db: Database) {
  return {
    user: {
      create: {
        // Google names and pictures arrive unchecked; our forms and the hook above check what people type.
        // A NUL byte would fail the insert (a 500); names are one line (./plain-text).
        before: async (user: User) => ({
          data: { ...user, name: oneLine(user.name).slice(0, PROFILE_LIMITS.name), image: user.image && isAcceptableImage(user.image) ? user.image : null },
        }),
        // An account made by Google arrives with its address proved by Google.
        after: async (user: User) => claimOrdersOnceProved(db, user),
      },
      update: {
        // update-user is Better Auth's HTTP API as much as our /conta form's way in.
        before: async (user: Partial<User>) => {
          if (typeof user.name !== "string") return;
          const name = oneLine(user.name);
          if (name.length > PROFILE_LIMITS.name) throw new APIError("BAD_REQUEST", { message: "Name too long" });
          return { data: { ...user, name } };
        },
        // The confirmation link, or Google signing in to an account made with a password, proves it.
        after: async (user: User) => claimOrdersOnceProved(db, user),
      },
    },
  } satisfies BetterAuthOptions["databaseHooks"];
}

/** Guest orders under a proved address become the account's; a failure only goes to the log. */
async function claimOrdersOnceProved(db: Database, user: { id: string; email: string; emailVerified?: boolean | null }) {
  if (!user.emailVerified) return;
  try {
    const claimed = await claimGuestOrders(db, user);
    if (claimed > 0) log.info({ userId: user.id, claimed }, "guest orders joined to the account once its e-mail was proved");
  } catch (error) {
    log.error({ err: error, userId: user.id }, "guest orders not joined to the account");
  }
}

export type Auth = ReturnType<typeof createAuth>;

const NEW_PASSWORD_FIELDS: Record<string, string> = {
  "/sign-up/email": "password",
  "/reset-password": "newPassword",
  "/change-password": "newPassword",
  "/set-password": "newPassword",
};

/** Where an account's picture may point: an https address, or an image the shop serves itself. */
const IMAGE_MAX_BYTES = 2048;
const OUR_MEDIA_PATH = /^\/media\/[A-Za-z0-9][A-Za-z0-9._-]*$/;

export function isAcceptableImage(image: string): boolean {
  if (Buffer.byteLength(image) > IMAGE_MAX_BYTES) return false;
  if (OUR_MEDIA_PATH.test(image)) return !image.includes("..");
  // Written as typed: no spaces or control characters that a URL parser would quietly drop.
  if (!image.startsWith("https://") || /[\s\p{Cc}]/u.test(image)) return false;
  try {
    const url = new URL(image);
    return url.protocol === "https:" && url.hostname !== "" && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** Sign-up and profile updates through Better Auth's API take an `image`; a data: URL of megabytes is not one. */
function refuseUnacceptableImage(path: string, body: unknown) {
  if (path !== "/sign-up/email" && path !== "/update-user") return;
  const image = (body as { image?: unknown } | undefined)?.image;
  if (image === undefined || image === null) return;
  if (typeof image !== "string" || !isAcceptableImage(image)) {
    throw new APIError("BAD_REQUEST", { message: AUTH_MESSAGES.imageRefused, code: IMAGE_REFUSED_CODE });
  }
}

export const IMAGE_REFUSED_CODE = "IMAGE_REFUSED";

/** Better Auth keeps reset links as verification values "reset-password:<token>" holding the user id. */
async function forgetResetLinks(db: Database, userId: string) {
  await db.delete(verifications).where(and(like(verifications.identifier, "reset-password:%"), eq(verifications.value, userId)));
}

function refuseWeakNewPassword(path: string, body: unknown) {
  const field = NEW_PASSWORD_FIELDS[path];
  if (!field || !body || typeof body !== "object") return;
  const password = (body as Record<string, unknown>)[field];
  if (typeof password !== "string") return;
  const problem = passwordProblem(password);
  if (problem) throw new APIError("BAD_REQUEST", { message: problem, code: WEAK_PASSWORD_CODE });
}

/** The error code of a new password refused by our rule (./accounts.server.ts maps it to the field). */
export const WEAK_PASSWORD_CODE = "PASSWORD_REFUSED";

/** The page that sets the new password, on the shop's public origin. */
function resetLink(origin: string, token: string): string {
  const link = new URL("/redefinir-senha", origin);
  link.searchParams.set("token", token);
  return link.toString();
}

/**
 * BETTER_AUTH_SECRET, or the one generated on first start and kept in DATA_DIR/auth-secret, readable
 * by the app's user only. Losing it signs everyone out; it never needs to be typed anywhere.
 */
export function loadOrCreateAuthSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  const secret = readOrCreateSecretFile(file, () => `${randomBytes(32).toString("base64url")}\n`).trim();
  if (secret.length < 32) throw new Error(`${file}: the auth secret is too short; delete the file to make a new one`);
  return secret;
}
