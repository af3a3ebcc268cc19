// A counter sale's terms, checked and recorded as placing the order records it (./order-placing.server.ts):
// the clerk's discount and instalments, the cash received, and the sale handed over at once.
import { sql } from "drizzle-orm";
import { orderHistory } from "#database/orders-schema";
import { orderPayments } from "#database/schema";
import { formatBRL } from "~/lib/format/money";
import { counterPaymentLabel, type CounterPaymentMethod } from "~/lib/counter/counter-sale";
import { variantLabel } from "~/lib/catalog/variants";
import { maxInstallmentsFor } from "~/lib/payments/installments";
import type { Settings } from "~/lib/group/settings";
import { recordAdminChange, type AuditActor } from "../group/audit-log.server";
import { OrderRejectedError, type PricedLine, type Transaction } from "./order-lines.server";

export type CounterSaleTerms = {
  storeLocationId: number;
  clerk: AuditActor & { id: string };
  paymentMethod: CounterPaymentMethod;
  /** Cash handed over (dinheiro): at least the total, the rest is the change. */
  cashReceivedCents: number | null;
  /** A discount the clerk gives off the items (less than their sum); 0: none. */
  discountCents?: number;
  /** "CPF na nota", checked by its digits ('' when not asked). */
  cpf?: string;
  /** Crédito's instalments, within the settings' most (1: at once). */
  installments?: number;
};

/** The clerk's discount leaves something to pay; Crédito's instalments are within the settings'. */
export function checkCounterTerms(settings: Settings, counter: CounterSaleTerms, subtotalCents: number) {
  const discountCents = counter.discountCents ?? 0;
  if (!Number.isSafeInteger(discountCents) || discountCents < 0 || (discountCents > 0 && discountCents >= subtotalCents)) {
    throw new OrderRejectedError(`O desconto deve ser menor que o valor dos itens (${formatBRL(subtotalCents)}).`);
  }
  const max = maxInstallmentsFor(settings, counter.paymentMethod);
  if ((counter.installments ?? 1) > max) throw new OrderRejectedError(`Parcelamento em até ${max}x para esta forma de pagamento.`);
}

/** A discount on the whole sale, shared among its lines by their amounts (the last line takes the rounding), so each line's figures add up to the order's. */
export function spreadDiscount(discountCents: number, lines: PricedLine[]): number[] {
  const amounts = lines.map((line) => (line.unitPriceCents ?? 0) * line.quantity);
  const subtotal = amounts.reduce((sum, cents) => sum + cents, 0);
  const shares = amounts.map((cents) => Math.floor((discountCents * cents) / subtotal));
  shares[shares.length - 1]! += discountCents - shares.reduce((sum, cents) => sum + cents, 0);
  return shares;
}

export function checkCounterPayment(counter: CounterSaleTerms, totalCents: number, hasConsultItems: boolean) {
  if (hasConsultItems) throw new OrderRejectedError("Este produto está com preço a consultar: cadastre o preço antes de vender no balcão.");
  if (counter.paymentMethod !== "cash") return;
  if (counter.cashReceivedCents === null || counter.cashReceivedCents < totalCents) {
    throw new OrderRejectedError(`O valor recebido é menor que o total (${formatBRL(totalCents)}).`);
  }
}

/**
 * A counter sale is handed over as it is recorded: its history and the audit say so, by the clerk. It
 * is paid at once in cash or by card; a PIX sale waits for its money (the PIX screen shows the code:
 * the provider's charge confirms it, or the clerk does).
 */
export async function recordCounterSale(
  tx: Transaction,
  counter: CounterSaleTerms,
  order: { id: string; code: string; totalCents: number; storeName: string; lines: PricedLine[] },
) {
  await tx.insert(orderPayments).values(
    counter.paymentMethod === "pix" && order.totalCents > 0
      ? { orderId: order.id, status: "awaiting" }
      : {
          orderId: order.id,
          status: "paid",
          paidCents: order.totalCents,
          paidAt: sql`now()`,
          confirmedBy: "clerk",
          actorId: counter.clerk.id,
          actorName: counter.clerk.name,
        },
  );
  await tx.insert(orderHistory).values({ orderId: order.id, kind: "status", status: "delivered", actorId: counter.clerk.id, actorName: counter.clerk.name });
  await recordAdminChange(tx, counter.clerk, {
    action: "order.counter_sale",
    entityType: "order",
    entityId: order.id,
    entityLabel: `#${order.code}`,
    before: null,
    after: {
      store: order.storeName,
      items: order.lines.map((line) => `${line.quantity}x ${line.name}${variantLabel(line) ? ` – ${variantLabel(line)}` : ""}`),
      totalCents: order.totalCents,
      paymentMethods: counterPaymentLabel(counter.paymentMethod),
      ...(counter.discountCents ? { discountCents: counter.discountCents } : {}),
      ...((counter.installments ?? 1) > 1 ? { installments: counter.installments } : {}),
    },
  });
}

