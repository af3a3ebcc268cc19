// Limits per account, on top of the per-address ones (the numbers, and why, are in
// ./rate-limit.server.ts). They run as Better Auth hooks, so that our pages (auth.api.*) and its HTTP
// API under /api/auth count alike, whatever address the attempts come from:
//
// - password sign-in, per e-mail (known or not): slowed down, then locked for the rest of 15 minutes;
// - the code step of two-factor sign-in (authenticator or backup code), per account, the same way;
// - password reset e-mails, per e-mail: past the limit nothing is sent and the answer is the same;
// - sign-ups answered "e-mail already registered", per address: past the limit every sign-up from
//   the address waits, so the answer cannot be used to list who has an account.
//
// A failure is counted before the attempt is tried (one statement decides, so concurrent attempts
// cannot all slip through) and given back after it when it was not a failure: a right password or
// code, or a sign-up with a new e-mail.
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { APIError, type createAuthMiddleware, getIP, getSessionFromCtx, isAPIError } from "better-auth/api";
import { twoFactors } from "#database/schema";
import { accountLockedMessage, tryAgainLaterMessage } from "~/lib/account/account.schema";
import type { Database } from "../db/database.server";
import { ACCOUNT_LIMITS, consumeRateLimit, releaseRateLimit, SIGN_UP_TAKEN_EMAIL_LIMIT } from "./rate-limit.server";

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The error code of an account whose sign-in is slowed down or locked (accounts.server.ts, two-factor.server.ts). */
export const ACCOUNT_LOCKED_CODE = "ACCOUNT_SIGN_IN_LOCKED";
/** The error code of a sign-up refused because the address met too many registered e-mails. */
export const SIGN_UP_PAUSED_CODE = "SIGN_UP_PAUSED";

const CODE_STEPS = new Set(["/two-factor/verify-totp", "/two-factor/verify-backup-code"]);
const EMAIL_TAKEN_CODES = new Set(["USER_ALREADY_EXISTS", "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL"]);

/** What Better Auth answers a reset request, for an address with an account or without one. */
const RESET_REQUESTED = { status: true, message: "If this email exists in our system, check your email for the reset link" };

// E-mails go into the counters' keys hashed: the table holds no addresses, and any length fits.
const emailKey = (kind: string, email: string) => `account-${kind}|${createHash("sha256").update(email.trim().toLowerCase()).digest("hex")}`;
const signInKey = (email: string) => emailKey("sign-in", email);
const resetEmailKey = (email: string) => emailKey("reset-email", email);
const codeStepKey = (userId: string) => `account-code|${userId}`;
const signUpTakenKey = (ctx: HookContext) => `sign-up-email-taken|${getIP(ctx.request ?? ctx.headers ?? new Headers(), ctx.context.options) ?? "no-trusted-ip"}`;

function emailOf(body: unknown): string | null {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === "string" && email.trim() ? email : null;
}

/**
 * Before Better Auth's endpoint runs. Throws the refusal (429) of a paused account or address; for a
 * reset request over the account's limit, returns the answer Better Auth would have given, which
 * ends the request there (no e-mail, no new link).
 */
export async function limitBeforeAttempt(db: Database, ctx: HookContext): Promise<typeof RESET_REQUESTED | undefined> {
  if (ctx.path === "/sign-in/email") {
    const email = emailOf(ctx.body);
    if (email) await countFailureAhead(db, signInKey(email));
  } else if (CODE_STEPS.has(ctx.path)) {
    const userId = await codeStepUser(db, ctx);
    if (userId) await countFailureAhead(db, codeStepKey(userId));
  } else if (ctx.path === "/sign-up/email") {
    const taken = await consumeRateLimit(db, signUpTakenKey(ctx), SIGN_UP_TAKEN_EMAIL_LIMIT);
    if (!taken.allowed) throw refusal(SIGN_UP_PAUSED_CODE, tryAgainLaterMessage(Math.ceil(taken.retryAfter! / 60)), taken.retryAfter!);
  } else if (ctx.path === "/request-password-reset") {
    const email = emailOf(ctx.body);
    if (email && !(await consumeRateLimit(db, resetEmailKey(email), ACCOUNT_LIMITS.resetEmails)).allowed) return RESET_REQUESTED;
  }
  return undefined;
}

/** After Better Auth's endpoint: gives back what limitBeforeAttempt counted when it was no failure. */
export async function settleAttempt(db: Database, ctx: HookContext): Promise<void> {
  const returned = ctx.context.returned;
  const failed = isAPIError(returned);
  if (ctx.path === "/sign-in/email") {
    const email = emailOf(ctx.body);
    if (email && !failed) await releaseRateLimit(db, signInKey(email));
  } else if (CODE_STEPS.has(ctx.path)) {
    const userId = ctx.context.newSession?.user.id ?? ctx.context.session?.user.id;
    if (userId && !failed) await releaseRateLimit(db, codeStepKey(userId));
  } else if (ctx.path === "/sign-up/email") {
    const code = failed ? (returned.body as { code?: unknown } | undefined)?.code : undefined;
    if (!EMAIL_TAKEN_CODES.has(code as string)) await releaseRateLimit(db, signUpTakenKey(ctx));
  }
}

/**
 * Counts one failure of the account ahead of the attempt. The first ACCOUNT_LIMITS.freeFailures in
 * the window pass; after them one attempt a minute does; past ACCOUNT_LIMITS.failures.max none does
 * until the window is over.
 */
async function countFailureAhead(db: Database, key: string): Promise<void> {
  const failures = await consumeRateLimit(db, key, ACCOUNT_LIMITS.failures);
  if (failures.allowed && failures.count <= ACCOUNT_LIMITS.freeFailures) return;
  const slow = failures.allowed ? await consumeRateLimit(db, `${key}|slow`, ACCOUNT_LIMITS.slowDown) : null;
  if (slow?.allowed) return;
  // Refused untried, so no failure: the count stays what was tried (or is being tried right now).
  await releaseRateLimit(db, key);
  throw locked(slow ? slow.retryAfter! : failures.retryAfter!);
}

/**
 * The account a code is sent for: the signed-in user (confirming a setup), or the one the pending
 * sign-in's cookie names. Null when there is neither (the plugin refuses those) or while the plugin's
 * own lock holds the account (it refuses the code unchecked, so that is no guess to count).
 */
async function codeStepUser(db: Database, ctx: HookContext): Promise<string | null> {
  const session = await getSessionFromCtx(ctx).catch(() => null);
  let userId = session?.user.id ?? null;
  if (!userId) {
    const cookie = ctx.context.createAuthCookie("two_factor");
    const pending = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
    if (!pending) return null;
    userId = (await ctx.context.internalAdapter.findVerificationValue(pending))?.value ?? null;
    if (!userId) return null;
  }
  const [row] = await db.select({ lockedUntil: twoFactors.lockedUntil }).from(twoFactors).where(eq(twoFactors.userId, userId));
  return row?.lockedUntil && row.lockedUntil > new Date() ? null : userId;
}

function locked(retryAfterSeconds: number): APIError {
  return refusal(ACCOUNT_LOCKED_CODE, accountLockedMessage(Math.ceil(retryAfterSeconds / 60)), retryAfterSeconds);
}

function refusal(code: string, message: string, retryAfterSeconds: number): APIError {
  return new APIError("TOO_MANY_REQUESTS", { message, code }, { "Retry-After": String(retryAfterSeconds) });
}
