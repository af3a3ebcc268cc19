// The admin dashboard's figures (top 5 products, 6 months of sales, 5 recent orders, average ticket,
// conversion), each one a SQL aggregate: however many orders the shop has, the page reads a handful
// of rows.
import { desc, sql } from "drizzle-orm";
import { orders } from "#database/schema";
import { isOrderStatus, recordedStatusOf, SHOWN_ORDER_STATUSES, type ShownOrderStatus } from "~/lib/orders/order-status";
import type { DashboardStats, LowStockVariant, StockReviewProduct } from "~/lib/admin/dashboard";
import { orderChannelOf } from "~/lib/orders/order-channel";
import type { RecentOrder } from "~/lib/orders/admin-orders";
import { LOW_STOCK_MAX } from "~/lib/catalog/variants";
import { SHOP_TIME_ZONE } from "~/lib/format/shop-time";
import type { DatabaseOrTransaction } from "../db/database.server";
import { countCustomers } from "../auth/customers.server";
import { getSalesSummary } from "./sales-summary.server";
import { countFailedWhatsAppMessages } from "../orders/whatsapp-messages.server";

export type Dashboard = {
  stats: DashboardStats;
  /** The last 6 months, oldest first, months without sales included; month is "YYYY-MM" in the shop's time zone. */
  monthlySales: { month: string; orders: number; revenueCents: number }[];
  /** By status as people read it: pick-up orders ready at the store apart from those sent. */
  ordersByStatus: { status: ShownOrderStatus; count: number }[];
  /** By units sold, orders not cancelled. */
  topProducts: { productId: number | null; name: string; quantity: number }[];
  recentOrders: RecentOrder[];
  /** Sizes/colours with 0–3 units, fewest first (newest products first among equals); `total` counts them all. */
  lowStock: { variants: LowStockVariant[]; total: number };
  /** Products whose stock the variants migration spread over their sizes, newest first; `total` counts them all. */
  stockReview: { products: StockReviewProduct[]; total: number };
  /** The shop's own WhatsApp messages that failed in the last 7 days (docs/whatsapp.md). */
  whatsappFailures: number;
};

const MONTHS = 6;
const TOP_PRODUCTS = 5;
const RECENT_ORDERS = 5;
/** Rows of each stock list; the rest is a count and a link to the filtered product list. */
export const STOCK_LIST_SIZE = 10;

/** `now` decides which months are "the last 6" (tests pass a fixed date). */
export async function getDashboard(db: DatabaseOrTransaction, now: Date = new Date()): Promise<Dashboard> {
  const [sales, count, monthlySales, topProducts, recentOrders, lowStock, stockReview, customers, whatsappFailures] = await Promise.all([
    getSalesSummary(db, null),
    orderCounts(db, now),
    salesByMonth(db, now),
    bestSellers(db),
    latestOrders(db),
    lowStockVariants(db),
    productsToRecount(db),
    // The people who order, with or without an account, as /admin/clientes lists them.
    countCustomers(db),
    countFailedWhatsAppMessages(db),
  ]);
  return {
    whatsappFailures,
    stats: {
      revenueCents: sales.revenueCents,
      orders: count("orders"),
      products: count("products"),
      customers,
      pending: count("pending"),
      completed: count("delivered"),
      averageTicketCents: sales.averageTicketCents,
      todayRevenueCents: count("today"),
      sameDayLastWeekRevenueCents: count("same_day_last_week"),
    },
    monthlySales,
    ordersByStatus: SHOWN_ORDER_STATUSES.map((status) => ({ status, count: count(status) })),
    topProducts,
    recentOrders,
    lowStock,
    stockReview,
  };
}

/** One row of counts: products, orders, each shown status, and today's sales against the same day last week. */
async function orderCounts(db: DatabaseOrTransaction, now: Date): Promise<(key: string) => number> {
  const totals = await db.execute<Record<string, string | number>>(sql`
    select
      (select count(*) from products)::int as products,
      count(*)::int as orders,
      coalesce(sum(total_cents) filter (
        where status <> 'cancelled' and not demo_products and (created_at at time zone ${SHOP_TIME_ZONE})::date = (${now.toISOString()}::timestamptz at time zone ${SHOP_TIME_ZONE})::date
      ), 0)::bigint as today,
      coalesce(sum(total_cents) filter (
        where status <> 'cancelled' and not demo_products and (created_at at time zone ${SHOP_TIME_ZONE})::date = (${now.toISOString()}::timestamptz at time zone ${SHOP_TIME_ZONE})::date - 7
      ), 0)::bigint as same_day_last_week,
      ${sql.join(
        SHOWN_ORDER_STATUSES.map((shown) => {
          const { status, pickup } = recordedStatusOf(shown);
          const side = pickup === null ? sql`` : pickup ? sql` and delivery_method = 'pickup'` : sql` and delivery_method <> 'pickup'`;
          return sql`count(*) filter (where status = ${status}${side})::int as ${sql.identifier(shown)}`;
        }),
        sql`, `,
      )}
    from orders`);
  const row = totals.rows[0] ?? {};
  return (key: string) => Number(row[key] ?? 0);
}

