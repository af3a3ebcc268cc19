// The clerk's side of an order's money, in the order window: what was paid, how and when; "Marcar como
// pago" where no provider confirms payments; and refunds, total or partial, with a reason.
//
// Once, under concurrency: both changes lock the order's payment row (order_payments, created for the
// order if missing) before deciding, so two clicks on "Marcar como pago" make one payment and two
// refunds at once can never give back more than was paid (and the table's check refunded <= paid
// holds the line too). A refund through the provider takes its amount first (committed), calls the
// provider outside any transaction, then records the answer; a refusal gives the amount back.
import { sql } from "drizzle-orm";
import { actionRefusal, actionSuccess, type ActionResult } from "~/lib/forms/action-result";
import { formatBRL } from "~/lib/format/money";
import { PAYMENT_LABELS, paymentAttention, refundTooLargeMessage, type AdminOrderPayment, type AdminPaymentRefund } from "~/lib/payments/admin-payment";
import { isPaymentStatus, type PaymentStatus } from "~/lib/payments/payment-status";
import type { AppConfig } from "../config.server";
import type { Database, DatabaseOrTransaction } from "../db/database.server";
import { recordAdminChange, type AuditActor } from "../group/audit-log.server";
import { log } from "../log/logger.server";
import { notifyOrderEvent } from "../orders/order-events.server";
import { retakeOrderStock } from "../orders/order-stock.server";
import { pixProviderFor } from "./pix-charges.server";
import { PixProviderError, type PixRefund } from "./pix-provider.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type OrderRow = { id: string; code: string; status: string; payment_method: string | null; total_cents: number };
type PaymentRow = {
  status: string;
  paid_cents: number;
  refunded_cents: number;
  paid_at: Date | null;
  confirmed_by: string | null;
  actor_name: string;
  mismatch_cents: number | null;
  attention: string | null;
  attention_detail: string;
};

/**
 * A clerk confirms the money wherever the provider cannot: no provider set, an order paid another way
 * (cash, card), or a Pix order without a live charge at this provider (never made, expired, made under
 * another PIX_PROVIDER: the shopper was shown the shop's static code). A live charge is paid when the
 * provider says so, never by a click.
 */
async function clerkConfirms(db: DatabaseOrTransaction, config: AppConfig, order: Pick<OrderRow, "id" | "payment_method">): Promise<boolean> {
  if (!config.pix || order.payment_method !== "pix") return true;
  const { rows } = await db.execute<{ live: boolean }>(sql`
    select (status = 'active' and provider = ${config.pix.provider} and expires_at > now()) as live
    from pix_charges where order_id = ${order.id} order by created_at desc, id desc limit 1`);
  return !rows[0]?.live;
}

function statusOf(payment: PaymentRow | undefined): PaymentStatus {
  return payment && isPaymentStatus(payment.status) ? payment.status : "awaiting";
}

