// What Better Auth's twoFactor plugin leaves out, added as an after-hook of its endpoints so that our
// pages (auth.api.*) and the HTTP API under /api/auth behave alike:
//
// - Each authenticator code signs in once. The plugin takes the code of the previous, the current
//   and the next 30-second step, and the same code again for as long as it is valid: a code seen over
//   a shoulder or caught on its way would sign in a second time.
// - Google sign-in asks for the code too. The plugin stops the e-mail + password sign-in only; an
//   admin with two-factor sign-in on whose address also signs in with Google (admins' addresses
//   count as verified, so Google joins the account) would get in with Google alone. After the OAuth
//   callback this does what the plugin does after a right password: the new session goes, a pending
//   sign-in with the plugin's "two_factor" cookie takes its place, and the browser goes to
//   /login/verificacao, where a code (or a backup code) finishes it. The pending sign-in is written
//   as the plugin's verify endpoints read it (a "2fa-…" verification naming the user and a
//   "2fa-attempts-…" counter): were a Better Auth update to change that, the code step would refuse
//   it and send the browser back to /login, never let it in without a code (tests/e2e/two-factor.spec.ts).
//
// And, as a before-hook (refuseTrustDevice), what the plugin offers that we do not: `trustDevice: true`
// on a code step would set a "trust_device" cookie that lets that browser skip the code for 30 days.
// Our code step never asks for it; an admin's second step is asked at every sign-in.
import { APIError, type createAuthMiddleware, isAPIError } from "better-auth/api";
import { deleteSessionCookie } from "better-auth/cookies";
import { generateRandomString } from "better-auth/crypto";
import { safeRedirectPath } from "~/lib/pages/safe-redirect";
import { signInCodePath } from "~/lib/account/two-factor.schema";
import type { Database } from "../db/database.server";
import { consumeRateLimit } from "./rate-limit.server";

/** The error code of a sign-in with an authenticator code that already signed in (two-factor.server.ts). */
export const CODE_ALREADY_USED = "TOTP_CODE_ALREADY_USED";

/** Better Auth's OAuth callback, for Google and for the provider the browser tests register under its id. */
const OAUTH_CALLBACKS = new Set(["/callback/:id"]);
/** As long as the plugin gives a pending password sign-in (its default). */
const PENDING_SECONDS = 10 * 60;
/** Previous, current and next 30-second step: how long the plugin takes one code. */
const CODE_VALID_SECONDS = 90;

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The plugin's code steps, each of which takes `trustDevice`. */
const CODE_STEPS = new Set(["/two-factor/verify-totp", "/two-factor/verify-backup-code", "/two-factor/verify-otp"]);
const TRUST_DEVICE_REFUSED = "TRUST_DEVICE_NOT_ALLOWED";

/**
 * Refused rather than dropped, before the plugin runs: the code is not spent and the pending sign-in
 * keeps its attempts, and whoever asked learns that this server trusts no device.
 */
export function refuseTrustDevice(path: string, body: unknown) {
  if (CODE_STEPS.has(path) && (body as { trustDevice?: unknown } | undefined)?.trustDevice) {
    throw new APIError("BAD_REQUEST", { message: "Este site pede o código a cada entrada: trustDevice não é aceito.", code: TRUST_DEVICE_REFUSED });
  }
}

/** Part of Better Auth's after-hook (auth.server.ts), for every endpoint. */
export async function twoFactorAfter(db: Database, ctx: HookContext): Promise<void> {
  if (ctx.path === "/two-factor/verify-totp") await claimCodeOnce(db, ctx);
  else if (OAUTH_CALLBACKS.has(ctx.path)) await askCodeAfterOAuth(ctx);
}

async function claimCodeOnce(db: Database, ctx: HookContext) {
  // A session made means the code was right: a sign-in, or the first code of a setup.
  const signedIn = ctx.context.newSession;
  const code = (ctx.body as { code?: unknown } | undefined)?.code;
  if (!signedIn || isAPIError(ctx.context.returned) || typeof code !== "string") return;
  // The first use claims the code for as long as it is valid, per account, in the attempt counters'
  // table: one statement decides, so two requests racing with the same code cannot both win.
  const { allowed } = await consumeRateLimit(db, `two-factor-code|${signedIn.user.id}|${code}`, { window: CODE_VALID_SECONDS, max: 1 });
  // Confirming a setup (signed in already) only claims the code, so that it cannot sign in afterwards.
  if (allowed || ctx.context.session) return;
  // A replay: the plugin has made the session and ended the pending sign-in by now; the session goes too.
  deleteSessionCookie(ctx, true);
  await ctx.context.internalAdapter.deleteSession(signedIn.session.token);
  ctx.context.setNewSession(null);
  throw new APIError("UNAUTHORIZED", { message: "This code was already used", code: CODE_ALREADY_USED });
}

async function askCodeAfterOAuth(ctx: HookContext) {
  const signedIn = ctx.context.newSession;
  if (!(signedIn?.user as { twoFactorEnabled?: boolean | null } | undefined)?.twoFactorEnabled) return;

  deleteSessionCookie(ctx, true);
  await ctx.context.internalAdapter.deleteSession(signedIn!.session.token);
  ctx.context.setNewSession(null);

  const identifier = `2fa-${generateRandomString(20)}`;
  const expiresAt = new Date(Date.now() + PENDING_SECONDS * 1000);
  await ctx.context.internalAdapter.createVerificationValue({ identifier, value: signedIn!.user.id, expiresAt });
  await ctx.context.internalAdapter.createVerificationValue({ identifier: `2fa-attempts-${identifier}`, value: "0", expiresAt });
  const cookie = ctx.context.createAuthCookie("two_factor", { maxAge: PENDING_SECONDS });
  await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes);

  // The callback was sending the browser to the page it came from (the redirectTo of /login).
  const returned = ctx.context.returned;
  const location = isAPIError(returned) ? new Headers(returned.headers ?? undefined).get("location") : null;
  throw ctx.redirect(signInCodePath(safeRedirectPath(location ? pathOf(location) : null)));
}

function pathOf(location: string): string {
  const url = new URL(location, "http://localhost");
  return `${url.pathname}${url.search}`;
}
