// Orders, revenue and average ticket: the one query behind the dashboard's cards and Relatórios'
// figures, so the same figure never differs between the two pages. Cancelled orders never count, nor
// an expired unpaid Pix.
import { sql, type SQL } from "drizzle-orm";
import { SHOP_TIME_ZONE } from "~/lib/format/shop-time";
import type { DatabaseOrTransaction } from "../db/database.server";

/** Whole days in the shop's time zone, "YYYY-MM-DD", both included. */
export type SalesPeriod = { from: string; to: string };

export type SalesSummary = { orders: number; revenueCents: number; averageTicketCents: number };

/**
 * A sale: an order (alias `o`) not cancelled, not an expired unpaid Pix (its units went back to the
 * shelf; it counts again once the shopper asks for a new Pix), and not one of the removed demo
 * products' orders (orders.demo_products).
 */
const SOLD = sql`o.status <> 'cancelled' and not o.demo_products and not exists (select 1 from order_payments op_expired where op_expired.order_id = o.id and op_expired.status = 'expired')`;

/** Sales (see SOLD) made between the first day's midnight and the day after the last, in the shop. */
export function soldInPeriod(period: SalesPeriod | null): SQL {
  if (!period) return SOLD;
  return sql`${SOLD}
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

/** The sales' money by payment: received (less what was given back), still awaited, and given back. */
export type PaymentSummary = { paidCents: number; awaitingCents: number; refundedCents: number };

export async function getPaymentSummary(db: DatabaseOrTransaction, period: SalesPeriod | null): Promise<PaymentSummary> {
  const { rows } = await db.execute<{ paid: string; awaiting: string; refunded: string }>(sql`
    select coalesce(sum(op.paid_cents - op.refunded_cents) filter (where op.status in ('paid', 'refunded')), 0)::bigint as paid,
      coalesce(sum(o.total_cents) filter (where op.status is null or op.status = 'awaiting'), 0)::bigint as awaiting,
      coalesce(sum(op.refunded_cents), 0)::bigint as refunded
    from orders o left join order_payments op on op.order_id = o.id
    where ${soldInPeriod(period)}`);
  return { paidCents: Number(rows[0]?.paid ?? 0), awaitingCents: Number(rows[0]?.awaiting ?? 0), refundedCents: Number(rows[0]?.refunded ?? 0) };
}
