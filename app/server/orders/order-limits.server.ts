// How many new orders one client may place: enough that a family ordering a few times never notices,
// too few for a bot to fill the admin (one address once created 1,177 orders in 10 s). Counted per
// address and per phone number, in the database so every app process shares the counts. Shoppers on
// mobile data share addresses (carrier NAT), so the address limit is the looser one.
// How many is the owner's to change (AppConfig.orderLimits: ORDER_LIMIT_PER_ADDRESS, ORDER_LIMIT_PER_PHONE).
import type { AppConfig } from "../config.server";
import { consumeRateLimit, type RateLimitRule } from "../auth/rate-limit.server";
import { OrderRejectedError } from "./orders.server";

/** The windows of AppConfig.orderLimits, in seconds. */
const ADDRESS_WINDOW = 10 * 60;
const PHONE_WINDOW = 60 * 60;

export function tooManyOrdersMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Recebemos muitos pedidos seguidos. Tente de novo em ${minutes} minuto${minutes === 1 ? "" : "s"} ou fale com a loja pelo WhatsApp.`;
}

/** The same number however it was written, without the country code. */
function phoneKey(phone: string): string {
  return phone.replace(/\D/g, "").replace(/^55(?=\d{10,11}$)/, "");
}

/** Counts one new order for the client; throws OrderRejectedError (429) past a limit. */
export async function admitNewOrder(
  db: Parameters<typeof consumeRateLimit>[0],
  limits: AppConfig["orderLimits"],
  client: { address: string; phone: string | null },
) {
  const counters: [string, RateLimitRule][] = [[`order|address|${client.address}`, { window: ADDRESS_WINDOW, max: limits.perAddress }]];
  if (client.phone) counters.push([`order|phone|${phoneKey(client.phone)}`, { window: PHONE_WINDOW, max: limits.perPhone }]);
  for (const [key, rule] of counters) {
    const { allowed, retryAfter } = await consumeRateLimit(db, key, rule);
    if (!allowed) throw new OrderRejectedError(tooManyOrdersMessage(retryAfter ?? rule.window), 429, retryAfter);
  }
}
