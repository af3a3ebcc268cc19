import { formatBRL } from "~/lib/format/money";
import { PAYMENT_LABELS } from "~/lib/payments/admin-payment";
import type { PaymentStatus } from "~/lib/payments/payment-status";

const COLOURS: Record<PaymentStatus, string> = {
  awaiting: "bg-amber-50 text-amber-900 ring-1 ring-amber-300",
  paid: "bg-green-100 text-green-900",
  expired: "bg-slate-200 text-slate-700",
  refunded: "bg-rose-100 text-rose-900",
};

/**
 * The payment state beside the delivery status: Pago / Aguardando / Expirado / Devolvido, and "valor
 * diferente" when a Pix arrived for another amount than the order's (not paid: the clerk sorts it out).
 */
export function PaymentBadge({ status, mismatchCents, refundedCents = 0 }: { status: PaymentStatus; mismatchCents: number | null; refundedCents?: number }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1" data-testid="payment-badge">
      <span className={`inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${COLOURS[status]}`}>{PAYMENT_LABELS[status]}</span>
      {status === "paid" && refundedCents > 0 ? (
        <span className="whitespace-nowrap text-xs font-semibold text-rose-800">{formatBRL(refundedCents)} devolvido</span>
      ) : null}
      {mismatchCents !== null && status === "awaiting" ? (
        <span className="whitespace-nowrap rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-bold text-red-800">valor diferente</span>
      ) : null}
    </span>
  );
}
