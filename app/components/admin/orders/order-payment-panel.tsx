import { useFetcher } from "react-router";
import type { ActionResult } from "~/lib/forms/action-result";
import { formatBRL } from "~/lib/format/money";
import { decimalCommaPrice } from "~/lib/forms/price-input";
import { formatShopDateTime } from "~/lib/format/shop-time";
import { MARK_PAID_INTENT, REFUND_INTENT, REFUND_REASON_MAX, type AdminOrderPayment } from "~/lib/payments/admin-payment";

const REFUND_STATUS: Record<AdminOrderPayment["refunds"][number]["status"], string> = {
  done: "feita",
  processing: "pedida ao banco",
  failed: "recusada pelo banco",
};

/**
 * The order window's money: how and when it was paid, "Marcar como pago", refunds and the refund form
 * (only for a role that may give money back: `canRefund`).
 */
export function OrderPaymentPanel({
  payment,
  action,
  orderTotalCents,
  canRefund,
}: {
  payment: AdminOrderPayment;
  action: string;
  orderTotalCents: number;
  canRefund: boolean;
}) {
  const markPaid = useFetcher<ActionResult>();
  return (
    <div className="mt-2 space-y-3 text-slate-800" data-testid="order-payment">
      {payment.status === "paid" || payment.status === "refunded" ? (
        <p>
          Pago {formatBRL(payment.paidCents)}
          {payment.paidAt ? ` em ${formatShopDateTime(payment.paidAt)}` : ""}
          {payment.confirmedBy === "pix" ? ", confirmado pelo banco" : payment.confirmedBy === "clerk" ? `, marcado por ${payment.confirmedByName || "um atendente"}` : ""}.
        </p>
      ) : null}
      {payment.endToEndId ? (
        <p className="text-slate-600">
          Pix (end-to-end): <span className="font-mono text-xs break-all" data-testid="payment-e2e">{payment.endToEndId}</span>
        </p>
      ) : null}
      {payment.mismatchCents !== null && payment.status === "awaiting" ? (
        <p role="status" className="rounded-lg bg-red-50 p-3 font-semibold text-red-800">
          Chegou um Pix de {formatBRL(payment.mismatchCents)}, diferente do valor do pedido ({formatBRL(orderTotalCents)}): o pedido não foi marcado como pago. Fale com o cliente.
        </p>
      ) : null}
      {payment.attention ? (
        <p role="alert" className="rounded-lg bg-amber-50 p-3 font-semibold text-amber-900" data-testid="payment-attention">
          {payment.attention}
        </p>
      ) : null}

      {payment.canMarkPaid ? (
        <markPaid.Form method="post" action={action}>
          <input type="hidden" name="intent" value={MARK_PAID_INTENT} />
          <button type="submit" disabled={markPaid.state !== "idle"} className="rounded-lg bg-green-700 px-4 py-2.5 font-semibold text-white hover:bg-green-800">
            {markPaid.state !== "idle" ? "Marcando…" : `Marcar como pago (${formatBRL(orderTotalCents)})`}
          </button>
        </markPaid.Form>
      ) : null}
      {markPaid.state === "idle" && markPaid.data ? (
        <p role="status" className={markPaid.data.ok ? "text-green-800" : "text-red-700"}>
          {markPaid.data.ok ? markPaid.data.message : markPaid.data.errors.form}
        </p>
      ) : null}

      {payment.refunds.length ? (
        <ul className="space-y-1" data-testid="payment-refunds">
          {payment.refunds.map((item, index) => (
            <li key={index} className={item.status === "failed" ? "text-slate-500 line-through" : ""}>
              Devolução de {formatBRL(item.amountCents)} em {formatShopDateTime(item.createdAt)} por {item.actorName || "um atendente"} ({REFUND_STATUS[item.status]}
              {item.viaProvider ? ", pelo banco" : ""}): {item.reason}
            </li>
          ))}
        </ul>
      ) : null}

      <RefundSection payment={payment} action={action} canRefund={canRefund} />
    </div>
  );
}

/** Giving money back: the form (for a role that may) and the answer, which stays after a full refund closes the form. */
function RefundSection({ payment, action, canRefund }: { payment: AdminOrderPayment; action: string; canRefund: boolean }) {
  const refund = useFetcher<ActionResult>();
  const refundErrors = refund.data && !refund.data.ok ? refund.data.errors : null;
  return (
    <>
      {canRefund && payment.refundableCents > 0 ? (
        <details className="rounded-lg border border-slate-200 p-3">
          <summary className="cursor-pointer font-semibold">Devolver pagamento</summary>
          <refund.Form method="post" action={action} className="mt-3 grid gap-3 sm:grid-cols-[10rem_1fr]">
            <input type="hidden" name="intent" value={REFUND_INTENT} />
            <label className="block">
              <span className="block text-sm font-semibold">Valor (R$)</span>
              <input
                name="amount"
                inputMode="decimal"
                defaultValue={decimalCommaPrice(payment.refundableCents)}
                aria-invalid={refundErrors?.amount ? true : undefined}
                className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base"
              />
            </label>
            <label className="block">
              <span className="block text-sm font-semibold">Motivo</span>
              <input name="reason" maxLength={REFUND_REASON_MAX} required minLength={3} className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base" />
            </label>
            <p className="text-xs text-slate-600 sm:col-span-2">
              Até {formatBRL(payment.refundableCents)}.{" "}
              {payment.refundViaProvider ? "O banco devolve o Pix para a conta do cliente." : "Devolva o dinheiro ao cliente e registre aqui."}
            </p>
            <button type="submit" disabled={refund.state !== "idle"} className="rounded-lg bg-slate-900 px-4 py-2.5 font-semibold text-white sm:col-span-2 sm:justify-self-start">
              {refund.state !== "idle" ? "Devolvendo…" : "Devolver"}
            </button>
          </refund.Form>
        </details>
      ) : null}
      {refund.state === "idle" && refund.data ? (
        <p role="status" className={refund.data.ok ? "text-green-800" : "text-red-700"}>
          {refund.data.ok ? refund.data.message : (refundErrors?.amount ?? refundErrors?.reason ?? refundErrors?.form)}
        </p>
      ) : null}
    </>
  );
}
