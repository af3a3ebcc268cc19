// An order's Pix charge at the provider, and learning that it was paid. The rule that keeps this
// never wrong: a webhook, a visit to the order page and the poller all only say "read the charge
// again"; what the provider answers is the truth, and an order is paid only when the provider says
// the charge is concluded and the money received equals the order's amount. Each transfer is
// recorded once (pix_receipts.end_to_end_id is unique); the charge row is locked while it is
// reconciled, so two instances, a replayed webhook and the poller never record or announce twice.
//
//   checkout ──commit (order + reservation)──▶ createOrderCharge (outside the order's transaction)
//   webhook / order page / poller ──▶ reconcileCharge ──▶ provider.readCharge ──▶ one transaction:
//        receipts (once) → paid | mismatch | expired → push "Pix recebido", order event
import { sql } from "drizzle-orm";
import { formatBRL } from "~/lib/format/money";
import { adminOrderPath } from "~/lib/orders/admin-orders";
import type { Database, DatabaseOrTransaction } from "../db/database.server";
import { startDeliveryLoop, type DeliveryLoop } from "../db/delivery-loop.server";
import { log } from "../log/logger.server";
import { queueStaffPush } from "../notifications/push-queue.server";
import { notifyOrderEvent } from "../orders/order-events.server";
import { bacenPixProvider } from "./bacen-pix.server";
import { mercadoPagoPixProvider } from "./mercadopago-pix.server";
import type { PixConfig } from "../config.server";
import { PixProviderError, type PixCharge, type PixProvider } from "./pix-provider.server";

/** How long the checkout waits for the provider before placing the order with the static code. */
export const CHARGE_TIMEOUT_MS = 4000;
/** The poller reads each open charge this often: a payment whose webhook was lost shows within it. */
export const POLL_INTERVAL_MS = 30_000;
/** A reconciler holds a charge this long; past it another may take it (the first one died). */
const LEASE = sql`interval '1 minute'`;

const providers = new WeakMap<PixConfig, PixProvider>();

/** One provider object per configuration (it keeps its token and TLS connections). */
export function pixProviderFor(config: PixConfig): PixProvider {
  let provider = providers.get(config);
  if (!provider) {
    provider =
      config.provider === "bacen"
        ? bacenPixProvider({ apiUrl: config.apiUrl, clientId: config.clientId, clientSecret: config.clientSecret, certificate: config.certificate, ca: config.ca, timeoutMs: CHARGE_TIMEOUT_MS })
        : mercadoPagoPixProvider({ accessToken: config.accessToken, apiUrl: config.apiUrl, timeoutMs: CHARGE_TIMEOUT_MS });
    providers.set(config, provider);
  }
  return provider;
}

/** The order's id without dashes (32 hex digits) and the attempt: 34 characters, as the Banco Central's API asks (26–35). */
export function chargeTxid(orderId: string, attempt: number): string {
  return `${orderId.replace(/-/g, "")}${String(attempt).padStart(2, "0")}`;
}

export type ChargeRow = {
  id: number;
  order_id: string;
  txid: string;
  provider: string;
  provider_id: string;
  amount_cents: number;
  copy_paste: string;
  status: "active" | "paid" | "mismatch" | "expired";
  expires_at: Date;
  created_at: Date;
};

export type NewCharge = { orderId: string; code: string; amountCents: number; key: string; shopName: string; webhookUrl?: string; payerEmail?: string };

/**
 * Creates the order's next charge at the provider and records it. Called after the order committed,
 * never inside its transaction (no row lock held while waiting on the network). Never throws: when the
 * provider is down or slow, null, and the order keeps the static code.
 */
