// Holding an online order's units (docs/decisions/0023-stock-reserved-at-placing.md, 0025-stock-per-store.md):
// the stores they come from, and the take, last in the order's transaction.
import { eq, sql } from "drizzle-orm";
import { orderItems, orders } from "#database/orders-schema";
import type { ServingWhere } from "~/lib/stores/serving-store";
import { moveStoreUnits, StockShortageError, unitsByVariant } from "../catalog/stock-moves.server";
import { planOrderStores } from "./order-store.server";
import { lineName, OrderRejectedError, shortageMessage, type PricedLine, type Transaction } from "./order-lines.server";

/**
 * The stores the order's units come from (docs/decisions/0025-stock-per-store.md): a pick-up's store,
 * else the shopper's town, else the first store holding every line; lines no one store holds together
 * each from their own. Refused when no store holds enough of a line.
 */
export async function servingStoresFor(tx: Transaction, lines: PricedLine[], where: ServingWhere, { lock }: { lock: boolean }) {
  const plan = await planOrderStores(tx, unitsByVariant(lines), where, { lock });
  if (plan.ok) return plan;
  const line = lines.find((candidate) => candidate.variantId === plan.variantId)!;
  throw new OrderRejectedError(shortageMessage(lineName(line.name, line), plan.mostAtOneStore));
}

export type Serving = { storeId: number; storeOfVariant: Map<number, number> };

/**
 * Takes an online order's units from the stores planned without a lock. When another order took
 * from those shelves meanwhile, the stores are planned again, now with the products locked, the units
 * taken from those, and the order and its lines told where they come from. True when planned again.
 */
export async function holdUnitsOnline(tx: Transaction, order: { id: string; lines: PricedLine[]; serving: Serving; where: ServingWhere }): Promise<boolean> {
  try {
    await moveStoreUnits(tx, storeMovesOf(order.serving.storeOfVariant, order.lines));
    return false;
  } catch (error) {
    if (!(error instanceof StockShortageError)) throw error;
  }
  const serving = await servingStoresFor(tx, order.lines, order.where, { lock: true });
  await reserveUnits(tx, serving.storeOfVariant, order.lines);
  await tx.update(orders).set({ fulfillingStoreId: serving.storeId }).where(eq(orders.id, order.id));
  const variantIds = [...serving.storeOfVariant.keys()];
  await tx.execute(sql`
    update ${orderItems} i set store_location_id = planned.store_id
    from unnest(${sql.param(variantIds)}::integer[], ${sql.param(variantIds.map((variantId) => serving.storeOfVariant.get(variantId)!))}::integer[]) as planned(variant_id, store_id)
    where i.order_id = ${order.id} and i.variant_id = planned.variant_id`);
  return true;
}

function storeMovesOf(storeOfVariant: ReadonlyMap<number, number>, lines: PricedLine[]) {
  return [...unitsByVariant(lines)].map(([variantId, units]) => ({ variantId, storeId: storeOfVariant.get(variantId)!, delta: -units }));
}

/**
 * The order holds its units from the moment it is placed (docs/decisions/0023-stock-reserved-at-placing.md):
 * they leave their stores' shelves in this transaction, all or nothing, so of ten shoppers racing for
 * the last pair one order is recorded and nine are told how many are left. priceLines read the stock
 * without a lock; this is the check that counts.
 */
export async function reserveUnits(tx: Transaction, storeOfVariant: ReadonlyMap<number, number>, lines: PricedLine[]): Promise<void> {
  try {
    await moveStoreUnits(tx, storeMovesOf(storeOfVariant, lines));
  } catch (error) {
    if (!(error instanceof StockShortageError)) throw error;
    const [short] = error.shortages;
    throw new OrderRejectedError(shortageMessage(lineName(short!.productName, { size: short!.size || null, color: short!.color || null }), short!.available));
  }
}

