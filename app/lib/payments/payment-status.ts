// An order's payment state, beside its delivery status: what the shopper's page and the admin show.

export const PAYMENT_STATUSES = ["awaiting", "paid", "expired", "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export function isPaymentStatus(value: unknown): value is PaymentStatus {
  return typeof value === "string" && (PAYMENT_STATUSES as readonly string[]).includes(value);
}

/** What the order page knows of the money: the state, and the live Pix charge while one waits. */
export type OrderPaymentView = {
  status: PaymentStatus;
  /** ISO time the payment was confirmed (by the provider or a clerk). */
  paidAt: string | null;
  confirmedBy: "pix" | "clerk" | null;
  refundedCents: number;
  /** Money that arrived for another amount than the order's ("valor diferente"): not paid. */
  mismatchCents: number | null;
  /** The provider's charge while it can be paid: its "copia e cola" and when it runs out. */
  charge: { copyPaste: string; expiresAt: string } | null;
  /** An expired order whose units are still on the shelf may ask for a new Pix. */
  canRenew: boolean;
  /** The provider's charge is being made (moments after the checkout): "Gerando o código PIX…", and the page asks again soon. */
  generating: boolean;
  /** The provider did not make the charge in time: the page shows the shop's static code with a line saying so. */
  chargeUnavailable: boolean;
};

/** "29:58": what is left of a charge's time, for the countdown (never negative). */
export function timeLeftText(expiresAt: string, now: number): string {
  const seconds = Math.max(0, Math.floor((Date.parse(expiresAt) - now) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
