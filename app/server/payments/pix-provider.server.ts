// What the shop needs from a Pix provider, whichever it is: create a charge for an order's exact
// amount, read it back, tell the provider where to call when money arrives, and give money back. The
// adapters (the Banco Central's API, Mercado Pago) turn their own shapes into these. A charge read
// from the provider is the truth; a webhook only says "look again".

export type PixChargeStatus = "active" | "concluded" | "removed";

export type PixRefund = { id: string; amountCents: number; status: "processing" | "done" | "failed" };

export type PixReceived = {
  /** The Pix's end-to-end id: one per transfer, the key that records a payment once. */
  endToEndId: string;
  amountCents: number;
  paidAt: Date;
  refunds: PixRefund[];
};

export type PixCharge = {
  txid: string;
  /** The provider's own id where it differs from the txid (Mercado Pago's payment id). */
  providerId: string;
  status: PixChargeStatus;
  amountCents: number;
  /** The "copia e cola" code the shopper's bank app reads (also what the QR code holds). */
  copyPaste: string;
  createdAt: Date;
  expiresAt: Date;
  received: PixReceived[];
};

export type NewPixCharge = {
  txid: string;
  amountCents: number;
  expiresInSeconds: number;
  /** The shop's Pix key the money goes to. */
  key: string;
  /** A line the shopper's bank app shows ("Pedido #AB12CD34 - Loja Erick"). */
  description: string;
  /** Where the provider announces the payment, for providers that take it per charge (Mercado Pago). */
  webhookUrl?: string;
  /** An e-mail for the payer, for providers that require one (Mercado Pago); the shop's own when the shopper gave none. */
  payerEmail?: string;
};

export type PixChargeReference = { txid: string; providerId: string };

export interface PixProvider {
  readonly name: "bacen" | "mercadopago";
  createCharge(charge: NewPixCharge): Promise<PixCharge>;
  /** The charge as the provider has it; `providerId` may be empty (a charge whose making went unanswered): found by the txid. */
  readCharge(reference: PixChargeReference): Promise<PixCharge>;
  /** Withdraws an unpaid charge so it can no longer be paid (the order was cancelled or paid otherwise); a charge the provider does not know is gone already. */
  removeCharge(reference: PixChargeReference): Promise<void>;
  /** Tells the provider where to announce payments for this key (a no-op where it is set per charge). */
  registerWebhook(key: string, webhookUrl: string): Promise<void>;
  refund(input: PixRefundRequest): Promise<PixRefund>;
  /** Where a refund left unanswered stands now (the poller asks until it is done or failed); not-found: the provider has no such refund. */
  readRefund(input: PixRefundRequest): Promise<PixRefund>;
}

export type PixRefundRequest = { reference: PixChargeReference; endToEndId: string; refundId: string; amountCents: number };

/**
 * The provider could not be reached, answered too late, or answered something we cannot read: the
 * caller carries on without it (the order keeps its static code; the poller tries again later).
 * `refused` is the provider saying no to a well-formed request (bad credentials, a refused webhook
 * address): worth showing to the owner. The message never carries a credential.
 */
export class PixProviderError extends Error {
  constructor(
    readonly kind: "unavailable" | "refused" | "not-found",
    message: string,
  ) {
    super(message);
    this.name = "PixProviderError";
  }
}

/** "123.45" → 12345, exactly (no floating point on money). Undefined for anything else. */
export function centsFromDecimal(text: string): number | undefined {
  const match = /^(\d{1,10})\.(\d{2})$/.exec(text);
  return match ? Number(match[1]) * 100 + Number(match[2]) : undefined;
}

export function decimalFromCents(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}
