// The stores that serve an online order (docs/decisions/0025-stock-per-store.md, the rule in
// app/lib/stores/serving-store.ts), among those that serve online. Read with the products locked, so
// the shelves it reads are the ones the order then takes from.
import { asc, eq, sql } from "drizzle-orm";
import { orderItems, orders, storeLocations } from "#database/schema";
import { isOrderStatus } from "~/lib/orders/order-status";
import { planServingStores, type ServingPlan } from "~/lib/stores/serving-store";
import type { OrderStoreView } from "~/lib/stores/store-stock";
import { lockStockOf, moveStoreUnits, StockShortageError, type StockMove, type UnitsByVariant } from "../catalog/stock-moves.server";
import type { Database, DatabaseOrTransaction } from "../db/database.server";
import { recordAdminChange, type AuditActor } from "../group/audit-log.server";
import { orderMovedNotice } from "../notifications/new-order-push.server";
import { deliverPushesSoon, queueStaffPush } from "../notifications/push-queue.server";
import { notifyOrderEvent } from "./order-events.server";
import { orderLinesAtStores } from "./order-stock.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The plan for these units (variant id → units, in the lines' order), with their products locked. */
export async function planOrderStores(
  tx: DatabaseOrTransaction,
  wanted: UnitsByVariant,
  where: { town: string | null; pickupStoreId: number | null },
): Promise<ServingPlan> {
  const variantIds = [...wanted.keys()];
  await lockStockOf(tx, variantIds);
  // The stores and their units in one round trip: the products are locked from here to the commit.
  const { rows } = await tx.execute<{ id: number; city: string; units: Record<string, number> | null }>(sql`
    select l.id, l.city,
      (select json_object_agg(s.variant_id, s.units) from variant_stock s
        where s.store_location_id = l.id and s.variant_id = any(${sql.param(variantIds)}::integer[])) as units
    from ${storeLocations} l
    where l.serves_online
    order by l.position, l.id`);
  const shelves = rows.map((store) => ({
    id: Number(store.id),
    city: store.city,
    units: new Map(variantIds.map((variantId) => [variantId, Number(store.units?.[variantId] ?? 0)])),
  }));
  return planServingStores(shelves, wanted, where);
}

export type OrderStoreChange =
  | { ok: true; changed: boolean }
  | { ok: false; status: 400 | 404 | 409; message: string };

/**
 * The order window's 'Loja que atende': the order (every line) is served from `storeId` from now on.
 * When the order holds its units they move in this transaction: back to each line's store, off the new
 * store's shelf, all or nothing ("A loja … não tem …" and nothing changes). Audited with both stores'
 * units before and after.
 */
export async function moveOrderToStore(db: Database, orderId: string, storeId: number, actor: AuditActor): Promise<OrderStoreChange> {
  if (!UUID.test(orderId)) return { ok: false, status: 404, message: "Pedido não encontrado" };
  const change = await db.transaction(async (tx): Promise<OrderStoreChange> => {
    // The order row first, as a status change: the two cannot interleave their stock moves.
    const [order] = await tx
      .select({ code: orders.code, status: orders.status, stockApplied: orders.stockApplied, storeId: orders.fulfillingStoreId })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update");
    if (!order) return { ok: false, status: 404, message: "Pedido não encontrado" };
    const [store] = await tx.select({ id: storeLocations.id, name: storeLocations.name }).from(storeLocations).where(eq(storeLocations.id, storeId));
    if (!store) return { ok: false, status: 400, message: "Escolha uma das lojas." };
    const lines = await orderLinesAtStores(tx, orderId);
    if (order.storeId === storeId && lines.every((line) => line.storeId === storeId)) return { ok: true, changed: false };
    const previous = order.storeId === null ? null : await tx.select({ name: storeLocations.name }).from(storeLocations).where(eq(storeLocations.id, order.storeId));

    let moves: StockMove[] = [];
    if (order.stockApplied) {
      try {
        moves = await moveStoreUnits(
          tx,
          lines.flatMap((line) => [
            { variantId: line.variantId, storeId: line.storeId, delta: line.quantity },
            { variantId: line.variantId, storeId, delta: -line.quantity },
          ]),
        );
      } catch (error) {
        if (!(error instanceof StockShortageError)) throw error;
        const missing = error.shortages.map((short) => `${short.name} (tem ${short.available}, o pedido precisa de ${short.needed})`).join("; ");
        return { ok: false, status: 409, message: `A loja ${store.name} não tem o bastante: ${missing}. Nada foi mudado.` };
      }
    }
    // Open order pages hear of it under the store it leaves (sent before the change, read with the old
    // store) and the store it goes to; that store's Vendedores get a push, having heard nothing so far.
    const event = { type: "updated" as const, id: orderId, code: order.code, status: isOrderStatus(order.status) ? order.status : "pending" };
    await notifyOrderEvent(tx, event);
    await tx.update(orderItems).set({ storeLocationId: storeId }).where(eq(orderItems.orderId, orderId));
    await tx.update(orders).set({ fulfillingStoreId: storeId, updatedAt: sql`now()` }).where(eq(orders.id, orderId));
    await notifyOrderEvent(tx, event);
    if (event.status !== "delivered" && event.status !== "cancelled") {
      await queueStaffPush(tx, "order-moved", orderMovedNotice({ id: orderId, code: order.code }, store.name), { orderId, storeStaffOnly: true });
    }
    const stock = (side: "before" | "after") => (moves.length ? { stock: Object.fromEntries(moves.map((move) => [move.label, move[side]])) } : {});
    await recordAdminChange(tx, actor, {
      action: "order.store",
      entityType: "order",
      entityId: orderId,
      entityLabel: `#${order.code}`,
      before: { store: previous?.[0]?.name ?? null, ...stock("before") },
      after: { store: store.name, ...stock("after") },
    });
    return { ok: true, changed: true };
  });
  if (change.ok && change.changed) deliverPushesSoon(db);
  return change;
}

/** Every store, in the stores' order: the order window's and the product page's choices. */
export async function listStores(db: DatabaseOrTransaction): Promise<{ id: number; name: string; city: string; slug: string }[]> {
  return db
    .select({ id: storeLocations.id, name: storeLocations.name, city: storeLocations.city, slug: storeLocations.slug })
    .from(storeLocations)
    .orderBy(asc(storeLocations.position), asc(storeLocations.id));
}

/** The order window's 'Loja que atende'. */
export async function orderStoreView(db: DatabaseOrTransaction, storeId: number | null): Promise<OrderStoreView> {
  const stores = await listStores(db);
  const current = stores.find((store) => store.id === storeId);
  return { storeId: current?.id ?? null, storeName: current?.name ?? null, stores: stores.map(({ id, name }) => ({ id, name })) };
}
