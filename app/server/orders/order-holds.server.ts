// A shopper's pending order holds its units for a bounded time (docs/decisions/0027-bounded-holds.md):
// one nobody confirmed or paid within the settings' orderHoldHours of its last status change is
// cancelled by the shop itself, its units back on their shelves, its history saying why. Every app
// process sweeps once a minute; each order is taken with `for update skip locked`, so two instances,
// a clerk's click and a restart in the middle never cancel twice nor give the units back twice.
//
// Left to the Pix side: an order whose payment is a live provider charge ('creating', 'active') holds
// its units as long as the charge (app/server/payments), and one with money in (paid, or an amount
// that did not match) waits for a clerk.
import { sql } from "drizzle-orm";
import { orderHistory } from "#database/schema";
import { HOLD_EXPIRED_REASON } from "~/lib/holds/hold-expiry";
import type { Database } from "../db/database.server";
import { startDeliveryLoop, type DeliveryLoop } from "../db/delivery-loop.server";
import { getSettings } from "../group/settings.server";
import { notifyOrderEvent } from "./order-events.server";
import { moveOrderStock } from "./order-stock.server";

/** How often each process looks for expired holds: an order is cancelled at most this long after its time. */
export const HOLD_SWEEP_INTERVAL_MS = 60_000;
/** Orders cancelled per round at most (one transaction each); the rest wait for the next round. */
const SWEEP_BATCH = 100;

/**
 * Cancels the shoppers' pending orders whose hold expired, one transaction per order, and says which
 * (their codes). The hold runs from the order's last status change (a clerk re-opening a cancelled
 * order gives it a new one), or its placing.
 */
export async function expireUnconfirmedOrders(db: Database, { batch = SWEEP_BATCH }: { batch?: number } = {}): Promise<string[]> {
  const { orderHoldHours } = await getSettings(db);
  const cancelled: string[] = [];
  for (let round = 0; round < batch; round += 1) {
    const code = await expireOne(db, orderHoldHours);
    if (code === null) break;
    cancelled.push(code);
  }
  return cancelled;
}

async function expireOne(db: Database, holdHours: number): Promise<string | null> {
  return db.transaction(async (tx) => {
    // The order row is locked first, as a clerk's status change locks it, then its products (moveOrderStock).
    const { rows } = await tx.execute<{ id: string; code: string }>(sql`
      select o.id, o.code from orders o
      where o.status = 'pending' and o.stock_applied and o.channel <> 'balcao'
        -- Placed before the hold's start (orders_held_since_idx), and no status change since.
        and o.created_at <= now() - make_interval(hours => ${holdHours})
        and coalesce((select max(h.created_at) from order_history h where h.order_id = o.id and h.kind = 'status'), o.created_at)
            <= now() - make_interval(hours => ${holdHours})
        and not exists (select 1 from pix_charges c where c.order_id = o.id and c.status in ('creating', 'active', 'paid', 'mismatch'))
        and not exists (select 1 from order_payments p where p.order_id = o.id and (p.status in ('paid', 'refunded') or p.mismatch_cents is not null))
      order by o.created_at
      limit 1
      for update of o skip locked`);
    const order = rows[0];
    if (!order) return null;
    await moveOrderStock(tx, order.id, "return");
    await tx.execute(sql`update orders set status = 'cancelled', stock_applied = false, updated_at = now() where id = ${order.id}`);
    await tx.insert(orderHistory).values({ orderId: order.id, kind: "status", status: "cancelled", actorName: "", reason: HOLD_EXPIRED_REASON });
    await notifyOrderEvent(tx, { type: "updated", id: order.id, code: order.code, status: "cancelled" });
    return order.code;
  });
}

/** The process's sweep: a round now (what expired while it was down goes at once), then every minute. */
export function startHoldExpiry(db: Database, { intervalMs = HOLD_SWEEP_INTERVAL_MS } = {}): DeliveryLoop {
  return startDeliveryLoop(() => expireUnconfirmedOrders(db), { intervalMs, name: "order hold expiry" });
}
