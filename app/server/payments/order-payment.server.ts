// The money side of one order, as its page and the admin read and change it. With a Pix provider the
// checkout commits the order with a queued charge and answers at once; the charge is made right after
// (createOrderChargeSoon) or by the poller, never by the page, which only reads the database while
// it waits ("Gerando o código PIX…"). Each visit reads an open charge again, so a lost webhook shows
// as soon as the shopper looks.
import { sql } from "drizzle-orm";
import { isPaymentStatus, type OrderPaymentView, type PaymentStatus } from "~/lib/payments/payment-status";
import type { Settings } from "~/lib/group/settings";
import { usablePixKey } from "~/lib/payments/pix-key";
import type { AppConfig } from "../config.server";
import type { Database, DatabaseOrTransaction } from "../db/database.server";
import { startDeliveryLoop, type DeliveryLoop } from "../db/delivery-loop.server";
import { getSettings } from "../group/settings.server";
import { trustedPublicOrigin } from "../group/public-origin.server";
import { log } from "../log/logger.server";
import { PAGE_WAIT_MS, waitAtMost } from "../outbound/deadline.server";
import { retakeOrderStock } from "../orders/order-stock.server";
import { CHARGE_TIMEOUT_MS, POLL_INTERVAL_MS, checkDueCharges, expireStaleCharges, pixProviderFor, reconcileCharge, withdrawUnwantedCharges, type ChargeDetails, type ChargeRow } from "./pix-charges.server";
import { createOrderCharge, createQueuedCharges, queueOrderCharge } from "./pix-charge-creation.server";
import { checkRequestedRefunds } from "./pix-refund-readback.server";
import { pixWebhookUrl } from "./pix-webhook.server";

/** A visit reads the charge again at most this often (a page left open polls every few seconds). */
const RECHECK_AFTER_SECONDS = 10;
/**
 * How long the page says "Gerando o código PIX…" for a queued charge before it shows the static code:
 * the provider's own timeout, and a little for the queue.
 */
export const CHARGE_WAIT_MS = CHARGE_TIMEOUT_MS + 2000;

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
  const waitingForCharge = wantsPix && status === "awaiting" && charge?.status !== "active";
  const generating = waitingForCharge && charge?.status === "creating" && !charge.creation_failed_at && Date.now() - new Date(charge.created_at).getTime() < CHARGE_WAIT_MS;
  return {
    status,
    paidAt: payment?.paid_at ? new Date(payment.paid_at).toISOString() : null,
    confirmedBy: payment?.confirmed_by === "pix" || payment?.confirmed_by === "clerk" ? payment.confirmed_by : null,
    refundedCents: payment?.refunded_cents ?? 0,
    mismatchCents: payment?.mismatch_cents ?? null,
    charge: status === "awaiting" && charge?.status === "active" ? { copyPaste: charge.copy_paste, expiresAt: new Date(charge.expires_at).toISOString() } : null,
    canRenew: wantsPix && status === "expired",
    generating,
    chargeUnavailable: waitingForCharge && !generating && payment?.mismatch_cents == null,
  };
}

/**
 * The order's payment for its page, from the database: a charge still being made shows as
 * "generating" (the page asks again shortly). With a provider and a pending Pix order without any
 * charge (placed before the queue, or while the key was unset) one is queued and nudged; an open
 * charge last read a while ago is read again.
 */
export async function orderPaymentForPage(context: { db: Database; config: AppConfig }, order: PayableOrder, pix: { key: string; shopName: string; webhookUrl?: string } | null): Promise<OrderPaymentView> {
  const { db, config } = context;
  const wantsPix = Boolean(config.pix && pix?.key && order.paymentMethod === "pix" && order.status === "pending" && order.totalCents > 0);
  let { payment, charge } = await readRows(db, order.id);
  if (wantsPix && config.pix && pix && (!payment || payment.status === "awaiting")) {
    if (!charge || charge.status === "removed") {
      // None yet, or the last one withdrawn when the order was cancelled (it has been reopened since).
      await queueOrderCharge(db, config.pix, order);
      createOrderChargeSoon(context, order.id);
      ({ payment, charge } = await readRows(db, order.id));
    } else if (charge.status === "creating" && new Date(charge.expires_at).getTime() <= Date.now()) {
      // The provider never made it within its life: it frees the order's units now, not at the next round.
      await expireStaleCharges(db, pixProviderFor(config.pix), {}, { orderId: order.id });
      ({ payment, charge } = await readRows(db, order.id));
    } else if (charge.status === "creating" && new Date(charge.next_check_at).getTime() <= Date.now()) {
      // Nobody holds it (a nudge lost to a restart): the poller would, this is sooner.
      createOrderChargeSoon(context, order.id);
    } else if (charge.status === "active" && (!charge.last_checked_at || Date.now() - new Date(charge.last_checked_at).getTime() > RECHECK_AFTER_SECONDS * 1000)) {
      // The page waits for the provider's answer at most PAGE_WAIT_MS; past it the read goes on in the
      // background (bounded by the provider's own deadline) and the page shows what the database says.
      await waitAtMost(reconcileCharge(db, pixProviderFor(config.pix), charge.txid), PAGE_WAIT_MS, (error) =>
        log.warn({ err: error, order: order.code }, "pix charge read from the order page failed after the page answered"),
      );
      ({ payment, charge } = await readRows(db, order.id));
    }
  }
  return viewOf(payment, charge, wantsPix);
}

