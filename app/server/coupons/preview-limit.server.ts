// 'Aplicar' on a coupon answers whether a code exists: without a limit, a script could try codes until
// one works. A shopper tries a few; a carrier address shared by many shoppers (mobile NAT) still stays
// far below this. Counted in the database, so every app process shares the count.
import { consumeRateLimit, type RateLimitRule } from "../auth/rate-limit.server";
import type { Database } from "../db/database.server";

export const COUPON_PREVIEW_LIMIT = { window: 10 * 60, max: 60 } as const satisfies RateLimitRule;

export function tooManyCouponTriesMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Muitas tentativas de cupom seguidas. Tente de novo em ${minutes} minuto${minutes === 1 ? "" : "s"}.`;
}

/** One preview for the client address: null when allowed, else the seconds to wait. */
export async function takeCouponPreview(db: Database, clientAddress: string): Promise<number | null> {
  const { allowed, retryAfter } = await consumeRateLimit(db, `coupon-preview|${clientAddress}`, COUPON_PREVIEW_LIMIT);
  return allowed ? null : (retryAfter ?? COUPON_PREVIEW_LIMIT.window);
}
