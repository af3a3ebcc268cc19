// An order's units on the shelf of its store: taken when it is placed, given back when it is cancelled
// (the status rule in ./admin-order-changes.server.ts) or when its Pix charge expires unpaid, taken
// again when the shopper asks for a new Pix. `orders.stock_applied` says which side of the shelf they
// are on, so every path takes or gives back at most once. Each line's units are held at its store
// (order_items.store_location_id: the order's store; older orders, the product's own store).
import { eq, sql } from "drizzle-orm";
import { orderItems, orders } from "#database/schema";
import { moveStoreUnits, StockShortageError, type StockMove, type StockShortage } from "../catalog/stock-moves.server";
import type { DatabaseOrTransaction } from "../db/database.server";

/** The order's lines with the store that holds (or would hold) their units. */
export async function orderLinesAtStores(tx: DatabaseOrTransaction, orderId: string) {
  const rows = await tx
    .select({
      variantId: orderItems.variantId,
      quantity: orderItems.quantity,
      storeId: sql<number | null>`coalesce(${orderItems.storeLocationId}, ${orders.fulfillingStoreId}, erick_product_home_store(${orderItems.productId}))`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orderItems.orderId, orderId));
  return rows.flatMap((row) => (row.variantId === null || row.storeId === null ? [] : [{ variantId: row.variantId, quantity: row.quantity, storeId: Number(row.storeId) }]));
}

/** Takes the order's units from (or gives them back to) the shelves of its lines' stores. */
export async function moveOrderStock(tx: DatabaseOrTransaction, orderId: string, direction: "take" | "return"): Promise<StockMove[]> {
  const sign = direction === "take" ? -1 : 1;
  const lines = await orderLinesAtStores(tx, orderId);
  return moveStoreUnits(tx, lines.map((line) => ({ variantId: line.variantId, storeId: line.storeId, delta: sign * line.quantity })));
}

/** An unpaid pending order whose Pix expired: its units go back to the shelf; it stays pending. */
export async function releaseUnpaidOrderStock(tx: DatabaseOrTransaction, orderId: string): Promise<boolean> {
  const [order] = await tx.select({ status: orders.status, stockApplied: orders.stockApplied }).from(orders).where(eq(orders.id, orderId)).for("update");
  if (!order || order.status !== "pending" || !order.stockApplied) return false;
  await moveOrderStock(tx, orderId, "return");
  await tx.update(orders).set({ stockApplied: false, updatedAt: sql`now()` }).where(eq(orders.id, orderId));
  return true;
}

/** Before a new Pix for an expired order: its units again, or what the shelf lacks (nothing changes then). */
export async function retakeOrderStock(tx: DatabaseOrTransaction, orderId: string): Promise<{ ok: true } | { ok: false; message: string; shortages: StockShortage[] }> {
  const [order] = await tx.select({ status: orders.status, stockApplied: orders.stockApplied }).from(orders).where(eq(orders.id, orderId)).for("update");
  if (!order || order.status !== "pending") return { ok: false, message: "Este pedido não aceita mais pagamento.", shortages: [] };
  if (order.stockApplied) return { ok: true };
  try {
    await moveOrderStock(tx, orderId, "take");
  } catch (error) {
    if (error instanceof StockShortageError) return { ok: false, message: error.message, shortages: error.shortages };
    throw error;
  }
  await tx.update(orders).set({ stockApplied: true, updatedAt: sql`now()` }).where(eq(orders.id, orderId));
  return { ok: true };
}