/** The order window's payment block; null for an unknown order. */
export async function adminOrderPayment(db: DatabaseOrTransaction, config: AppConfig, orderId: string): Promise<AdminOrderPayment | null> {
  if (!UUID.test(orderId)) return null;
  const [{ rows: orderRows }, { rows: payments }, { rows: receipts }, { rows: refunds }] = await Promise.all([
    db.execute<OrderRow>(sql`select id, code, status, payment_method, total_cents from orders where id = ${orderId}`),
    db.execute<PaymentRow>(sql`select status, paid_cents, refunded_cents, paid_at, confirmed_by, actor_name, mismatch_cents, attention, attention_detail from order_payments where order_id = ${orderId}`),
    db.execute<{ end_to_end_id: string }>(sql`
      select r.end_to_end_id from pix_receipts r join pix_charges c on c.id = r.charge_id
      where c.order_id = ${orderId} order by (c.status = 'paid') desc, r.id desc limit 1`),
    db.execute<{ amount_cents: number; reason: string; status: string; actor_name: string; created_at: Date; receipt_id: number | null }>(sql`
      select amount_cents, reason, status, actor_name, created_at, receipt_id from pix_refunds where order_id = ${orderId} order by created_at, id`),
  ]);
  const order = orderRows[0];
  if (!order) return null;
  const payment = payments[0];
  const status = statusOf(payment);
  const settled = status === "paid" || status === "refunded";
  const refundableCents = settled && payment ? payment.paid_cents - payment.refunded_cents : 0;
  return {
    status,
    paidAt: settled && payment?.paid_at ? new Date(payment.paid_at).toISOString() : null,
    paidCents: payment?.paid_cents ?? 0,
    refundedCents: payment?.refunded_cents ?? 0,
    confirmedBy: payment?.confirmed_by === "pix" || payment?.confirmed_by === "clerk" ? payment.confirmed_by : null,
    confirmedByName: payment?.confirmed_by === "clerk" ? payment.actor_name : "",
    endToEndId: receipts[0]?.end_to_end_id ?? null,
    mismatchCents: payment?.mismatch_cents ?? null,
    canMarkPaid: (status === "awaiting" || status === "expired") && order.status !== "cancelled" && order.total_cents > 0 && (await clerkConfirms(db, config, order)),
    attention: status === "paid" ? paymentAttention(payment?.attention ?? null, payment?.attention_detail ?? "") : null,
    refundableCents,
    refundViaProvider: payment?.confirmed_by === "pix",
    refunds: refunds.map(
      (refund): AdminPaymentRefund => ({
        amountCents: refund.amount_cents,
        reason: refund.reason,
        status: refund.status === "done" || refund.status === "failed" ? refund.status : "processing",
        actorName: refund.actor_name,
        createdAt: new Date(refund.created_at).toISOString(),
        viaProvider: refund.receipt_id !== null,
      }),
    ),
  };
}

/** Locks the order and its payment row (made when missing), in that order: every payment change takes them so. */
async function lockPayment(tx: DatabaseOrTransaction, orderId: string): Promise<{ order: OrderRow; payment: PaymentRow } | null> {
  const { rows: orderRows } = await tx.execute<OrderRow>(sql`select id, code, status, payment_method, total_cents from orders where id = ${orderId} for update`);
  const order = orderRows[0];
  if (!order) return null;
  await tx.execute(sql`insert into order_payments (order_id, status) values (${orderId}, 'awaiting') on conflict (order_id) do nothing`);
  const { rows } = await tx.execute<PaymentRow>(sql`
    select status, paid_cents, refunded_cents, paid_at, confirmed_by, actor_name, mismatch_cents, attention, attention_detail from order_payments where order_id = ${orderId} for update`);
  return { order, payment: rows[0]! };
}

const NOT_FOUND = "Pedido não encontrado.";
/** A refund sent to the provider is read back by the poller only after this: past any wait for the provider's answer. */
const REFUND_FIRST_READBACK = sql`interval '1 minute'`;

