// The money side of one order, as its page and the admin read and change it. With a Pix provider the
// order page is where the charge is made (the checkout answers at once; the page waits a few seconds
// for the provider at most) and where each visit reads it again, so a lost webhook shows as soon as
// the shopper looks.
import { sql } from "drizzle-orm";
import { isPaymentStatus, type OrderPaymentView, type PaymentStatus } from "~/lib/payments/payment-status";
import type { Settings } from "~/lib/group/settings";
import { usablePixKey } from "~/lib/payments/pix-key";
import type { AppConfig } from "../config.server";
import type { Database } from "../db/database.server";
import { trustedPublicOrigin } from "../group/public-origin.server";
import { releaseUnpaidOrderStock, retakeOrderStock } from "../orders/order-stock.server";
import { createOrderCharge, pixProviderFor, reconcileCharge, type ChargeRow, type ReconcileHooks } from "./pix-charges.server";
import { pixWebhookUrl } from "./pix-webhook.server";

/** A visit reads the charge again at most this often (a page left open polls every few seconds). */
const RECHECK_AFTER_SECONDS = 10;

export const PIX_HOOKS: ReconcileHooks = { releaseStock: releaseUnpaidOrderStock };

type PayableOrder = { id: string; code: string; status: string; paymentMethod: string | null; totalCents: number; customerEmail: string };
type PaymentRow = { status: string; paid_at: Date | null; confirmed_by: string | null; refunded_cents: number; mismatch_cents: number | null };

async function readRows(db: Database, orderId: string) {
  const [{ rows: payments }, { rows: charges }] = await Promise.all([
    db.execute<PaymentRow>(sql`select status, paid_at, confirmed_by, refunded_cents, mismatch_cents from order_payments where order_id = ${orderId}`),
    db.execute<ChargeRow & { last_checked_at: Date | null }>(sql`select * from pix_charges where order_id = ${orderId} order by created_at desc, id desc limit 1`),
  ]);
  return { payment: payments[0], charge: charges[0] };
}

function viewOf(payment: PaymentRow | undefined, charge: ChargeRow | undefined, wantsPix: boolean): OrderPaymentView {
  const status: PaymentStatus = payment && isPaymentStatus(payment.status) ? payment.status : "awaiting";
  return {
    status,
    paidAt: payment?.paid_at ? new Date(payment.paid_at).toISOString() : null,
    confirmedBy: payment?.confirmed_by === "pix" || payment?.confirmed_by === "clerk" ? payment.confirmed_by : null,
    refundedCents: payment?.refunded_cents ?? 0,
    mismatchCents: payment?.mismatch_cents ?? null,
    charge: status === "awaiting" && charge?.status === "active" ? { copyPaste: charge.copy_paste, expiresAt: new Date(charge.expires_at).toISOString() } : null,
    canRenew: wantsPix && status === "expired",
  };
}

/**
 * The order's payment for its page. With a provider and a pending Pix order: makes the charge when
 * there is none yet, and reads an open one again when it was last read a while ago.
 */
export async function orderPaymentForPage(context: { db: Database; config: AppConfig }, order: PayableOrder, pix: { key: string; shopName: string; webhookUrl?: string } | null): Promise<OrderPaymentView> {
  const { db, config } = context;
  const wantsPix = Boolean(config.pix && pix?.key && order.paymentMethod === "pix" && order.status === "pending" && order.totalCents > 0);
  let { payment, charge } = await readRows(db, order.id);
  if (wantsPix && config.pix && pix && (!payment || payment.status === "awaiting")) {
    if (!charge) {
      await createOrderCharge(db, config.pix, { orderId: order.id, code: order.code, amountCents: order.totalCents, key: pix.key, shopName: pix.shopName, webhookUrl: pix.webhookUrl, payerEmail: order.customerEmail || undefined });
      ({ payment, charge } = await readRows(db, order.id));
    } else if (charge.status === "active" && (!charge.last_checked_at || Date.now() - new Date(charge.last_checked_at).getTime() > RECHECK_AFTER_SECONDS * 1000)) {
      await reconcileCharge(db, pixProviderFor(config.pix), charge.txid, PIX_HOOKS);
      ({ payment, charge } = await readRows(db, order.id));
    }
  }
  return viewOf(payment, charge, wantsPix);
}

/** "Gerar novo Pix" on an expired order: its units again (or what the shelf lacks), then a new charge. */
export async function renewOrderPix(context: { db: Database; config: AppConfig }, order: PayableOrder, pix: { key: string; shopName: string; webhookUrl?: string }): Promise<{ ok: true } | { ok: false; message: string }> {
  const { db, config } = context;
  if (!config.pix) return { ok: false, message: "O pagamento por Pix automático não está ativo nesta loja." };
  const { payment } = await readRows(db, order.id);
  if (payment?.status !== "expired") return { ok: false, message: "Este pedido não precisa de um novo Pix." };
  const taken = await db.transaction((tx) => retakeOrderStock(tx, order.id));
  if (!taken.ok) return { ok: false, message: taken.message };
  const charge = await createOrderCharge(db, config.pix, { orderId: order.id, code: order.code, amountCents: order.totalCents, key: pix.key, shopName: pix.shopName, webhookUrl: pix.webhookUrl, payerEmail: order.customerEmail || undefined });
  if (!charge) return { ok: false, message: "O banco não respondeu agora. Tente de novo em alguns instantes." };
  return { ok: true };
}

type PageContext = { db: Database; config: AppConfig };

async function payableOrderByToken(db: Database, token: string): Promise<PayableOrder | null> {
  const { rows } = await db.execute<PayableOrder>(sql`
    select id, code, status, payment_method as "paymentMethod", total_cents as "totalCents", customer_email as "customerEmail"
    from orders where public_token = ${token}`);
  return rows[0] ?? null;
}

/** The shop's key and name for a charge, and where Mercado Pago should call (it takes the address per charge). */
async function chargeSettings(context: PageContext, settings: Settings) {
  const key = usablePixKey(settings.pixKey);
  if (!key) return null;
  const origin = context.config.pix?.provider === "mercadopago" ? await trustedPublicOrigin(context) : null;
  return { key, shopName: settings.pixMerchantName || settings.storeName, ...(origin ? { webhookUrl: pixWebhookUrl(origin, context.config) } : {}) };
}

/** The order page's payment block, by the page's token. */
export async function orderPaymentOnPage(context: PageContext, token: string, settings: Settings): Promise<OrderPaymentView | null> {
  const order = await payableOrderByToken(context.db, token);
  if (!order) return null;
  return orderPaymentForPage(context, order, await chargeSettings(context, settings));
}

/** The order page's "Gerar novo Pix". */
export async function renewPixOnPage(context: PageContext, token: string, settings: Settings): Promise<{ ok: true } | { ok: false; message: string }> {
  const order = await payableOrderByToken(context.db, token);
  const pix = await chargeSettings(context, settings);
  if (!order || !pix || order.status !== "pending" || order.paymentMethod !== "pix") return { ok: false, message: "Este pedido não aceita mais pagamento por Pix." };
  return renewOrderPix(context, order, pix);
}
