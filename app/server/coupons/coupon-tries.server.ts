// Every answer about a coupon code tells whether it exists: 'Aplicar' (/api/cupom), and the checkout
// and the cart's quick order refusing a code. Without a limit a script could try codes until one
// works (499 unknown codes were once answered in 11.7 s from one address). So codes that do not apply
// are counted per client address, one allowance for all three paths; a code that applies costs
// nothing, so a shopper whose cart re-checks their coupon at every change is never limited. A shopper
// mistypes a few; a carrier address shared by many shoppers (mobile NAT) still stays far below this.
// Counted in the database, so every app process shares the count.
import { consumeRateLimit, releaseRateLimit, type RateLimitRule } from "../auth/rate-limit.server";
import type { Database } from "../db/database.server";

export const COUPON_TRY_LIMIT = { window: 10 * 60, max: 60 } as const satisfies RateLimitRule;

export function tooManyCouponTriesMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Muitas tentativas de cupom seguidas. Tente de novo em ${minutes} minuto${minutes === 1 ? "" : "s"}.`;
}

export type CouponTry = { allowed: true; /** The code applied: the try is not counted. */ giveBack: () => Promise<void> } | { allowed: false; retryAfter: number };

/**
 * One try at a code for the client address, taken before the code is looked at (so concurrent tries
 * cannot all slip past the limit) and given back when the code turns out to apply.
 */
export async function takeCouponTry(db: Database, clientAddress: string): Promise<CouponTry> {
  const key = `coupon-try|${clientAddress}`;
  const { allowed, retryAfter } = await consumeRateLimit(db, key, COUPON_TRY_LIMIT);
  if (!allowed) return { allowed: false, retryAfter: retryAfter ?? COUPON_TRY_LIMIT.window };
  return { allowed: true, giveBack: () => releaseRateLimit(db, key) };
}
