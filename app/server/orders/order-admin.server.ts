// The admin side of orders: the list with its filters, one order's detail, and status changes with
// the stock they take or give back.
import { and, asc, desc, eq, ne, type SQL, sql } from "drizzle-orm";
import { orderHistory, orderItems, orders, storeLocations, users } from "#database/schema";
import { ADMIN_PAGE_SIZE, pageCount } from "~/lib/admin/admin-list";
import type { AdminOrderDetail, AdminOrderFilters, AdminOrderList } from "~/lib/orders/admin-orders";
import { isOrderStatus, type OrderStatus, recordedStatusOf, type ShownOrderStatus } from "~/lib/orders/order-status";
import type { Settings } from "~/lib/group/settings";
import { normalizeSearchText } from "~/lib/catalog/search-text";
import { StockShortageError, type StockMove, type StockShortage } from "../catalog/stock-moves.server";
import { moveOrderStock } from "./order-stock.server";
import { recordAdminChange, type AuditActor } from "../group/audit-log.server";
import type { Database, DatabaseOrTransaction } from "../db/database.server";
import { notifyOrderEvent } from "./order-events.server";
import { couponUseGoneMessage, couponUseStillFree } from "../coupons/redeem.server";
import { readOrderHistory, toOrderView } from "./orders.server";
import { digitsOf, escapeLike, plainText } from "../db/sql-search.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function searchCondition(q: string): SQL | undefined {
  if (!q) return undefined;
  const conditions: SQL[] = [];
  const code = q.replace(/^#/, "").toUpperCase();
  if (/^[0-9A-F]{1,8}$/.test(code)) conditions.push(sql`${orders.code} like ${`${code}%`}`);
  const name = normalizeSearchText(q);
  if (name) conditions.push(sql`${plainText(orders.customerName)} like ${`%${escapeLike(name)}%`}`);
  const digits = q.replace(/\D/g, "");
  if (digits.length >= 4) conditions.push(sql`${digitsOf(orders.customerPhone)} like ${`%${digits}%`}`);
  return conditions.length ? sql`(${sql.join(conditions, sql` or `)})` : sql`false`;
}

/** 'Enviado' and 'Pronto para retirada' are one recorded status, told apart by the delivery method. */
function statusCondition(shown: ShownOrderStatus | null): SQL | undefined {
  if (!shown) return undefined;
  const { status, pickup } = recordedStatusOf(shown);
  if (pickup === null) return eq(orders.status, status);
  return and(eq(orders.status, status), pickup ? eq(orders.deliveryMethod, "pickup") : ne(orders.deliveryMethod, "pickup"));
}