/** "Marcar como pago": who and when, audited; a second click (or a concurrent one) changes nothing. */
export async function markOrderPaid(db: Database, config: AppConfig, orderId: string, actor: AuditActor): Promise<ActionResult> {
  if (!UUID.test(orderId)) return actionRefusal(NOT_FOUND);
  return db.transaction(async (tx) => {
    const locked = await lockPayment(tx, orderId);
    if (!locked) return actionRefusal(NOT_FOUND);
    const { order, payment } = locked;
    const status = statusOf(payment);
    if (status === "paid" || status === "refunded") return actionRefusal("Este pedido já está pago.");
    if (!(await clerkConfirms(tx, config, order))) return actionRefusal("Este Pix é confirmado pelo banco: o pedido fica pago sozinho quando o pagamento chega.");
    if (order.status === "cancelled") return actionRefusal("Pedido cancelado não pode ser marcado como pago.");
    if (order.total_cents <= 0) return actionRefusal("Este pedido não tem valor a pagar.");
    // Its Pix ran out and the units went back to the shelf: paid after all, they are taken again, or
    // the window says which the shelf lacks.
    const retaken = status === "expired" && order.status === "pending" ? await retakeOrderStock(tx, orderId) : { ok: true as const };
    const shortage = retaken.ok ? null : retaken.message;
    await tx.execute(sql`
      update order_payments set status = 'paid', paid_cents = ${order.total_cents}, paid_at = now(), confirmed_by = 'clerk',
        actor_id = ${actor.id}, actor_name = ${actor.name}, attention = ${shortage ? "stock-short" : null}, attention_detail = ${shortage ?? ""}, updated_at = now()
      where order_id = ${orderId}`);
    await recordAdminChange(tx, actor, {
      action: "order.payment",
      entityType: "order",
      entityId: order.id,
      entityLabel: `#${order.code}`,
      before: { payment: PAYMENT_LABELS[status] },
      after: { payment: PAYMENT_LABELS.paid, amount: formatBRL(order.total_cents) },
    });
    await notifyOrderEvent(tx, { type: "updated", id: order.id, code: order.code, status: order.status as never });
    return actionSuccess(`Pedido marcado como pago (${formatBRL(order.total_cents)}).${shortage ? ` ${shortage}` : ""}`);
  });
}

/** Bacen's refund id: letters and digits, 35 at most. The order's id and the refund's number within it. */
function refundIdFor(orderId: string, sequence: number): string {
  return `D${orderId.replace(/-/g, "")}${String(sequence).padStart(2, "0")}`;
}

type Reserved = {
  refundRowId: number;
  refundId: string;
  code: string;
  orderStatus: string;
  through: { endToEndId: string; txid: string; providerId: string } | null;
};

/**
 * A refund, total or partial, with its reason: through the provider when the money came through it
 * (a Pix confirmed by the bank), else recorded as given back by the shop (cash, card, a Pix the clerk
 * returned in the bank app). Never more than what was paid and not yet given back.
 */
