// Orders, revenue and average ticket: the one query behind the dashboard's cards and Relatórios'
// figures, so the same figure never differs between the two pages. Cancelled orders never count.
import { sql, type SQL } from "drizzle-orm";
import { SHOP_TIME_ZONE } from "~/lib/group/shop-time";
import type { DatabaseOrTransaction } from "../db/database.server";

/** Whole days in the shop's time zone, "YYYY-MM-DD", both included. */
export type SalesPeriod = { from: string; to: string };

export type SalesSummary = { orders: number; revenueCents: number; averageTicketCents: number };

/**
 * Orders (alias `o`) not cancelled, and made between the first day's midnight and the day after the
 * last, in the shop. Orders of the removed demo products are not sales (orders.demo_products).
 */
export function soldInPeriod(period: SalesPeriod | null): SQL {
  if (!period) return sql`o.status <> 'cancelled' and not o.demo_products`;
  return sql`o.status <> 'cancelled' and not o.demo_products
    and o.created_at >= (${period.from}::date::timestamp at time zone ${SHOP_TIME_ZONE})
    and o.created_at < ((${period.to}::date + 1)::timestamp at time zone ${SHOP_TIME_ZONE})`;
}

/** The orders sold (in a period, or ever), their revenue with the delivery fee, and revenue ÷ those same orders. */
export async function getSalesSummary(db: DatabaseOrTransaction, period: SalesPeriod | null): Promise<SalesSummary> {
  const { rows } = await db.execute<{ orders: number; revenue: string }>(sql`
    select count(*)::int as orders, coalesce(sum(o.total_cents), 0)::bigint as revenue
    from orders o
    where ${soldInPeriod(period)}`);
  const orders = Number(rows[0]?.orders ?? 0);
  const revenueCents = Number(rows[0]?.revenue ?? 0);
  return { orders, revenueCents, averageTicketCents: averageTicketCents(revenueCents, orders) };
}

/** Revenue ÷ orders, rounded to the centavo; 0 without orders. */
function averageTicketCents(revenueCents: number, orders: number): number {
  return orders > 0 ? Math.round(revenueCents / orders) : 0;
}