export async function createOrderCharge(db: Database, config: PixConfig, order: NewCharge, provider = pixProviderFor(config)): Promise<ChargeRow | null> {
  const { rows } = await db.execute<{ attempts: number }>(sql`select count(*)::int as attempts from pix_charges where order_id = ${order.orderId}`);
  const txid = chargeTxid(order.orderId, (rows[0]?.attempts ?? 0) + 1);
  let charge: PixCharge;
  try {
    charge = await provider.createCharge({
      txid,
      amountCents: order.amountCents,
      expiresInSeconds: config.expiresMinutes * 60,
      key: order.key,
      description: `Pedido #${order.code} - ${order.shopName}`,
      webhookUrl: order.webhookUrl,
      payerEmail: order.payerEmail,
    });
  } catch (error) {
    log.warn({ err: error instanceof PixProviderError ? error.message : error, order: order.code }, "pix charge not created: the order keeps the static code");
    return null;
  }
  const { rows: created } = await db.execute<ChargeRow>(sql`
    insert into pix_charges (order_id, txid, provider, provider_id, amount_cents, copy_paste, expires_at, next_check_at)
    values (${order.orderId}, ${txid}, ${provider.name}, ${charge.providerId}, ${charge.amountCents}, ${charge.copyPaste},
            ${charge.expiresAt.toISOString()}, now() + make_interval(secs => ${POLL_INTERVAL_MS / 1000}))
    on conflict (txid) do update set copy_paste = excluded.copy_paste
    returning *`);
  await db.execute(sql`
    insert into order_payments (order_id, status) values (${order.orderId}, 'awaiting')
    on conflict (order_id) do update set status = 'awaiting', updated_at = now() where order_payments.status = 'expired'`);
  return created[0] ?? null;
}

export type ReconcileOutcome = "unknown" | "unavailable" | "waiting" | "paid" | "already-paid" | "mismatch" | "expired";

export type ReconcileHooks = {
  /** Gives the order's units back to the shelf when its charge expires unpaid (the orders domain's rule). */
  releaseStock?: (tx: DatabaseOrTransaction, orderId: string) => Promise<unknown>;
  now?: () => Date;
};

/** Reads the charge from the provider and records what it says, once. */
export async function reconcileCharge(db: Database, provider: PixProvider, txid: string, hooks: ReconcileHooks = {}): Promise<ReconcileOutcome> {
  const { rows } = await db.execute<ChargeRow>(sql`select * from pix_charges where txid = ${txid}`);
  const charge = rows[0];
  if (!charge || charge.provider !== provider.name) return "unknown";
  let remote: PixCharge;
  try {
    remote = await provider.readCharge({ txid: charge.txid, providerId: charge.provider_id });
  } catch (error) {
    log.warn({ err: error instanceof PixProviderError ? error.message : error, txid }, "pix charge not read: tried again later");
    return "unavailable";
  }
  return recordRemoteCharge(db, charge.id, remote, hooks);
}

