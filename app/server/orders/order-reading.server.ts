// Reading recorded orders: the shopper's order page, its history and 'Meus pedidos'. Placing is in
// order-placing.server.ts; the staff's views and status moves in admin-order-*.server.ts.
import { and, asc, desc, eq } from "drizzle-orm";
import { orderHistory, orderItems, orders } from "#database/orders-schema";
import { orderPayments, storeLocations } from "#database/schema";
import type { OrderCoupon, OrderView } from "~/lib/orders/order-message";
import { isOrderStatus } from "~/lib/orders/order-status";
import { orderChannelOf } from "~/lib/orders/order-channel";
import { pixPayload } from "~/lib/payments/pix";
import { usablePixKey } from "~/lib/payments/pix-key";
import type { OrderHistoryEntry } from "~/lib/orders/status-messages";
import { historyReasonLabel } from "~/lib/holds/hold-expiry";
import { transferReadyOn, type PickupTransfer } from "~/lib/stores/store-transfer";
import { variantLabel } from "~/lib/catalog/variants";
import type { Settings } from "~/lib/group/settings";
import type { DatabaseOrTransaction } from "../db/database.server";

/** The order behind a public token, as pages and messages show it; null when there is none. */
export async function getOrderByToken(db: DatabaseOrTransaction, settings: Settings, token: string): Promise<OrderView | null> {
  if (!/^[A-Za-z0-9_-]{10,64}$/.test(token)) return null;
  const [row] = await db
    .select({ order: orders, locationName: storeLocations.name, locationAddress: storeLocations.address })
    .from(orders)
    .leftJoin(storeLocations, eq(storeLocations.id, orders.pickupLocationId))
    .where(eq(orders.publicToken, token));
  if (!row) return null;
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, row.order.id)).orderBy(asc(orderItems.position));
  return toOrderView(row.order, items, settings, row.locationName, row.locationAddress, await storeNamesById(db));
}

/** Every store's name by id: what a pick-up's transfer names. */
export async function storeNamesById(db: DatabaseOrTransaction): Promise<Map<number, string>> {
  const rows = await db.select({ id: storeLocations.id, name: storeLocations.name }).from(storeLocations);
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * An order's history, oldest first, starting with its placing ('Pendente' at its creation). The
 * shopper's page gets the status changes only and no names; the admin also sees the WhatsApp
 * messages opened, the payment received (marked by a clerk or confirmed by the Pix provider), and who
 * did each.
 */
export async function readOrderHistory(db: DatabaseOrTransaction, orderId: string, audience: "shopper" | "admin"): Promise<OrderHistoryEntry[]> {
  const [placed] = await db.select({ createdAt: orders.createdAt }).from(orders).where(eq(orders.id, orderId));
  if (!placed) return [];
  const rows = await db
    .select()
    .from(orderHistory)
    .where(audience === "admin" ? eq(orderHistory.orderId, orderId) : and(eq(orderHistory.orderId, orderId), eq(orderHistory.kind, "status")))
    .orderBy(asc(orderHistory.createdAt), asc(orderHistory.id));
  const entries: OrderHistoryEntry[] = [
    { kind: "status" as const, status: "pending" as const, at: placed.createdAt.toISOString(), actorName: "" },
    ...rows.map((row) => ({
      kind: row.kind === "whatsapp" ? ("whatsapp" as const) : ("status" as const),
      status: isOrderStatus(row.status) ? row.status : "pending",
      at: row.createdAt.toISOString(),
      actorName: audience === "admin" ? row.actorName : "",
      ...(historyReasonLabel(row.reason) ? { note: historyReasonLabel(row.reason)! } : {}),
    })),
  ];
  if (audience === "admin") {
    const [payment] = await db
      .select({ paidAt: orderPayments.paidAt, confirmedBy: orderPayments.confirmedBy, actorName: orderPayments.actorName })
      .from(orderPayments)
      .where(eq(orderPayments.orderId, orderId));
    if (payment?.paidAt) {
      const paid: OrderHistoryEntry = { kind: "paid", by: payment.confirmedBy === "clerk" ? "clerk" : "pix", at: payment.paidAt.toISOString(), actorName: payment.actorName };
      // In its place in time (a counter sale is paid as it is handed over: paid first, then Entregue).
      const after = entries.findIndex((entry, index) => index > 0 && entry.at >= paid.at);
      entries.splice(after < 0 ? entries.length : after, 0, paid);
    }
  }
  return entries;
}

/** The shopper's view of the history, by the order page's token. */
export async function readOrderHistoryByToken(db: DatabaseOrTransaction, token: string): Promise<OrderHistoryEntry[]> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.publicToken, token));
  return row ? readOrderHistory(db, row.id, "shopper") : [];
}

