import { sql } from "drizzle-orm";
import { rateLimits } from "#database/schema";
import type { Database } from "../db/database.server";

export type RateLimitRule = { /** seconds */ window: number; max: number };
export type RateLimitResult = { allowed: boolean; /** seconds until the window frees up */ retryAfter: number | null };

/**
 * Attempts per client IP per minute on the paths that guess or send something. Better Auth applies
 * them to its HTTP API (/api/auth/*) and our form actions to the same counters (same keys), so a
 * client cannot double its attempts by switching between the two.
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

/** Counters older than this are deleted (longer than any window above or Better Auth's own). */
const PRUNE_AFTER_SECONDS = 3600;
const lastPruned = new WeakMap<Database, number>();

/**
 * One attempt against `key`, decided and counted in a single statement, so concurrent requests on
 * several app instances cannot all slip through on a stale read. Fixed windows on the database clock.
 */
export async function consumeRateLimit(db: Database, key: string, rule: RateLimitRule): Promise<RateLimitResult> {
  const window = sql`make_interval(secs => ${rule.window})`;
  const result = await db.execute<{ count: number; retry_after: number }>(sql`
    insert into ${rateLimits} as r (key, count, window_start) values (${key}, 1, now())
    on conflict (key) do update set
      count = case when r.window_start <= now() - ${window} then 1 else r.count + 1 end,
      window_start = case when r.window_start <= now() - ${window} then now() else r.window_start end
    returning r.count, ceil(extract(epoch from (r.window_start + ${window} - now())))::int as retry_after
  `);
  pruneOccasionally(db);
  const row = result.rows[0];
  if (!row || row.count <= rule.max) return { allowed: true, retryAfter: null };
  return { allowed: false, retryAfter: Math.max(1, row.retry_after) };
}

function pruneOccasionally(db: Database) {
  const now = Date.now();
  if (now - (lastPruned.get(db) ?? 0) < 60_000) return;
  lastPruned.set(db, now);
  db.execute(sql`delete from ${rateLimits} where window_start < now() - make_interval(secs => ${PRUNE_AFTER_SECONDS})`).catch(
    (error: unknown) => console.error("[rate-limit] pruning old counters:", error),
  );
}
