// /api/entrega answers with an address for any CEP and, beyond the shop's towns, asks Melhor Envio
// (a paid account's quota, and up to seconds of waiting): without a limit a script could walk the
// CEPs or spend the quota. Counted per client address in the database (every process shares it); a
// shopper asks a few times per checkout (a CEP, a changed cart), and a carrier address shared by many
// shoppers (mobile NAT) stays far below this.
import { consumeRateLimit, type RateLimitRule } from "../auth/rate-limit.server";
import type { Database } from "../db/database.server";

export const DELIVERY_LOOKUP_LIMIT = { window: 10 * 60, max: 60 } as const satisfies RateLimitRule;

export function tooManyDeliveryLookupsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Muitas consultas de entrega seguidas. Tente de novo em ${minutes} minuto${minutes === 1 ? "" : "s"}, ou combine a entrega pelo WhatsApp.`;
}

/** One look-up for the client address; `retryAfter` in seconds when it is over the limit. */
export async function takeDeliveryLookup(db: Database, clientAddress: string): Promise<{ allowed: true } | { allowed: false; retryAfter: number }> {
  const { allowed, retryAfter } = await consumeRateLimit(db, `delivery-lookup|${clientAddress}`, DELIVERY_LOOKUP_LIMIT);
  return allowed ? { allowed: true } : { allowed: false, retryAfter: retryAfter ?? DELIVERY_LOOKUP_LIMIT.window };
}
