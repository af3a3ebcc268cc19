// A counter sale paid by PIX (/admin/balcao/pix/{id}): the code for the sale's total on the clerk's
// phone, for the customer to scan. With a provider, a charge of its own (queued and made like a shop
// order's; the sale turns paid when the provider says so, read every few seconds while the screen is
// open); without one, the shop's static code, and the clerk confirms the money seen in the bank app
// ("Confirmar pagamento recebido", audited as "Marcar como pago").
import { sql } from "drizzle-orm";
import type { CounterPixScreen } from "~/lib/counter/counter-pix";
import { isPaymentStatus } from "~/lib/payments/payment-status";
import { pixPayload } from "~/lib/payments/pix";
import { usablePixKey } from "~/lib/payments/pix-key";
import type { AppConfig } from "../config.server";
import type { Database } from "../db/database.server";
import { getSettings } from "../group/settings.server";
import { qrCodeSvgIfDrawable } from "../media/qr-code.server";
import { adminOrderPayment } from "./admin-order-payment.server";
import { CHARGE_WAIT_MS, createOrderChargeSoon } from "./order-payment.server";
import { expireStaleCharges, pixProviderFor, reconcileCharge, type ChargeRow } from "./pix-charges.server";
import { queueOrderCharge } from "./pix-charge-creation.server";

/** The clerk and the customer are both looking: the provider is asked again at most this often. */
const COUNTER_RECHECK_MS = 3000;

type CounterContext = { db: Database; config: AppConfig };
type SaleRow = { id: string; code: string; status: string; total_cents: number };

async function latestCharge(db: Database, orderId: string) {
  const { rows } = await db.execute<ChargeRow & { last_checked_at: Date | null }>(sql`
    select * from pix_charges where order_id = ${orderId} order by created_at desc, id desc limit 1`);
  return rows[0];
}

async function paymentStatus(db: Database, orderId: string) {
  const { rows } = await db.execute<{ status: string }>(sql`select status from order_payments where order_id = ${orderId}`);
  const status = rows[0]?.status;
  return status && isPaymentStatus(status) ? status : "awaiting";
}

/**
 * Right after a PIX sale is recorded: its charge queued and made in the background, so the screen
 * that opens next usually finds the provider's code already.
 */
export async function startCounterPixCharge(context: CounterContext, orderId: string): Promise<void> {
  if (!context.config.pix || !usablePixKey((await getSettings(context.db)).pixKey)) return;
  const { rows } = await context.db.execute<{ total_cents: number }>(sql`
    select total_cents from orders where id = ${orderId} and channel = 'balcao' and payment_method = 'pix' and status <> 'cancelled'`);
  const totalCents = rows[0]?.total_cents ?? 0;
  if (totalCents <= 0) return;
  await queueOrderCharge(context.db, context.config.pix, { id: orderId, totalCents });
  createOrderChargeSoon(context, orderId);
}

/** The PIX screen of a counter sale; null when the order is not a counter sale paid by PIX. */
export async function counterPixScreen(context: CounterContext, orderId: string): Promise<CounterPixScreen | null> {
  const { db, config } = context;
  const { rows } = await db.execute<SaleRow>(sql`
    select id, code, status, total_cents from orders where id = ${orderId} and channel = 'balcao' and payment_method = 'pix'`);
  const sale = rows[0];
  if (!sale) return null;
  const settings = await getSettings(db);
  const key = usablePixKey(settings.pixKey);
  let status = await paymentStatus(db, sale.id);
  let charge = await latestCharge(db, sale.id);
  const open = sale.status !== "cancelled" && status === "awaiting" && sale.total_cents > 0;

  if (open && config.pix && key) {
    const provider = pixProviderFor(config.pix);
    if (!charge || charge.status === "removed") {
      await startCounterPixCharge(context, sale.id);
    } else if (charge.status === "creating" && new Date(charge.expires_at).getTime() <= Date.now()) {
      await expireStaleCharges(db, provider, {}, { orderId: sale.id });
    } else if (charge.status === "creating" && new Date(charge.next_check_at).getTime() <= Date.now()) {
      createOrderChargeSoon(context, sale.id);
    } else if (charge.status === "active" && (!charge.last_checked_at || Date.now() - new Date(charge.last_checked_at).getTime() > COUNTER_RECHECK_MS)) {
      await reconcileCharge(db, provider, charge.txid);
    }
    status = await paymentStatus(db, sale.id);
    charge = await latestCharge(db, sale.id);
  }

  const live = open && status === "awaiting" && charge?.status === "active" && charge.provider === config.pix?.provider;
  const generating = Boolean(
    open && status === "awaiting" && config.pix && key && !live && charge?.status === "creating" && !charge.creation_failed_at && Date.now() - new Date(charge.created_at).getTime() < CHARGE_WAIT_MS,
  );
  const staticCode = key
    ? pixPayload({ key, merchantName: settings.pixMerchantName || settings.storeName, merchantCity: settings.pixMerchantCity || "Barreiros", amountCents: sale.total_cents, txid: sale.code })
    : null;
  const copyPaste = sale.status === "cancelled" || status !== "awaiting" || generating ? null : live ? charge!.copy_paste : staticCode;
  const window = await adminOrderPayment(db, config, sale.id);
  return {
    orderId: sale.id,
    code: sale.code,
    totalCents: sale.total_cents,
    status,
    cancelled: sale.status === "cancelled",
    byProvider: live,
    generating,
    noKey: !key,
    copyPaste,
    qrSvg: copyPaste ? qrCodeSvgIfDrawable(copyPaste, `QR Code PIX da venda ${sale.code}`) : null,
    canConfirm: Boolean(window?.canMarkPaid) && !live,
  };
}