/** /admin/pedidos: newest first, one page, with the number of matches (one query). */
export async function listAdminOrders(db: DatabaseOrTransaction, filters: AdminOrderFilters): Promise<AdminOrderList> {
  const where = and(statusCondition(filters.status), searchCondition(filters.q));
  const rows = await db
    .select({
      id: orders.id,
      code: orders.code,
      createdAt: orders.createdAt,
      customerName: sql<string>`coalesce(nullif(${orders.customerName}, ''), ${users.name}, '')`,
      customerPhone: orders.customerPhone,
      totalCents: orders.totalCents,
      hasConsultItems: orders.hasConsultItems,
      status: orders.status,
      deliveryMethod: orders.deliveryMethod,
      channel: orders.channel,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset((filters.page - 1) * ADMIN_PAGE_SIZE);
  const total = rows[0]?.total ?? 0;
  return {
    orders: rows.map((row) => ({
      id: row.id,
      code: row.code,
      createdAt: row.createdAt.toISOString(),
      customerName: row.customerName,
      customerPhone: row.customerPhone,
      totalCents: row.totalCents,
      hasConsultItems: row.hasConsultItems,
      status: isOrderStatus(row.status) ? row.status : "pending",
      deliveryMethod: row.deliveryMethod,
      channel: row.channel === "cart" ? "cart" : "checkout",
    })),
    total,
    page: filters.page,
    pageCount: pageCount(total),
  };
}

/** Whether there is any order at all (to tell 'Nenhum pedido ainda' from 'Nenhum pedido encontrado'). */
export async function hasAnyOrder(db: DatabaseOrTransaction): Promise<boolean> {
  const [row] = await db.select({ id: orders.id }).from(orders).limit(1);
  return Boolean(row);
}

/** One order for the admin detail; null for an unknown or malformed id. */
export async function getAdminOrder(db: DatabaseOrTransaction, settings: Settings, id: string): Promise<AdminOrderDetail | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db
    .select({
      order: orders,
      locationName: storeLocations.name,
      locationAddress: storeLocations.address,
      locationHours: storeLocations.hours,
      accountId: users.id,
      accountName: users.name,
      accountEmail: users.email,
      accountPhone: users.phone,
    })
    .from(orders)
    .leftJoin(storeLocations, eq(storeLocations.id, orders.pickupLocationId))
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, id));
  if (!row) return null;
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(asc(orderItems.position));
  const view = toOrderView(row.order, items, settings, row.locationName, row.locationAddress);
  return {
    id,
    order: view,
    updatedAt: row.order.updatedAt.toISOString(),
    account: row.accountId ? { id: row.accountId, name: row.accountName ?? "", email: row.accountEmail ?? "" } : null,
    contactPhone: row.order.customerPhone || row.accountPhone || null,
    publicPath: `/pedido/${row.order.publicToken}`,
    stockApplied: row.order.stockApplied,
    pickupHours: row.order.deliveryMethod === "pickup" ? (row.locationHours ?? "") : "",
    history: await readOrderHistory(db, id, "admin"),
  };
}

/**
 * The clerk opened 'Avisar cliente no WhatsApp': the history says when, by whom, and which status the
 * message told. False for an unknown order.
 */
export async function recordStatusMessageOpened(db: DatabaseOrTransaction, id: string, actor: AuditActor): Promise<boolean> {
  if (!UUID.test(id)) return false;
  const inserted = await db.execute(sql`
    insert into ${orderHistory} (order_id, kind, status, actor_id, actor_name)
    select ${orders.id}, 'whatsapp', ${orders.status}, ${actor.id}, ${actor.name} from ${orders} where ${orders.id} = ${id}`);
  return (inserted.rowCount ?? 0) > 0;
}

/*
 * Stock rule (docs/decisions/0023-stock-reserved-at-placing.md). An order's units leave the stock when it is
 * placed (app/server/orders/orders.server.ts) and stay out while it is pending, processing, shipped or
 * delivered; they come back when it is cancelled. `orders.stock_applied` records which side of that
 * line the stock is on, so any sequence of status changes, repeated or concurrent, takes the units at
 * most once and gives back only what was taken:
 *
 *   stock_applied = false, new status other than cancelled  → take the units (all or nothing)
 *   stock_applied = true,  new status cancelled             → give them back
 *   anything else                                           → stock untouched
 *
 * stock_applied is false on a cancelled order, and on a pending order placed before stock was held at
 * placing whose units the shelf could not cover then (migration 0022): its next status change takes them.
 * Re-opening a cancelled order takes the units again; taking refuses, changing nothing, when a variant
 * has fewer units than the order needs: stock never goes below zero, and the clerk gets 'Estoque
 * insuficiente para: …' naming each short size. Lines whose variant was removed since (the product
 * deleted, or the size taken off it) are skipped both ways. Each change runs in one transaction that
 * locks the order row first, then the products' rows and then the variants' rows (moveUnits), so two
 * changes cannot deadlock; a concurrent second click waits for the first and then sees its result.
 *
 * Coupon rule. A cancelled order's coupon use is free for others (../coupons/redeem.server.ts): moving
 * it out of 'Cancelado' takes the use back, and is refused, changing nothing, when the coupon has no
 * use left for it (in all or for its shopper). Its row is locked last, after the stock's.
 */
function holdsStock(status: OrderStatus): boolean {
  return status !== "cancelled";
}

export type { StockShortage };

