import { sql } from "drizzle-orm";
import { rateLimits } from "#database/schema";
import type { Database, DatabaseOrTransaction } from "../db/database.server";
import { log } from "../log/logger.server";

export type RateLimitRule = { /** seconds */ window: number; max: number };
export type RateLimitResult = {
  allowed: boolean;
  /** seconds until the window frees up */
  retryAfter: number | null;
  /** attempts counted in the current window, this one included */
  count: number;
};

/**
 * Attempts per client IP per minute on the paths that guess or send something. Better Auth applies
 * them to its HTTP API (/api/auth/*) and our form actions to the same counters (same keys), so a
 * client cannot double its attempts by switching between the two.
 *
 * Shoppers on mobile data share addresses (carrier NAT puts thousands behind one), so these stay
 * per minute and never lock anything: at worst a shared address waits out the rest of a minute.
 * Ten sign-ins a minute from one address is far more than one shop's shoppers on one carrier address
 * make; what stops guessing one account's password from many addresses is ACCOUNT_LIMITS below.
 */
export const AUTH_RATE_LIMITS = {
  "/sign-in/email": { window: 60, max: 10 },
  "/sign-up/email": { window: 60, max: 10 },
  "/request-password-reset": { window: 60, max: 5 },
  "/reset-password": { window: 60, max: 10 },
  // The second step of sign-in (authenticator or backup code), and the password checks of turning
  // two-factor sign-in on and off and of making new backup codes.
  "/two-factor/verify-totp": { window: 60, max: 10 },
  "/two-factor/verify-backup-code": { window: 60, max: 10 },
  "/two-factor/enable": { window: 60, max: 10 },
  "/two-factor/disable": { window: 60, max: 10 },
  "/two-factor/generate-backup-codes": { window: 60, max: 10 },
} as const satisfies Record<string, RateLimitRule>;
export type RateLimitedPath = keyof typeof AUTH_RATE_LIMITS;

/**
 * Per account, whatever the address (./account-limits.server.ts). Wrong passwords, and wrong codes at
 * the second step of sign-in, each with its own counter:
 * - up to 10 failures in 15 minutes are answered as usual: a shopper who mistypes or tries their
 *   old passwords is never slowed down;
 * - from the 11th on, the account takes one attempt a minute (slow down);
 * - 20 failures lock the account's sign-in until its 15 minutes are over (at most 15 minutes).
 * An attacker gets at most 20 guesses per account per 15 minutes from any number of addresses, and can
 * keep a shopper out for 15 minutes at a time, never for good. Unknown e-mails are counted and locked
 * alike, so the lock tells nothing about who has an account.
 */
export const ACCOUNT_LIMITS = {
  failures: { window: 15 * 60, max: 20 },
  /** Failures in the window answered without slowing down. */
  freeFailures: 10,
  slowDown: { window: 60, max: 1 },
  /** Password reset e-mails per account: more would only fill someone's inbox; the page answers the same. */
  resetEmails: { window: 15 * 60, max: 3 },
} as const;

/**
 * Sign-ups per address answered "Este e-mail já está cadastrado" (the message stays: shoppers need
 * it). Past 10 in an hour every sign-up from the address is refused until the hour is over, so the
 * form cannot be used to list who shops here faster than 10 addresses an hour per client address.
 * A shopper who forgot having an account meets the message once or twice.
 */
export const SIGN_UP_TAKEN_EMAIL_LIMIT = { window: 60 * 60, max: 10 } as const satisfies RateLimitRule;

/** Counters older than this are deleted (longer than any window above or Better Auth's own). */
const PRUNE_AFTER_SECONDS = 3600;
const lastPruned = new WeakMap<Database, number>();

/**
 * One attempt against `key`, decided and counted in a single statement, so concurrent requests on
 * several app instances cannot all slip through on a stale read. Fixed windows on the database clock.
 */
export async function consumeRateLimit(db: Database, key: string, rule: RateLimitRule): Promise<RateLimitResult> {
  const [result] = await consumeRateLimitsInTransaction(db, [[key, rule]]);
  pruneOccasionally(db);
  return result!;
}

/**
 * consumeRateLimit of several keys inside a transaction, in one statement (one round trip while the
 * client's other orders wait for these rows): the attempts count only if the transaction commits (a
 * new order counts once it is recorded), and the counters' rows stay locked until then, taken in the
 * order given. The results in that order.
 */
export async function consumeRateLimitsInTransaction(
  tx: DatabaseOrTransaction,
  counters: readonly (readonly [key: string, rule: RateLimitRule])[],
): Promise<RateLimitResult[]> {
  if (counters.length === 0) return [];
  const windowOf = sql`make_interval(secs => (select c.secs from c where c.key = r.key))`;
  const { rows } = await tx.execute<{ key: string; count: number; retry_after: number }>(sql`
    with c as (
      select * from unnest(${sql.param(counters.map(([key]) => key))}::text[], ${sql.param(counters.map(([, rule]) => rule.window))}::integer[])
        with ordinality as c(key, secs, n)
    )
    insert into ${rateLimits} as r (key, count, window_start)
    select c.key, 1, now() from c order by c.n
    on conflict (key) do update set
      count = case when r.window_start <= now() - ${windowOf} then 1 else r.count + 1 end,
      window_start = case when r.window_start <= now() - ${windowOf} then now() else r.window_start end
    returning r.key, r.count, ceil(extract(epoch from (r.window_start + ${windowOf} - now())))::int as retry_after`);
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return counters.map(([key, rule]) => {
    const row = byKey.get(key);
    if (!row || row.count <= rule.max) return { allowed: true, retryAfter: null, count: row?.count ?? 1 };
    return { allowed: false, retryAfter: Math.max(1, row.retry_after), count: row.count };
  });
}

/** Whether `key` has used all of its window already, counting nothing; the seconds left when it has. */
export async function rateLimitReached(db: DatabaseOrTransaction, key: string, rule: RateLimitRule): Promise<{ retryAfter: number } | null> {
  const { rows } = await db.execute<{ retry_after: number }>(sql`
    select ceil(extract(epoch from (window_start + make_interval(secs => ${rule.window}) - now())))::int as retry_after
    from ${rateLimits} where key = ${key} and count >= ${rule.max} and window_start > now() - make_interval(secs => ${rule.window})`);
  return rows[0] ? { retryAfter: Math.max(1, rows[0].retry_after) } : null;
}

/**
 * Gives back one attempt taken by consumeRateLimit: for counters of failures, where an attempt is
 * counted before it is tried (so concurrent attempts cannot all get through) and handed back when it
 * turns out not to be a failure.
 */
export async function releaseRateLimit(db: Database, key: string): Promise<void> {
  await db.execute(sql`update ${rateLimits} set count = greatest(count - 1, 0) where key = ${key}`);
}

function pruneOccasionally(db: Database) {
  const now = Date.now();
  if (now - (lastPruned.get(db) ?? 0) < 60_000) return;
  lastPruned.set(db, now);
  db.execute(sql`delete from ${rateLimits} where window_start < now() - make_interval(secs => ${PRUNE_AFTER_SECONDS})`).catch(
    (error: unknown) => log.error({ err: error }, "rate limits: pruning old counters failed"),
  );
}
