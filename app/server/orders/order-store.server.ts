// The stores that serve an online order (docs/decisions/0025-stock-per-store.md, the rule in
// app/lib/stores/serving-store.ts), among those that serve online. The checkout plans without a lock
// and takes the units with the products locked, planning again under the lock if a shelf ran short.
import { asc, eq, inArray, sql } from "drizzle-orm";
import { orderItems, orders, storeLocations } from "#database/schema";
import { isOrderStatus } from "~/lib/orders/order-status";
import { planServingStores, type ServingPlan, type ServingWhere, type StoreShelf } from "~/lib/stores/serving-store";
import { ORDER_STORE_MESSAGES, orderStoreIsFixed, type OrderStoreMovePreview, type OrderStoreView } from "~/lib/stores/store-stock";
import { lockStockOf, moveStoreUnits, StockShortageError, type StockMove, type UnitsByVariant } from "../catalog/stock-moves.server";
import type { Database, DatabaseOrTransaction } from "../db/database.server";
import { recordAdminChange, type AuditActor } from "../group/audit-log.server";
import { orderMovedNotice } from "../notifications/new-order-push.server";
import { deliverPushesSoon, queueStaffPush } from "../notifications/push-queue.server";
import { notifyOrderEvent } from "./order-events.server";
import { orderLinesAtStores } from "./order-stock.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The plan for these units (variant id → units, in the lines' order). `lock`: with their products
 * locked, so the shelves read are those the order then takes from; without, the shelves as they are
 * (the checkout's first guess, which its take checks again under the lock).
 */
export async function planOrderStores(
  tx: DatabaseOrTransaction,
  wanted: UnitsByVariant,
  where: ServingWhere,
  { lock }: { lock: boolean },
): Promise<ServingPlan> {
  if (lock) await lockStockOf(tx, [...wanted.keys()]);
  const { shelves, stores } = await readShelves(tx, [...wanted.keys()]);
  // A pick-up's nearest stores are those of its town, whether or not the pick-up store sells online.
  const town = where.town ?? stores.find((store) => store.id === where.pickupStoreId)?.city ?? null;
  return planServingStores(shelves, wanted, { town, pickupStoreId: where.pickupStoreId });
}

/** Every store (the pick-up points), and the shelves of those that serve online with these variants' units. */
export async function readShelves(db: DatabaseOrTransaction, variantIds: number[]): Promise<{ stores: { id: number; city: string }[]; shelves: StoreShelf[] }> {
  // Every store and the online ones' units in one round trip: the checkout reads them with the
  // products locked, so each extra trip is time other orders of these products wait
  // (docs/benchmarks.md, "The checkout under load").
  const { rows } = await db.execute<{ id: number; city: string; serves_online: boolean; units: Record<string, number> | null }>(sql`
    select l.id, l.city, l.serves_online,
      case when l.serves_online then
        (select json_object_agg(s.variant_id, s.units) from variant_stock s
          where s.store_location_id = l.id and s.variant_id = any(${sql.param(variantIds)}::integer[]))
      end as units
    from ${storeLocations} l
    order by l.position, l.id`);
  const shelves = rows
    .filter((store) => store.serves_online)
    .map((store) => ({
      id: Number(store.id),
      city: store.city,
      units: new Map(variantIds.map((variantId) => [variantId, Number(store.units?.[variantId] ?? 0)])),
    }));
  return { stores: rows.map((store) => ({ id: Number(store.id), city: store.city })), shelves };
}

export type OrderStoreChange =
  | { ok: true; changed: boolean }
  | { ok: false; status: 400 | 404 | 409; message: string };

type Refusal = Extract<OrderStoreChange, { ok: false }>;

/** The order (locked when `lock`) and the store asked for, or why the store cannot change. */
type StoreChange =
  | { refusal: Refusal }
  | { order: { code: string; status: string; channel: string; stockApplied: boolean; storeId: number | null }; store: { id: number; name: string } };

async function storeChangeOf(tx: DatabaseOrTransaction, orderId: string, storeId: number, lock: boolean): Promise<StoreChange> {
  if (!UUID.test(orderId)) return { refusal: { ok: false, status: 404, message: "Pedido não encontrado" } };
  const query = tx
    .select({ code: orders.code, status: orders.status, channel: orders.channel, stockApplied: orders.stockApplied, storeId: orders.fulfillingStoreId })
    .from(orders)
    .where(eq(orders.id, orderId));
  const [order] = lock ? await query.for("update") : await query;
  if (!order) return { refusal: { ok: false, status: 404, message: "Pedido não encontrado" } };
  if (orderStoreIsFixed(order)) return { refusal: { ok: false, status: 409, message: ORDER_STORE_MESSAGES.handedOver } };
  const [store] = await tx.select({ id: storeLocations.id, name: storeLocations.name }).from(storeLocations).where(eq(storeLocations.id, storeId));
  if (!store) return { refusal: { ok: false, status: 400, message: "Escolha uma das lojas." } };
  return { order, store };
}

/**
 * What a store change would do, for the order window to ask before it: each held line's units, from
 * the store that holds them to the new one ("Tênis X 38 Preto: 1 un. de Barreiros Calçados para
 * Sirinhaém Calçados"). Nothing is written; moveOrderToStore decides again when confirmed.
 */
export async function previewOrderStoreMove(
  db: DatabaseOrTransaction,
  orderId: string,
  storeId: number,
): Promise<{ ok: true; changed: false } | { ok: true; changed: true; preview: OrderStoreMovePreview } | Refusal> {
  const change = await storeChangeOf(db, orderId, storeId, false);
  if ("refusal" in change) return change.refusal;
  const { order, store } = change;
  const rows = await db
    .select({
      variantId: orderItems.variantId,
      name: orderItems.name,
      size: orderItems.size,
      color: orderItems.color,
      quantity: orderItems.quantity,
      storeId: sql<number | null>`coalesce(${orderItems.storeLocationId}, ${orders.fulfillingStoreId}, erick_product_home_store(${orderItems.productId}))`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  // As moveOrderToStore: a line whose size × colour was removed since holds no units anywhere.
  const lines = rows.filter((line) => line.variantId !== null);
  if (order.storeId === storeId && lines.every((line) => line.storeId !== null && Number(line.storeId) === storeId)) return { ok: true, changed: false };
  const fromIds = [...new Set(lines.flatMap((line) => (line.storeId === null ? [] : [Number(line.storeId)])))];
  const names = new Map(
    (fromIds.length ? await db.select({ id: storeLocations.id, name: storeLocations.name }).from(storeLocations).where(inArray(storeLocations.id, fromIds)) : []).map(
      (row) => [row.id, row.name],
    ),
  );
  const moves = order.stockApplied
    ? lines
        .filter((line) => line.storeId !== null && Number(line.storeId) !== storeId)
        .map((line) => {
          const label = [line.name, line.size, line.color].filter(Boolean).join(" ");
          return `${label}: ${line.quantity} un. de ${names.get(Number(line.storeId)) ?? "outra loja"} para ${store.name}`;
        })
    : [];
  return { ok: true, changed: true, preview: { storeId: store.id, storeName: store.name, moves } };
}

/**
 * The order window's 'Loja que atende': the order (every line) is served from `storeId` from now on;
 * never a sale handed over to the customer (orderStoreIsFixed: "Esta venda já foi entregue…").
 * When the order holds its units they move in this transaction: back to each line's store, off the new
 * store's shelf, all or nothing ("A loja … não tem …" and nothing changes). Audited with both stores'
 * units before and after.
 */
export async function moveOrderToStore(db: Database, orderId: string, storeId: number, actor: AuditActor): Promise<OrderStoreChange> {
  const change = await db.transaction(async (tx): Promise<OrderStoreChange> => {
    // The order row first, as a status change: the two cannot interleave their stock moves (and a sale
    // handed over meanwhile is refused here).
    const found = await storeChangeOf(tx, orderId, storeId, true);
    if ("refusal" in found) return found.refusal;
    const { order, store } = found;
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