type ChargeContext = { db: Database; config: AppConfig };

/** What a queued charge needs from the order and the shop's settings, read when it is made; null: the order no longer wants one. */
function chargeDetailsReader(context: ChargeContext): (orderId: string) => Promise<ChargeDetails | null> {
  return async (orderId) => {
    const { rows } = await context.db.execute<PayableOrder & { channel: string }>(sql`
      select id, code, status, channel, payment_method as "paymentMethod", total_cents as "totalCents", customer_email as "customerEmail"
      from orders where id = ${orderId}`);
    const order = rows[0];
    // A shop order waits for its Pix while pending; a counter sale is handed over at once and waits for it delivered.
    const waiting = order?.status === "pending" || (order?.channel === "balcao" && order.status === "delivered");
    if (!order || !waiting || order.paymentMethod !== "pix") return null;
    // Marked paid by the clerk meanwhile (the provider could not say): no charge to make.
    const { payment } = await readRows(context.db, orderId);
    if (payment?.status === "paid" || payment?.status === "refunded") return null;
    const pix = await chargeSettings(context, await getSettings(context.db));
    return pix ? { code: order.code, ...pix, payerEmail: order.customerEmail || undefined } : null;
  };
}

const chargesInFlight = new Set<Promise<unknown>>();

/**
 * Makes the order's queued charge now, in the background (the request that queued it answers at
 * once); the poller makes it instead if this process dies first.
 */
export function createOrderChargeSoon(context: ChargeContext, orderId: string): void {
  if (!context.config.pix) return;
  const making: Promise<unknown> = createQueuedCharges(context.db, context.config.pix, chargeDetailsReader(context), { orderId })
    .catch((error: unknown) => log.warn({ err: error }, "pix charge creation failed: the poller tries again"))
    .finally(() => chargesInFlight.delete(making));
  chargesInFlight.add(making);
}

/**
 * After a cancel or a payment the clerk recorded: the order's open charge is withdrawn at the provider
 * in the background (the clerk's click does not wait on the bank); the Pix round does it otherwise.
 */
export function withdrawOrderChargesSoon(context: ChargeContext, orderId: string): void {
  if (!context.config.pix) return;
  const withdrawing: Promise<unknown> = withdrawUnwantedCharges(context.db, pixProviderFor(context.config.pix), {}, { orderId })
    .catch((error: unknown) => log.warn({ err: error }, "pix charge withdrawal failed: the Pix round tries again"))
    .finally(() => chargesInFlight.delete(withdrawing));
  chargesInFlight.add(withdrawing);
}

/** Waits for the charges this process is making in the background (tests, and a clean stop). */
export async function chargesSettled(): Promise<void> {
  while (chargesInFlight.size) await Promise.all([...chargesInFlight]);
}

/**
 * The checkout's Pix part (wired by its route): a Pix order with a provider and the shop's key gets its
 * charge queued inside the order's transaction, so the order never commits without one, and made right
 * after the commit, in the background.
 */
export function checkoutPixCharge(context: ChargeContext) {
  return {
    queue: async (tx: DatabaseOrTransaction, order: { id: string; totalCents: number; paymentMethod: string | null }, settings: Settings): Promise<boolean> => {
      if (!context.config.pix || order.paymentMethod !== "pix" || order.totalCents <= 0 || !usablePixKey(settings.pixKey)) return false;
      await queueOrderCharge(tx, context.config.pix, { id: order.id, totalCents: order.totalCents });
      return true;
    },
    afterCommit: (orderId: string) => createOrderChargeSoon(context, orderId),
  };
}

/**
 * Each process's Pix round, every 30 s and at the start: queued charges not yet made (a crash between
 * the checkout's commit and the provider), charges past their life that no read settles (never made,
 * or made under another provider), open charges due a read (lost webhooks), charges of orders
 * cancelled or paid otherwise (withdrawn at the provider), and refunds the provider had not finished. Each row is leased, so instances never do one twice.
 */
export function startPixWork(context: ChargeContext, { intervalMs = POLL_INTERVAL_MS } = {}): DeliveryLoop | null {
  const pix = context.config.pix;
  if (!pix) return null;
  const provider = pixProviderFor(pix);
  return startDeliveryLoop(
    async () => {
      await createQueuedCharges(context.db, pix, chargeDetailsReader(context), { provider });
      await expireStaleCharges(context.db, provider);
      await checkDueCharges(context.db, provider);
      await withdrawUnwantedCharges(context.db, provider);
      await checkRequestedRefunds(context.db, provider);
    },
    { intervalMs, name: "pix" },
  );
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