export async function refundOrderPayment(
  db: Database,
  config: AppConfig,
  orderId: string,
  input: { amountCents: number; reason: string },
  actor: AuditActor,
): Promise<ActionResult> {
  if (!UUID.test(orderId)) return actionRefusal(NOT_FOUND);
  const reserved = await db.transaction(async (tx): Promise<Reserved | string | { amount: string }> => {
    const locked = await lockPayment(tx, orderId);
    if (!locked) return NOT_FOUND;
    const { order, payment } = locked;
    const status = statusOf(payment);
    if (status !== "paid" && status !== "refunded") return "Este pedido ainda não foi pago: não há o que devolver.";
    const refundable = payment.paid_cents - payment.refunded_cents;
    if (input.amountCents > refundable) return { amount: refundTooLargeMessage(refundable) };

    let through: Reserved["through"] = null;
    let receiptId: number | null = null;
    if (payment.confirmed_by === "pix") {
      const { rows } = await tx.execute<{ id: number; end_to_end_id: string; txid: string; provider_id: string; provider: string }>(sql`
        select r.id, r.end_to_end_id, c.txid, c.provider_id, c.provider from pix_receipts r join pix_charges c on c.id = r.charge_id
        where c.order_id = ${orderId} and c.status = 'paid' order by r.id desc limit 1`);
      const receipt = rows[0];
      if (!receipt || !config.pix || config.pix.provider !== receipt.provider) {
        return "O provedor Pix que recebeu este pagamento não está configurado: devolva pelo app do banco.";
      }
      through = { endToEndId: receipt.end_to_end_id, txid: receipt.txid, providerId: receipt.provider_id };
      receiptId = receipt.id;
    }
    const { rows: counted } = await tx.execute<{ n: number }>(sql`select count(*)::int as n from pix_refunds where order_id = ${orderId}`);
    const refundId = refundIdFor(orderId, (counted[0]?.n ?? 0) + 1);
    const { rows: inserted } = await tx.execute<{ id: number }>(sql`
      insert into pix_refunds (order_id, receipt_id, refund_id, amount_cents, reason, status, actor_id, actor_name, next_check_at)
      values (${orderId}, ${receiptId}, ${refundId}, ${input.amountCents}, ${input.reason}, ${through ? "processing" : "done"}, ${actor.id}, ${actor.name},
              now() + ${REFUND_FIRST_READBACK})
      returning id`);
    await tx.execute(sql`
      update order_payments set refunded_cents = refunded_cents + ${input.amountCents},
        status = case when refunded_cents + ${input.amountCents} >= paid_cents then 'refunded' else 'paid' end, updated_at = now()
      where order_id = ${orderId}`);
    if (!through) {
      await auditRefund(tx, actor, order, input, "done");
      await notifyOrderEvent(tx, { type: "updated", id: order.id, code: order.code, status: order.status as never });
    }
    return { refundRowId: inserted[0]!.id, refundId, code: order.code, orderStatus: order.status, through };
  });
  if (typeof reserved === "string" || "amount" in reserved) return actionRefusal(reserved);
  if (!reserved.through || !config.pix) return actionSuccess(`Devolução de ${formatBRL(input.amountCents)} registrada.`);

  const { through } = reserved;
  let answer: PixRefund | null = null;
  let problem: PixProviderError | null = null;
  try {
    answer = await pixProviderFor(config.pix).refund({
      reference: { txid: through.txid, providerId: through.providerId },
      endToEndId: through.endToEndId,
      refundId: reserved.refundId,
      amountCents: input.amountCents,
    });
  } catch (error) {
    problem = error instanceof PixProviderError ? error : new PixProviderError("unavailable", "a devolução não teve resposta");
    log.warn({ err: problem.message, order: reserved.code, refund: reserved.refundId }, "pix refund not confirmed by the provider");
  }
  // No answer at all: the provider may have done it, so the amount stays counted as given back ("em
  // processamento") rather than risk giving it twice; the clerk checks the bank app.
  const outcome: PixRefund["status"] = answer ? answer.status : problem?.kind === "unavailable" ? "processing" : "failed";
  await db.transaction(async (tx) => {
    // Only from 'processing': the poller's read-back may have settled it meanwhile (never twice).
    const { rows: settled } = await tx.execute(sql`update pix_refunds set status = ${outcome} where id = ${reserved.refundRowId} and status = 'processing' returning id`);
    if (!settled.length) return;
    if (outcome === "failed") {
      await tx.execute(sql`
        update order_payments set refunded_cents = refunded_cents - ${input.amountCents}, status = 'paid', updated_at = now()
        where order_id = ${orderId}`);
    } else {
      await auditRefund(tx, actor, { id: orderId, code: reserved.code }, input, outcome);
    }
    await notifyOrderEvent(tx, { type: "updated", id: orderId, code: reserved.code, status: reserved.orderStatus as never });
  });
  if (outcome === "failed") return actionRefusal(`O banco recusou a devolução; nada foi devolvido.${problem ? ` (${problem.message})` : ""}`);
  if (outcome === "processing") return actionSuccess(`Devolução de ${formatBRL(input.amountCents)} pedida ao banco.`);
  return actionSuccess(`Devolução de ${formatBRL(input.amountCents)} feita pelo banco.`);
}

async function auditRefund(tx: DatabaseOrTransaction, actor: AuditActor, order: { id: string; code: string }, input: { amountCents: number; reason: string }, status: PixRefund["status"]) {
  await recordAdminChange(tx, actor, {
    action: "order.refund",
    entityType: "order",
    entityId: order.id,
    entityLabel: `#${order.code}`,
    before: null,
    after: { refund: formatBRL(input.amountCents), reason: input.reason, ...(status === "processing" ? { state: "pedida ao banco" } : {}) },
  });
}
