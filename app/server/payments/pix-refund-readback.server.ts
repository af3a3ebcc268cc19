// Refunds the provider had not finished when the shop asked ("pedida ao banco": no answer, or the
// bank still processing), read back until the provider says DEVOLVIDO or NAO_REALIZADO, and recorded
// once. Done: the amount stays given back. Not done (or unknown to the provider): the amount is
// counted as paid again, as when the bank refuses at once, and the clerk may try again.
import { sql } from "drizzle-orm";
import type { Database } from "../db/database.server";
import { log } from "../log/logger.server";
import { notifyOrderEvent } from "../orders/order-events.server";
import { PixProviderError, type PixProvider, type PixRefund } from "./pix-provider.server";

/** A refund taken by a reader is held this long; the provider still processing it: asked again after it. */
const READBACK_LEASE = sql`interval '1 minute'`;

type RefundToRead = { id: number; order_id: string; refund_id: string; amount_cents: number; end_to_end_id: string; txid: string; provider_id: string };

export type RefundReadback = "done" | "failed" | "processing" | "unavailable" | "already";

/** One round: each 'processing' refund through this provider whose read is due, leased so two instances never read one at once. */
export async function checkRequestedRefunds(db: Database, provider: PixProvider, { batch = 20 } = {}): Promise<RefundReadback[]> {
  const { rows } = await db.execute<RefundToRead>(sql`
    with due as (
      select r.id from pix_refunds r
        join pix_receipts p on p.id = r.receipt_id
        join pix_charges c on c.id = p.charge_id
      where r.status = 'processing' and r.next_check_at <= now() and c.provider = ${provider.name}
      order by r.next_check_at limit ${batch} for update of r skip locked),
    taken as (update pix_refunds set next_check_at = now() + ${READBACK_LEASE} where id in (select id from due) returning id, order_id, refund_id, amount_cents, receipt_id)
    select t.id, t.order_id, t.refund_id, t.amount_cents, p.end_to_end_id, c.txid, c.provider_id
    from taken t join pix_receipts p on p.id = t.receipt_id join pix_charges c on c.id = p.charge_id`);
  const outcomes: RefundReadback[] = [];
  for (const refund of rows) outcomes.push(await readBackRefund(db, provider, refund));
  return outcomes;
}

async function readBackRefund(db: Database, provider: PixProvider, refund: RefundToRead): Promise<RefundReadback> {
  let status: PixRefund["status"];
  try {
    const answer = await provider.readRefund({
      reference: { txid: refund.txid, providerId: refund.provider_id },
      endToEndId: refund.end_to_end_id,
      refundId: refund.refund_id,
      amountCents: refund.amount_cents,
    });
    status = answer.status;
  } catch (error) {
    if (error instanceof PixProviderError && error.kind !== "unavailable") {
      // The provider has no such refund, or refuses it: nothing was given back.
      status = "failed";
    } else {
      log.warn({ err: error instanceof PixProviderError ? error.message : error, refund: refund.refund_id }, "pix refund not read back: tried again later");
      return "unavailable";
    }
  }
  if (status === "processing") return "processing";
  return settleRefund(db, refund, status);
}

async function settleRefund(db: Database, refund: RefundToRead, outcome: "done" | "failed"): Promise<RefundReadback> {
  return db.transaction(async (tx) => {
    // The refund path's order: the order, its payment row, then the refund.
    const { rows: orders } = await tx.execute<{ code: string; status: string }>(sql`select code, status from orders where id = ${refund.order_id} for update`);
    await tx.execute(sql`select 1 from order_payments where order_id = ${refund.order_id} for update`);
    const { rows: settled } = await tx.execute(sql`update pix_refunds set status = ${outcome} where id = ${refund.id} and status = 'processing' returning id`);
    if (!settled.length) return "already";
    if (outcome === "failed") {
      await tx.execute(sql`
        update order_payments set refunded_cents = refunded_cents - ${refund.amount_cents}, status = 'paid', updated_at = now()
        where order_id = ${refund.order_id}`);
    }
    log.info({ refund: refund.refund_id, outcome }, "pix refund read back from the provider");
    const order = orders[0];
    if (order) await notifyOrderEvent(tx, { type: "updated", id: refund.order_id, code: order.code, status: order.status as never });
    return outcome;
  });
}