type OrderRow = typeof orders.$inferSelect;
type OrderItemRow = typeof orderItems.$inferSelect;

export function toOrderView(
  order: OrderRow,
  items: OrderItemRow[],
  settings: Settings,
  locationName: string | null,
  locationAddress: string | null,
  storeNames: ReadonlyMap<number, string> = new Map(),
): OrderView {
  const delivery: OrderView["delivery"] =
    order.deliveryMethod === "pickup"
      ? { method: "pickup", locationName: locationName ?? "Loja", locationAddress: locationAddress ?? "", feeCents: 0, transfer: pickupTransferOf(order, items, storeNames) }
      : order.deliveryMethod === "delivery" && order.shippingAddress
        ? {
            method: "delivery",
            address: order.shippingAddress,
            feeCents: order.deliveryCents,
            service: order.deliveryService,
            time: order.deliveryTime,
            trackingCode: order.trackingCode,
          }
        : { method: "arrange", feeCents: null };
  const pixKey = usablePixKey(settings.pixKey);
  // No paid state yet: the code is asked for only while the order waits ('Pendente'); once the shop
  // moved it on (paid at the counter, delivered, cancelled) a QR would only invite a second payment.
  const pixCode =
    order.paymentMethod === "pix" && pixKey && order.totalCents > 0 && order.status === "pending"
      ? pixPayload({
          key: pixKey,
          merchantName: settings.pixMerchantName || settings.storeName,
          merchantCity: settings.pixMerchantCity || "Barreiros",
          amountCents: order.totalCents,
          txid: order.code,
        })
      : null;
  return {
    code: order.code,
    token: order.publicToken,
    status: isOrderStatus(order.status) ? order.status : "pending",
    channel: orderChannelOf(order.channel),
    createdAt: order.createdAt.toISOString(),
    customer: { name: order.customerName, email: order.customerEmail, phone: order.customerPhone, cpf: order.customerCpf },
    delivery,
    payment: { method: order.paymentMethod, installments: order.installments },
    items: items.map((item) => ({
      name: item.name,
      size: item.size,
      color: item.color,
      quantity: item.quantity,
      unitPriceCents: item.unitPriceCents,
      category: item.category,
    })),
    subtotalCents: order.subtotalCents,
    coupon: order.couponCode ? orderCoupon(order.couponCode, order.discountCents, items) : null,
    counterDiscountCents: order.couponCode ? 0 : order.discountCents,
    totalCents: order.totalCents,
    hasConsultItems: order.hasConsultItems,
    notes: order.notes,
    pixCode,
  };
}

/**
 * The lines of a pick-up order held at another store than the pick-up's: they travel to it (placed so
 * by app/lib/stores/serving-store.ts). Told while the order is not ready yet; null when nothing travels.
 */
function pickupTransferOf(order: OrderRow, items: OrderItemRow[], storeNames: ReadonlyMap<number, string>): PickupTransfer | null {
  if (order.pickupLocationId === null || (order.status !== "pending" && order.status !== "processing")) return null;
  const travelling = items.filter((item) => item.storeLocationId !== null && item.storeLocationId !== order.pickupLocationId);
  if (travelling.length === 0) return null;
  const lines = travelling.map((item) => {
    const label = variantLabel(item);
    return { name: label ? `${item.name} (${label})` : item.name, quantity: item.quantity, fromStore: storeNames.get(item.storeLocationId!) ?? "outra loja" };
  });
  return { fromStores: [...new Set(lines.map((line) => line.fromStore))], lines, readyOn: transferReadyOn(order.createdAt) };
}

function orderCoupon(code: string, totalCents: number, items: OrderItemRow[]): OrderCoupon {
  const lineDiscountsCents = items.map((item) => item.discountCents);
  const linesCents = lineDiscountsCents.reduce((sum, cents) => sum + cents, 0);
  return { code, totalCents, linesCents, lineDiscountsCents, deliveryWaivedCents: totalCents - linesCents };
}

/** Orders placed while signed in, newest first (the account's 'Meus pedidos'). */
export function listOrdersForUser(db: DatabaseOrTransaction, userId: string) {
  return db
    .select({
      code: orders.code,
      token: orders.publicToken,
      status: orders.status,
      deliveryMethod: orders.deliveryMethod,
      totalCents: orders.totalCents,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt));
}