export type StatusChangeResult =
  | { ok: true; status: OrderStatus; updatedAt: string; stock: "taken" | "returned" | "unchanged" }
  | { ok: false; reason: "not-found"; message: string }
  | { ok: false; reason: "insufficient-stock"; message: string; shortages: StockShortage[] }
  | { ok: false; reason: "coupon-used"; message: string };

class CouponUseGoneError extends Error {}

/** Sets an order's status (any status from any other, as the earlier admin allowed), moving stock per the rule above. */
export async function setOrderStatus(db: Database, id: string, status: OrderStatus, actor: AuditActor): Promise<StatusChangeResult> {
  if (!UUID.test(id)) return { ok: false, reason: "not-found", message: "Pedido não encontrado" };
  try {
    return await db.transaction(async (tx) => {
      const [order] = await tx
        .select({
          id: orders.id,
          code: orders.code,
          status: orders.status,
          stockApplied: orders.stockApplied,
          couponId: orders.couponId,
          couponCode: orders.couponCode,
          customerPhone: orders.customerPhone,
          userId: orders.userId,
        })
        .from(orders)
        .where(eq(orders.id, id))
        .for("update");
      if (!order) return { ok: false, reason: "not-found", message: "Pedido não encontrado" } as const;

      let stock: "taken" | "returned" | "unchanged" = "unchanged";
      let moves: StockMove[] = [];
      if (holdsStock(status) && !order.stockApplied) {
        moves = await moveOrderStock(tx, id, "take");
        stock = "taken";
      } else if (!holdsStock(status) && order.stockApplied) {
        moves = await moveOrderStock(tx, id, "return");
        stock = "returned";
      }
      if (order.status === "cancelled" && status !== "cancelled" && order.couponId !== null) {
        const shopper = { phone: order.customerPhone || null, userId: order.userId };
        if (!(await couponUseStillFree(tx, { couponId: order.couponId, shopper }))) throw new CouponUseGoneError(couponUseGoneMessage(order.couponCode ?? ""));
      }

      const [updated] = await tx
        .update(orders)
        .set({ status, stockApplied: holdsStock(status), updatedAt: sql`now()` })
        .where(eq(orders.id, id))
        .returning({ updatedAt: orders.updatedAt });
      if (order.status !== status) await tx.insert(orderHistory).values({ orderId: id, kind: "status", status, actorId: actor.id, actorName: actor.name });
      await recordAdminChange(tx, actor, {
        action: "order.status",
        entityType: "order",
        entityId: id,
        entityLabel: `#${order.code}`,
        // The variants' stock moves with the status: the entry says by how much, size by size.
        before: { status: order.status, ...stockField(moves, "before") },
        after: { status, ...stockField(moves, "after") },
      });
      await notifyOrderEvent(tx, { type: "updated", id, code: order.code, status });
      return { ok: true, status, updatedAt: updated!.updatedAt.toISOString(), stock } as const;
    });
  } catch (error) {
    if (error instanceof StockShortageError) {
      return { ok: false, reason: "insufficient-stock", message: error.message, shortages: error.shortages };
    }
    if (error instanceof CouponUseGoneError) return { ok: false, reason: "coupon-used", message: error.message };
    throw error;
  }
}

function stockField(moves: StockMove[], side: "before" | "after"): { stock?: Record<string, number> } {
  return moves.length ? { stock: Object.fromEntries(moves.map((move) => [move.label, move[side]])) } : {};
}

/**
 * The carrier's tracking code, as the clerk typed it in the order window (null clears it), with an
 * entry in the audit log. False for an unknown order.
 */
export async function setTrackingCode(db: Database, id: string, trackingCode: string | null, actor: AuditActor): Promise<boolean> {
  if (!UUID.test(id)) return false;
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ code: orders.code, trackingCode: orders.trackingCode }).from(orders).where(eq(orders.id, id)).for("update");
    if (!before) return false;
    await tx.update(orders).set({ trackingCode, updatedAt: new Date() }).where(eq(orders.id, id));
    await recordAdminChange(tx, actor, {
      action: "order.tracking",
      entityType: "order",
      entityId: id,
      entityLabel: `#${before.code}`,
      before: { trackingCode: before.trackingCode },
      after: { trackingCode },
    });
    return true;
  });
}
