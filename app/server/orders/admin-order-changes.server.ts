// What staff change on an order: its status (with the units it takes or gives back), its tracking
// code, and the WhatsApp messages opened; each audited. The views are in admin-order-queries.server.ts.
import { eq, sql } from "drizzle-orm";
import { orderHistory, orders } from "#database/schema";
import { type OrderStatus } from "~/lib/orders/order-status";
import { StockShortageError, type StockMove, type StockShortage } from "../catalog/stock-moves.server";
import { moveOrderStock } from "./order-stock.server";
import { recordAdminChange, type AuditActor } from "../group/audit-log.server";
import type { Database, DatabaseOrTransaction } from "../db/database.server";
import { notifyOrderEvent } from "./order-events.server";
import { couponUseGoneMessage, couponUseStillFree } from "../coupons/redeem.server";
import { whatsappTopicForStatus } from "~/lib/orders/whatsapp-templates";
import { deliverWhatsAppSoon, queueWhatsAppMessage } from "./whatsapp-messages.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

/** What must commit with a status change (the fiscal queue's note at hand-over or shipping): run in its transaction when the status changes. */
export type StatusChangeHook = (tx: DatabaseOrTransaction, change: { orderId: string; from: string; to: OrderStatus }) => Promise<unknown>;

/** Sets an order's status (any status from any other, as the earlier admin allowed), moving stock per the rule above. */
export async function setOrderStatus(db: Database, id: string, status: OrderStatus, actor: AuditActor, { withStatusChange }: { withStatusChange?: StatusChangeHook } = {}): Promise<StatusChangeResult> {
  if (!UUID.test(id)) return { ok: false, reason: "not-found", message: "Pedido não encontrado" };
  try {
    const result = await db.transaction(async (tx) => {
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
          deliveryMethod: orders.deliveryMethod,
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
      if (order.status !== status) {
        await tx.insert(orderHistory).values({ orderId: id, kind: "status", status, actorId: actor.id, actorName: actor.name });
        // The shopper hears of it on WhatsApp once this commits, when she agreed (./whatsapp-messages.server.ts).
        const topic = whatsappTopicForStatus(status, order.deliveryMethod);
        if (topic) await queueWhatsAppMessage(tx, id, topic);
        await withStatusChange?.(tx, { orderId: id, from: order.status, to: status });
      }
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
    if (result.ok) deliverWhatsAppSoon(db);
    return result;
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
