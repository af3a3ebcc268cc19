// A counter sale paid by PIX, as its screen on the clerk's phone shows it (app/server/payments/counter-pix.server.ts).
import type { PaymentStatus } from "../payments/payment-status";

export const counterPixPath = (orderId: string) => `/admin/balcao/pix/${orderId}`;

/** The clerk saw the money in the bank app (the shop's static code, or a provider that cannot say). */
export const CONFIRM_COUNTER_PIX_INTENT = "confirm-pix";

/** The screen asks the server again this often while it waits for the money. */
export const COUNTER_PIX_POLL_MS = 3000;

export type CounterPixScreen = {
  orderId: string;
  code: string;
  totalCents: number;
  status: PaymentStatus;
  /** Cancelled in the order window since. */
  cancelled: boolean;
  /** The code is the provider's charge: the sale turns paid by itself when the money arrives. */
  byProvider: boolean;
  /** The provider is making the charge: the code shows in a moment. */
  generating: boolean;
  /** The shop has no PIX key in /admin/configuracoes: no code can be shown. */
  noKey: boolean;
  /** What the customer's bank app reads (also in the QR code); null once paid, or while generating. */
  copyPaste: string | null;
  /** The QR code as SVG, drawn on the server; null when the code is too long to draw. */
  qrSvg: string | null;
  /** "Confirmar pagamento recebido": the clerk confirms (no live charge of the provider to say it). */
  canConfirm: boolean;
};
