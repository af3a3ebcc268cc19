// Paying in instalments: which payment methods may be split, into how many instalments, and what each
// comes to. The checkout form offers exactly what the server then accepts (orders.server.ts).
import { instalmentCents } from "../format/money";
import type { PaymentMethod } from "./payment-methods";

/** The most instalments a shop may offer (the settings form's range is 1 to this). */
export const MAX_INSTALLMENTS = 12;

/** Cards and the shop's own credit are paid in instalments; PIX, debit and cash at once. */
const SPLIT_PAYMENTS: ReadonlySet<string> = new Set<PaymentMethod>(["credit", "store_credit"]);

/** How many instalments an order paid with `paymentMethod` may have under the shop's settings. */
/** The setting the shop decides instalments by (Settings["maxInstallments"]). */
type InstallmentSettings = { maxInstallments: number };

export function maxInstallmentsFor(settings: InstallmentSettings, paymentMethod: string): number {
  return SPLIT_PAYMENTS.has(paymentMethod) ? settings.maxInstallments : 1;
}

/** The instalments offered for a total: 1x up to the most allowed, each with its value (rounded up). */
export function installmentOptions(
  settings: InstallmentSettings,
  paymentMethod: string,
  totalCents: number,
): { count: number; eachCents: number }[] {
  return Array.from({ length: maxInstallmentsFor(settings, paymentMethod) }, (_, index) => ({
    count: index + 1,
    eachCents: instalmentCents(totalCents, index + 1),
  }));
}
