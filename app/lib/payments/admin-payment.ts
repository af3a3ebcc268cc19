// The money side of an order as the order window and the orders list show it, and the clerk's two
// forms on it ("Marcar como pago", "Devolver"). Client-safe: the rules that decide live in
// app/server/payments/admin-order-payment.server.ts.
import { z } from "~/lib/forms/validation";
import { formatBRL } from "../format/money";
import { readBRL } from "../forms/price-input";
import type { PaymentStatus } from "./payment-status";

/** The list's payment filter and the badge: "valor diferente" is an awaiting order whose Pix came for another amount. */
export const PAYMENT_LABELS: Record<PaymentStatus, string> = {
  awaiting: "Aguardando",
  paid: "Pago",
  expired: "Expirado",
  refunded: "Devolvido",
};

/** `/admin/pedidos?pagamento=paid`; Devolvido also finds orders given back in part. */
export function isPaymentFilter(value: unknown): value is PaymentStatus {
  return typeof value === "string" && Object.hasOwn(PAYMENT_LABELS, value);
}

export type AdminPaymentRefund = {
  amountCents: number;
  reason: string;
  /** 'processing' (the provider has not finished), 'done', 'failed' (nothing given back). */
  status: "processing" | "done" | "failed";
  actorName: string;
  createdAt: string;
  /** Through the provider (a Pix given back) or by the shop itself (cash, card). */
  viaProvider: boolean;
};

export type AdminOrderPayment = {
  status: PaymentStatus;
  paidAt: string | null;
  paidCents: number;
  refundedCents: number;
  confirmedBy: "pix" | "clerk" | null;
  /** The clerk who marked it paid. */
  confirmedByName: string;
  /** The paying transfer's end-to-end id (the one the shopper's bank app shows). */
  endToEndId: string | null;
  /** A Pix arrived for another amount: "valor diferente", not paid. */
  mismatchCents: number | null;
  canMarkPaid: boolean;
  /** What the clerk must sort out about money that came when the order no longer expected it (pt-BR), or null. */
  attention: string | null;
  /** What may still be given back (0: no refund form). */
  refundableCents: number;
  /** A refund goes through the Pix provider (else the shop gives the money back itself and records it). */
  refundViaProvider: boolean;
  refunds: AdminPaymentRefund[];
};

/** The window's line for money the clerk must sort out (order_payments.attention). */
export function paymentAttention(code: string | null, detail: string): string | null {
  if (code === "stock-short") return `Pago depois que o Pix expirou, quando as unidades já tinham voltado à venda. ${detail} Reponha o estoque ou devolva o pagamento.`;
  if (code === "paid-after-cancel") return "Pix pago depois do cancelamento do pedido: devolva o valor ao cliente.";
  if (code === "paid-twice") return "Este pedido foi pago duas vezes: devolva um dos Pix pelo app do banco.";
  return null;
}

export const MARK_PAID_INTENT = "mark-paid";
export const REFUND_INTENT = "refund";

export const REFUND_REASON_MAX = 300;

/** The refund form: an amount typed the Brazilian way and a reason. */
export const refundFormSchema = z.object({
  amount: z
    .string()
    .trim()
    .min(1, "Informe o valor a devolver.")
    .transform((text, ctx) => {
      const price = readBRL(text);
      if (!price.ok || price.cents <= 0) {
        ctx.addIssue({ code: "custom", message: "Valor inválido: use o formato 12,50." });
        return z.NEVER;
      }
      return price.cents;
    }),
  reason: z.string().trim().min(3, "Diga o motivo da devolução.").max(REFUND_REASON_MAX, `O motivo pode ter até ${REFUND_REASON_MAX} caracteres.`),
});

export function refundTooLargeMessage(refundableCents: number): string {
  return refundableCents > 0
    ? `Valor maior que o pago: no máximo ${formatBRL(refundableCents)} pode ser devolvido.`
    : "Não há valor pago a devolver neste pedido.";
}