async function salesByMonth(db: DatabaseOrTransaction, now: Date): Promise<Dashboard["monthlySales"]> {
  const months = await db.execute<{ month: string; orders: number; revenue: string }>(sql`
    with months as (
      select generate_series(
        date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${SHOP_TIME_ZONE}) - make_interval(months => ${MONTHS - 1}),
        date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${SHOP_TIME_ZONE}),
        interval '1 month'
      ) as month
    )
    select to_char(m.month, 'YYYY-MM') as month, count(o.id)::int as orders, coalesce(sum(o.total_cents), 0)::bigint as revenue
    from months m
    left join orders o
      on o.status <> 'cancelled'
      and not o.demo_products
      and o.created_at >= (m.month at time zone ${SHOP_TIME_ZONE})
      and o.created_at < ((m.month + interval '1 month') at time zone ${SHOP_TIME_ZONE})
    group by m.month
    order by m.month`);
  return months.rows.map((month) => ({ month: month.month, orders: Number(month.orders), revenueCents: Number(month.revenue) }));
}

async function bestSellers(db: DatabaseOrTransaction): Promise<Dashboard["topProducts"]> {
  const top = await db.execute<{ product_id: number | null; name: string; quantity: number }>(sql`
    select oi.product_id, (array_agg(oi.name order by o.created_at desc))[1] as name, sum(oi.quantity)::int as quantity
    from order_items oi
    join orders o on o.id = oi.order_id
    where o.status <> 'cancelled' and not o.demo_products
    -- A deleted product's lines (product_id null) are told apart by name.
    group by oi.product_id, case when oi.product_id is null then oi.name end
    order by quantity desc, name
    limit ${TOP_PRODUCTS}`);
  return top.rows.map((product) => ({ productId: product.product_id, name: product.name, quantity: Number(product.quantity) }));
}

async function latestOrders(db: DatabaseOrTransaction): Promise<RecentOrder[]> {
  const recent = await db
    .select({
      id: orders.id,
      code: orders.code,
      customerName: orders.customerName,
      channel: orders.channel,
      clerkName: orders.clerkName,
      totalCents: orders.totalCents,
      status: orders.status,
      deliveryMethod: orders.deliveryMethod,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .orderBy(desc(orders.createdAt))
    .limit(RECENT_ORDERS);
  return recent.map((order) => ({
    ...order,
    channel: orderChannelOf(order.channel),
    status: isOrderStatus(order.status) ? order.status : "pending",
    createdAt: order.createdAt.toISOString(),
  }));
}

/**
 * Per store (docs/decisions/0025-stock-per-store.md): the sizes × colours a store carries at 0–3
 * units there. The partial index variant_stock_low_idx holds exactly those rows, so this reads them
 * however big the catalogue. Inactive products are left out: nobody can order them.
 */
async function lowStockVariants(db: DatabaseOrTransaction): Promise<Dashboard["lowStock"]> {
  const low = await db.execute<{ product_id: number; name: string; size: string; color: string; stock: number; store: string; total: number }>(sql`
    select v.product_id, p.name, v.size, v.color, s.units as stock, l.name as store, count(*) over ()::int as total
    from variant_stock s
    join product_variants v on v.id = s.variant_id
    join products p on p.id = v.product_id
    join store_locations l on l.id = s.store_location_id
    where s.units <= ${sql.raw(String(LOW_STOCK_MAX))} and p.active
    order by s.units, p.created_at desc, p.id desc, v.id, l.position, l.id
    limit ${STOCK_LIST_SIZE}`);
  return {
    variants: low.rows.map((variant) => ({
      productId: variant.product_id,
      name: variant.name,
      size: variant.size,
      color: variant.color,
      stock: Number(variant.stock),
      store: variant.store,
    })),
    total: Number(low.rows[0]?.total ?? 0),
  };
}

async function productsToRecount(db: DatabaseOrTransaction): Promise<Dashboard["stockReview"]> {
  const review = await db.execute<{ id: number; name: string; total: number }>(sql`
    select id, name, count(*) over ()::int as total
    from products
    where stock_needs_review
    order by created_at desc, id desc
    limit ${STOCK_LIST_SIZE}`);
  return {
    products: review.rows.map((product) => ({ id: product.id, name: product.name })),
    total: Number(review.rows[0]?.total ?? 0),
  };
}
