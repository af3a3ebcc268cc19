// The staff's views of orders: the list with its filters and one order's detail. Changes are in
// admin-order-changes.server.ts.
import { and, asc, desc, eq, ne, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { orderItems, orderPayments, orders, storeLocations, users } from "#database/schema";
import { ADMIN_PAGE_SIZE, pageCount } from "~/lib/lists/admin-list";
import type { AdminOrderDetail, AdminOrderFilters, AdminOrderList } from "~/lib/orders/admin-orders";
import { isOrderStatus, recordedStatusOf, type ShownOrderStatus } from "~/lib/orders/order-status";
import { isPaymentStatus, type PaymentStatus } from "~/lib/payments/payment-status";
import { orderChannelOf } from "~/lib/orders/order-channel";
import { clerkNameOf } from "~/lib/counter/counter-sale";
import type { Settings } from "~/lib/group/settings";
import { normalizeSearchText } from "~/lib/format/search-text";
import type { DatabaseOrTransaction } from "../db/database.server";
import { readOrderHistory, storeNamesById, toOrderView } from "./order-reading.server";
import { orderStoreView } from "./order-store.server";
import { digitsOf, escapeLike, plainText } from "../db/sql-search.server";

/** The clerk who made a counter sale (orders.clerk_id), beside the shopper's account. */
const clerks = alias(users, "clerks");

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

/** An order without a payment row is awaiting; 'Devolvido' finds orders given back in all or in part. */
function paymentCondition(payment: PaymentStatus | null): SQL | undefined {
  if (!payment) return undefined;
  if (payment === "awaiting") return sql`coalesce(${orderPayments.status}, 'awaiting') = 'awaiting'`;
  if (payment === "refunded") return sql`${orderPayments.refundedCents} > 0`;
  return eq(orderPayments.status, payment);
}

/** /admin/pedidos: newest first, one page, with the number of matches (one query). */
/**
 * The orders of one store (a Vendedor's: staffStoreScope), or of every store with null: the store that
 * serves the order (fulfilling_store_id), or, for an order recorded before stores held stock, the store
 * it is picked up at.
 */
function storeCondition(storeId: number | null): SQL | undefined {
  return storeId === null ? undefined : sql`coalesce(${orders.fulfillingStoreId}, ${orders.pickupLocationId}) = ${storeId}`;
}

export async function listAdminOrders(db: DatabaseOrTransaction, filters: AdminOrderFilters, storeId: number | null = null): Promise<AdminOrderList> {
  // The staff's own store (a Vendedor) and the list's Loja filter both hold.
  const where = and(statusCondition(filters.status), searchCondition(filters.q), paymentCondition(filters.payment), storeCondition(storeId), storeCondition(filters.store));
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
      storeName: storeLocations.name,
      clerkId: orders.clerkId,
      clerkName: orders.clerkName,
      clerkAccountName: clerks.name,
      clerkAccountEmail: clerks.email,
      demoProducts: orders.demoProducts,
      paymentStatus: orderPayments.status,
      mismatchCents: orderPayments.mismatchCents,
      refundedCents: orderPayments.refundedCents,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(clerks, eq(clerks.id, orders.clerkId))
    .leftJoin(orderPayments, eq(orderPayments.orderId, orders.id))
    .leftJoin(storeLocations, sql`${storeLocations.id} = coalesce(${orders.fulfillingStoreId}, ${orders.pickupLocationId})`)
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
      channel: orderChannelOf(row.channel),
      storeName: row.storeName ?? null,
      clerkName: clerkNameOf(row, { name: row.clerkAccountName, email: row.clerkAccountEmail }),
      demoProducts: row.demoProducts,
      payment: {
        status: isPaymentStatus(row.paymentStatus) ? row.paymentStatus : "awaiting",
        mismatchCents: row.mismatchCents ?? null,
        refundedCents: row.refundedCents ?? 0,
      },
    })),
    total,
    page: filters.page,
    pageCount: pageCount(total),
  };
}

/** Whether there is any order at all (to tell 'Nenhum pedido ainda' from 'Nenhum pedido encontrado'). */
export async function hasAnyOrder(db: DatabaseOrTransaction, storeId: number | null = null): Promise<boolean> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(storeCondition(storeId)).limit(1);
  return Boolean(row);
}

/** Whether this order is one the store scope covers (always, with null); false for an unknown id. */
export async function orderInStoreScope(db: DatabaseOrTransaction, id: string, storeId: number | null): Promise<boolean> {
  if (!UUID.test(id)) return false;
  const [row] = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.id, id), storeCondition(storeId)));
  return Boolean(row);
}

/** One order for the admin detail; null for an unknown or malformed id. */
export async function getAdminOrder(db: DatabaseOrTransaction, settings: Settings, id: string, storeId: number | null = null): Promise<AdminOrderDetail | null> {
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
      clerkAccountName: clerks.name,
      clerkAccountEmail: clerks.email,
    })
    .from(orders)
    .leftJoin(storeLocations, eq(storeLocations.id, orders.pickupLocationId))
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(clerks, eq(clerks.id, orders.clerkId))
    .where(and(eq(orders.id, id), storeCondition(storeId)));
  if (!row) return null;
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(asc(orderItems.position));
  const view = toOrderView(row.order, items, settings, row.locationName, row.locationAddress, await storeNamesById(db));
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
    store: await orderStoreView(db, row.order.fulfillingStoreId),
    clerkName: clerkNameOf(row.order, { name: row.clerkAccountName, email: row.clerkAccountEmail }),
    demoProducts: row.order.demoProducts,
  };
}