async function recordRemoteCharge(db: Database, chargeId: number, remote: PixCharge, hooks: ReconcileHooks): Promise<ReconcileOutcome> {
  const now = hooks.now?.() ?? new Date();
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<ChargeRow & { code: string; order_status: string }>(sql`
      select c.*, o.code, o.status as order_status from pix_charges c join orders o on o.id = c.order_id
      where c.id = ${chargeId} for update of c`);
    const charge = rows[0];
    if (!charge) return "unknown";
    for (const received of remote.received) {
      await tx.execute(sql`
        insert into pix_receipts (charge_id, end_to_end_id, amount_cents, paid_at)
        values (${charge.id}, ${received.endToEndId}, ${received.amountCents}, ${received.paidAt.toISOString()})
        on conflict (end_to_end_id) do nothing`);
    }
    const { rows: sums } = await tx.execute<{ received: number }>(sql`select coalesce(sum(amount_cents), 0)::int as received from pix_receipts where charge_id = ${charge.id}`);
    const received = sums[0]?.received ?? 0;
    const checked = sql`last_checked_at = now(), next_check_at = now() + make_interval(secs => ${POLL_INTERVAL_MS / 1000})`;

    if (received > 0 && remote.status === "concluded" && received === charge.amount_cents) {
      if (charge.status === "paid") return "already-paid";
      await tx.execute(sql`update pix_charges set status = 'paid', ${checked} where id = ${charge.id}`);
      const { rows: changed } = await tx.execute(sql`
        insert into order_payments (order_id, status, paid_cents, paid_at, confirmed_by, mismatch_cents)
        values (${charge.order_id}, 'paid', ${received}, now(), 'pix', null)
        on conflict (order_id) do update set status = 'paid', paid_cents = excluded.paid_cents, paid_at = excluded.paid_at,
          confirmed_by = 'pix', mismatch_cents = null, updated_at = now()
        where order_payments.status <> 'paid'
        returning order_id`);
      if (changed.length) {
        await queueStaffPush(
          tx,
          "pix-paid",
          {
            title: `Pix recebido: #${charge.code} ${formatBRL(received)}`,
            body: "Pagamento confirmado pelo banco.",
            tag: `pix-${charge.code}`,
            url: adminOrderPath(charge.order_id),
          },
          { orderId: charge.order_id },
        );
        await notifyOrderEvent(tx, { type: "updated", id: charge.order_id, code: charge.code, status: charge.order_status as never });
      }
      return "paid";
    }
    if (received > 0 && received !== charge.amount_cents) {
      if (charge.status !== "mismatch") {
        log.warn({ txid: charge.txid, expected: charge.amount_cents, received }, "pix received with another amount than the order's: not paid");
        await tx.execute(sql`update pix_charges set status = 'mismatch', ${checked} where id = ${charge.id}`);
        await tx.execute(sql`
          insert into order_payments (order_id, status, mismatch_cents) values (${charge.order_id}, 'awaiting', ${received})
          on conflict (order_id) do update set mismatch_cents = excluded.mismatch_cents, updated_at = now()`);
        await notifyOrderEvent(tx, { type: "updated", id: charge.order_id, code: charge.code, status: charge.order_status as never });
      }
      return "mismatch";
    }
    if (charge.status === "active" && remote.status !== "concluded" && now >= new Date(charge.expires_at)) {
      await tx.execute(sql`update pix_charges set status = 'expired', ${checked} where id = ${charge.id}`);
      const { rows: expired } = await tx.execute(sql`
        insert into order_payments (order_id, status) values (${charge.order_id}, 'expired')
        on conflict (order_id) do update set status = 'expired', updated_at = now() where order_payments.status = 'awaiting'
        returning order_id`);
      if (expired.length) {
        await hooks.releaseStock?.(tx, charge.order_id);
        await notifyOrderEvent(tx, { type: "updated", id: charge.order_id, code: charge.code, status: charge.order_status as never });
      }
      return "expired";
    }
    await tx.execute(sql`update pix_charges set ${checked} where id = ${charge.id}`);
    return "waiting";
  });
}

/**
 * One round of the poller: every open charge whose check is due, taken with a lease so that two
 * instances never read the same one at once. A payment whose webhook never came is found here.
 */
export async function checkDueCharges(db: Database, provider: PixProvider, hooks: ReconcileHooks = {}, { batch = 20 } = {}): Promise<ReconcileOutcome[]> {
  const { rows } = await db.execute<{ txid: string }>(sql`
    update pix_charges set next_check_at = now() + ${LEASE}
    where id in (
      select id from pix_charges where status = 'active' and next_check_at <= now()
      order by next_check_at limit ${batch} for update skip locked)
    returning txid`);
  const outcomes: ReconcileOutcome[] = [];
  for (const { txid } of rows) outcomes.push(await reconcileCharge(db, provider, txid, hooks));
  return outcomes;
}

export function startPixPolling(db: Database, config: PixConfig, hooks: ReconcileHooks = {}, { intervalMs = POLL_INTERVAL_MS } = {}): DeliveryLoop {
  const provider = pixProviderFor(config);
  return startDeliveryLoop(() => checkDueCharges(db, provider, hooks), { intervalMs, name: "pix" });
}
