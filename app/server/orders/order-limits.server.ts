// How many new orders one client may place: enough that a family ordering a few times never notices,
// too few for a bot to fill the admin (one address once created 1,177 orders in 10 s). Counted per
// address and per phone number, in the database so every app process shares the counts. Shoppers on
// mobile data share addresses (carrier NAT), so the address limit is the looser one.
// How many is the owner's to change (AppConfig.orderLimits: ORDER_LIMIT_PER_ADDRESS, ORDER_LIMIT_PER_PHONE).
//
// A shopper's order also takes at most what a household buys (the settings' maxUnitsPerLine and
// maxUnitsPerOrder), and one phone or one address holds at most so many units at once in pending orders
// (AppConfig.orderLimits.heldUnits: ORDER_LIMIT_HELD_UNITS): docs/decisions/0027-bounded-holds.md. A
// counter sale is not a shopper's order and never comes here.
import { sql } from "drizzle-orm";
import { clientHeldUnits, orders } from "#database/orders-schema";
import { phoneKey } from "~/lib/format/phone";
import type { Settings } from "~/lib/group/settings";
import { tooManyHeldMessage, tooManyOfOneItemMessage, tooManyUnitsMessage } from "~/lib/holds/order-limit-messages";
import type { AppConfig } from "../config.server";
import { consumeRateLimitsInTransaction, rateLimitReached, type RateLimitRule } from "../auth/rate-limit.server";
import type { Database, DatabaseOrTransaction } from "../db/database.server";
import { lineName, OrderRejectedError, type AdmittedLine } from "./order-lines.server";
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
 * Admits one new order of a shopper, in the order's transaction (placeOrder's `admitNewOrder`):
 * retries of a submission that get its order back count nothing. Throws OrderRejectedError, which
 * undoes the order and the counts: past the number of orders (429, with the seconds to wait), past
 * the household caps, or past the units its phone or address may hold at once.
 */
export async function admitNewOrder(
  tx: DatabaseOrTransaction,
  limits: AppConfig["orderLimits"],
  settings: Settings,
  client: { address: string; phone: string | null },
  order: { id: string; lines: readonly AdmittedLine[] },
) {
  const counters = orderCounters(limits, client);
  const counted = await consumeRateLimitsInTransaction(tx, counters);
  counted.forEach(({ allowed, retryAfter }, index) => {
    const rule = counters[index]![1];
    if (!allowed) throw new OrderRejectedError(tooManyOrdersMessage(retryAfter ?? rule.window), 429, retryAfter ?? rule.window);
  });
  checkHouseholdCaps(settings, order.lines);
  if (limits.heldUnits !== undefined) await checkUnitsHeld(tx, limits.heldUnits, client, order);
}

/** One size × colour (lines of the same one add up), and the whole order, within the owner's caps. */
function checkHouseholdCaps(settings: Settings, lines: readonly AdmittedLine[]) {
  const byVariant = new Map<number, { line: AdmittedLine; units: number }>();
  for (const line of lines) {
    const seen = byVariant.get(line.variantId);
    byVariant.set(line.variantId, { line, units: (seen?.units ?? 0) + line.quantity });
  }
  for (const { line, units } of byVariant.values()) {
    if (units > settings.maxUnitsPerLine) throw new OrderRejectedError(tooManyOfOneItemMessage(lineName(line.name, line), settings.maxUnitsPerLine));
  }
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  if (units > settings.maxUnitsPerOrder) throw new OrderRejectedError(tooManyUnitsMessage(units, settings.maxUnitsPerOrder));
}

/**
 * The units the client's address, and its phone, hold at once in pending orders, this one included,
 * within `max`. The order is counted by naming its client and units: a trigger adds them to the
 * client's rows of client_held_units (migration 0056; address first, then phone) and takes them back
 * whenever the order leaves "pending with its units held", whatever path moves it. Those rows stay
 * locked by this transaction until it commits, so concurrent orders from one client are counted one
 * after the other: of six sent at once, those past the limit are refused, whatever their timing. Two
 * short statements while the client's other orders wait (docs/benchmarks.md, "The checkout under
 * load"), where a sum over all of the client's pending orders used to run.
 */
async function checkUnitsHeld(
  tx: DatabaseOrTransaction,
  max: number,
  client: { address: string; phone: string | null },
  order: { id: string; lines: readonly AdmittedLine[] },
) {
  const units = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  const keys = heldUnitsKeys(client);
  await tx.execute(sql`update ${orders} set client_address = ${client.address}, held_units = ${units} where id = ${order.id}`);
  const { rows } = await tx.execute<{ key: string; units: number }>(sql`select key, units from ${clientHeldUnits} where key = any(${sql.param(keys.map(([, key]) => key))}::text[])`);
  // The address first, as the old sums were checked: its refusal names the connection.
  for (const [kind, key] of keys) {
    const byOthers = Number(rows.find((row) => row.key === key)?.units ?? units) - units;
    if (byOthers + units > max) throw new OrderRejectedError(tooManyHeldMessage(kind, byOthers, max));
  }
}

/** The client's rows in client_held_units, as migration 0056's trigger names them: the address's, and the phone's when there is one. */
function heldUnitsKeys(client: { address: string; phone: string | null }): [kind: "address" | "phone", key: string][] {
  const phone = client.phone ? phoneKey(client.phone) : "";
  const address: [kind: "address", key: string] = ["address", `address|${client.address}`];
  return phone ? [address, ["phone", `phone|${phone}`]] : [address];
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
