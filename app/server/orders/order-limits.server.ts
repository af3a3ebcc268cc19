// How many new orders one client may place: enough that a family ordering a few times never notices,
// too few for a bot to fill the admin (one address once created 1,177 orders in 10 s). Counted per
// address and per phone number, in the database so every app process shares the counts. Shoppers on
// mobile data share addresses (carrier NAT), so the address limit is the looser one.
// How many is the owner's to change (AppConfig.orderLimits: ORDER_LIMIT_PER_ADDRESS, ORDER_LIMIT_PER_PHONE).
import { phoneKey } from "~/lib/format/phone";
import type { AppConfig } from "../config.server";
import { consumeRateLimitInTransaction, rateLimitReached, type RateLimitRule } from "../auth/rate-limit.server";
import type { Database, DatabaseOrTransaction } from "../db/database.server";
import { OrderRejectedError } from "./order-placing.server";
import { takeCouponTry, tooManyCouponTriesMessage } from "../coupons/coupon-tries.server";
import { SEND_WITHOUT_COUPON } from "~/lib/coupons/coupons";

/** The windows of AppConfig.orderLimits, in seconds. */
const ADDRESS_WINDOW = 10 * 60;
const PHONE_WINDOW = 60 * 60;

export function tooManyOrdersMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Recebemos muitos pedidos seguidos. Tente de novo em ${minutes} minuto${minutes === 1 ? "" : "s"} ou fale com a loja pelo WhatsApp.`;
}

function orderCounters(limits: AppConfig["orderLimits"], client: { address: string; phone: string | null }): [string, RateLimitRule][] {
  const counters: [string, RateLimitRule][] = [[`order|address|${client.address}`, { window: ADDRESS_WINDOW, max: limits.perAddress }]];
  if (client.phone) counters.push([`order|phone|${phoneKey(client.phone)}`, { window: PHONE_WINDOW, max: limits.perPhone }]);
  return counters;
}

/**
 * Refuses (OrderRejectedError, 429) a client already at its order limits, counting nothing: for work
 * done before the order's transaction that costs the shop (a carrier quote), so a client refused
 * anyway never spends it. The order still counts in its transaction (admitNewOrder).
 */
export async function checkOrderLimits(db: DatabaseOrTransaction, limits: AppConfig["orderLimits"], client: { address: string; phone: string | null }) {
  for (const [key, rule] of orderCounters(limits, client)) {
    const reached = await rateLimitReached(db, key, rule);
    if (reached) throw new OrderRejectedError(tooManyOrdersMessage(reached.retryAfter), 429, reached.retryAfter);
  }
}

/**
 * Counts one new order for the client, in the order's transaction (placeOrder's `admitNewOrder`):
 * retries of a submission that get its order back count nothing. Throws OrderRejectedError (429,
 * with the seconds to wait) past a limit, which undoes the order and the count.
 */
export async function admitNewOrder(
  tx: DatabaseOrTransaction,
  limits: AppConfig["orderLimits"],
  client: { address: string; phone: string | null },
) {
  for (const [key, rule] of orderCounters(limits, client)) {
    const { allowed, retryAfter } = await consumeRateLimitInTransaction(tx, key, rule);
    if (!allowed) throw new OrderRejectedError(tooManyOrdersMessage(retryAfter ?? rule.window), 429, retryAfter ?? rule.window);
  }
}

/**
 * One try from the client address's allowance of coupon codes (../coupons/coupon-tries.server.ts),
 * shared with 'Aplicar': past it the order is refused (429, with the seconds to wait) before the code
 * is looked at, and the shopper is told the order can go without the coupon.
 */
export async function admitCouponTry(db: Database, clientAddress: string): Promise<{ giveBack: () => Promise<void> }> {
  const taken = await takeCouponTry(db, clientAddress);
  if (!taken.allowed) throw new OrderRejectedError(`${tooManyCouponTriesMessage(taken.retryAfter)} ${SEND_WITHOUT_COUPON}`, 429, taken.retryAfter);
  return taken;
}
