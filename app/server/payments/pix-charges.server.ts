// An order's Pix charge at the provider, and learning that it was paid. The rule that keeps this
// never wrong: a webhook, a visit to the order page and the poller all only say "read the charge
// again"; what the provider answers is the truth, and an order is paid only when the provider says
// the charge is concluded and the money received equals the order's amount. Each transfer is
// recorded once (pix_receipts.end_to_end_id is unique); the charge row is locked while it is
// reconciled, so two instances, a replayed webhook and the poller never record or announce twice.
//
//   checkout ──commit (order + reservation + 'creating' charge row)──▶ createQueuedCharges (outside
//        any transaction; nudged right after the commit, drained by the poller after a crash)
//   webhook / order page / poller ──▶ reconcileCharge ──▶ provider.readCharge ──▶ one transaction:
//        receipts (once) → paid | mismatch | expired → push "Pix recebido", order event
import { deliverWhatsAppSoon, queueWhatsAppMessage } from "../orders/whatsapp-messages.server";
import { sql } from "drizzle-orm";
import { formatBRL } from "~/lib/format/money";
import { adminOrderPath } from "~/lib/orders/admin-orders";
import type { Database, DatabaseOrTransaction } from "../db/database.server";
import { log } from "../log/logger.server";
import { queueStaffPush } from "../notifications/push-queue.server";
import { notifyOrderEvent } from "../orders/order-events.server";
import { releaseUnpaidOrderStock, retakeOrderStock } from "../orders/order-stock.server";
import { bacenPixProvider } from "./bacen-pix.server";
import { mercadoPagoPixProvider } from "./mercadopago-pix.server";
import type { PixConfig } from "../config/pix-config.server";
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
  status: "creating" | "active" | "paid" | "mismatch" | "expired" | "removed";
  expires_at: Date;
  created_at: Date;
  next_check_at: Date;
  creation_failed_at: Date | null;
};

export type NewCharge = { orderId: string; code: string; amountCents: number; key: string; shopName: string; webhookUrl?: string; payerEmail?: string };
/** What a queued charge needs besides its row: the order's code and e-mail, the shop's key and name; null when the order no longer wants one. */
export type ChargeDetails = Omit<NewCharge, "orderId" | "amountCents">;

export type ReconcileOutcome = "unknown" | "unavailable" | "waiting" | "paid" | "already-paid" | "mismatch" | "expired" | "removed";

export type ReconcileHooks = {
  /** Gives the order's units back to the shelf when its charge expires unpaid (the orders domain's rule). */
  releaseStock?: (tx: DatabaseOrTransaction, orderId: string) => Promise<unknown>;
  /** Takes them again when a charge the shop had expired is paid after all; says what the shelf lacks. */
  retakeStock?: (tx: DatabaseOrTransaction, orderId: string) => Promise<{ ok: true } | { ok: false; message: string }>;
  now?: () => Date;
};

/** Reads the charge from the provider and records what it says, once. */
export async function reconcileCharge(db: Database, provider: PixProvider, txid: string, hooks: ReconcileHooks = {}): Promise<ReconcileOutcome> {
  const { rows } = await db.execute<ChargeRow>(sql`select * from pix_charges where txid = ${txid}`);
  const charge = rows[0];
  if (!charge) return "unknown";
  // Made under another PIX_PROVIDER (changed since): nobody here can ask it, so past its life it expires.
  if (charge.status !== "creating" && charge.provider !== provider.name) return expireUnanswered(db, charge.id, hooks);
  let remote: PixCharge;
  try {
    remote = await provider.readCharge({ txid: charge.txid, providerId: charge.status === "creating" ? "" : charge.provider_id });
  } catch (error) {
    // A charge the provider does not know (never made, or lost) can never be paid: it pins nothing past its life.
    if (error instanceof PixProviderError && error.kind === "not-found") return expireUnanswered(db, charge.id, hooks);
    log.warn({ err: error instanceof PixProviderError ? error.message : error, txid }, "pix charge not read: tried again later");
    return "unavailable";
  }
  return recordRemoteCharge(db, provider.name, charge.id, remote, hooks);
}

type LockedCharge = ChargeRow & { code: string; order_status: string; stock_applied: boolean };

/** The charge and its order, locked in that order (every path that changes both takes them so). */
async function lockCharge(tx: DatabaseOrTransaction, chargeId: number): Promise<LockedCharge | undefined> {
  const { rows } = await tx.execute<LockedCharge>(sql`
    select c.*, o.code, o.status as order_status, o.stock_applied from pix_charges c join orders o on o.id = c.order_id
    where c.id = ${chargeId} for update of c, o`);
  return rows[0];
}

const checkedNow = sql`last_checked_at = now(), next_check_at = now() + make_interval(secs => ${POLL_INTERVAL_MS / 1000})`;

/** An unpaid charge's life is over: the order's payment expires and its units go back to the shelf, once. */
async function expireInTransaction(tx: DatabaseOrTransaction, charge: LockedCharge, hooks: ReconcileHooks): Promise<"expired"> {
  await tx.execute(sql`update pix_charges set status = 'expired', ${checkedNow} where id = ${charge.id}`);
  const { rows: expired } = await tx.execute(sql`
    insert into order_payments (order_id, status) values (${charge.order_id}, 'expired')
    on conflict (order_id) do update set status = 'expired', updated_at = now() where order_payments.status = 'awaiting'
    returning order_id`);
  if (expired.length) {
    await (hooks.releaseStock ?? releaseUnpaidOrderStock)(tx, charge.order_id);
    await notifyOrderEvent(tx, { type: "updated", id: charge.order_id, code: charge.code, status: charge.order_status as never });
  }
  return "expired";
}

/**
 * A charge the provider cannot speak for (it does not know it, it was never made, or it was made under
 * another provider): past its life it expires here, as an unpaid one would; before, it waits.
 */
async function expireUnanswered(db: Database, chargeId: number, hooks: ReconcileHooks): Promise<ReconcileOutcome> {
  const now = hooks.now?.() ?? new Date();
  return db.transaction(async (tx) => {
    const charge = await lockCharge(tx, chargeId);
    if (!charge) return "unknown";
    if ((charge.status !== "creating" && charge.status !== "active") || now < new Date(charge.expires_at)) return "unavailable";
    log.warn({ txid: charge.txid, status: charge.status }, "pix charge past its life and unknown to the provider: expired here, its units freed");
    return expireInTransaction(tx, charge, hooks);
  });
}

/** What the clerk must sort out when money arrives for an order that no longer expects it. */
type Attention = { code: "stock-short" | "paid-after-cancel" | "paid-twice"; detail: string };

async function recordRemoteCharge(db: Database, providerName: string, chargeId: number, remote: PixCharge, hooks: ReconcileHooks): Promise<ReconcileOutcome> {
  const now = hooks.now?.() ?? new Date();
  const outcome = await db.transaction(async (tx): Promise<ReconcileOutcome> => {
    const charge = await lockCharge(tx, chargeId);
    if (!charge) return "unknown";
    if (charge.status === "creating") {
      // Made at the provider, its answer lost: the provider's charge is this one.
      await tx.execute(sql`
        update pix_charges set status = 'active', provider = ${providerName}, provider_id = ${remote.providerId}, copy_paste = ${remote.copyPaste}, creation_failed_at = null
        where id = ${charge.id}`);
      charge.status = "active";
    }
    for (const received of remote.received) {
      await tx.execute(sql`
        insert into pix_receipts (charge_id, end_to_end_id, amount_cents, paid_at)
        values (${charge.id}, ${received.endToEndId}, ${received.amountCents}, ${received.paidAt.toISOString()})
        on conflict (end_to_end_id) do nothing`);
    }
    const { rows: sums } = await tx.execute<{ received: number }>(sql`select coalesce(sum(amount_cents), 0)::int as received from pix_receipts where charge_id = ${charge.id}`);
    const received = sums[0]?.received ?? 0;

    if (received > 0 && remote.status === "concluded" && received === charge.amount_cents) {
      if (charge.status === "paid") return "already-paid";
      await tx.execute(sql`update pix_charges set status = 'paid', ${checkedNow} where id = ${charge.id}`);
      const attention = await paidChargeAttention(tx, charge, hooks);
      if (attention?.code === "paid-twice") {
        await tx.execute(sql`update order_payments set attention = 'paid-twice', attention_detail = '', updated_at = now() where order_id = ${charge.order_id}`);
      } else {
        await tx.execute(sql`
          insert into order_payments (order_id, status, paid_cents, paid_at, confirmed_by, mismatch_cents, attention, attention_detail)
          values (${charge.order_id}, 'paid', ${received}, now(), 'pix', null, ${attention?.code ?? null}, ${attention?.detail ?? ""})
          on conflict (order_id) do update set status = 'paid', paid_cents = excluded.paid_cents, paid_at = excluded.paid_at,
            confirmed_by = 'pix', mismatch_cents = null, attention = excluded.attention, attention_detail = excluded.attention_detail, updated_at = now()`);
      }
      await queueStaffPush(
        tx,
        "pix-paid",
        {
          title: `Pix recebido: #${charge.code} ${formatBRL(received)}`,
          body: attention ? ATTENTION_PUSH[attention.code] : "Pagamento confirmado pelo banco.",
          tag: `pix-${charge.code}`,
          url: adminOrderPath(charge.order_id),
        },
        { orderId: charge.order_id },
      );
      // The shopper hears her Pix arrived, when she agreed to WhatsApp updates (orders/whatsapp-messages.server.ts).
      if (!attention) await queueWhatsAppMessage(tx, charge.order_id, "pixPaid");
      await notifyOrderEvent(tx, { type: "updated", id: charge.order_id, code: charge.code, status: charge.order_status as never });
      return "paid";
    }
    if (received > 0 && received !== charge.amount_cents) {
      if (charge.status !== "mismatch") {
        log.warn({ txid: charge.txid, expected: charge.amount_cents, received }, "pix received with another amount than the order's: not paid");
        await tx.execute(sql`update pix_charges set status = 'mismatch', ${checkedNow} where id = ${charge.id}`);
        await tx.execute(sql`
          insert into order_payments (order_id, status, mismatch_cents) values (${charge.order_id}, 'awaiting', ${received})
          on conflict (order_id) do update set mismatch_cents = excluded.mismatch_cents, updated_at = now()`);
        await notifyOrderEvent(tx, { type: "updated", id: charge.order_id, code: charge.code, status: charge.order_status as never });
      }
      return "mismatch";
    }
    if (charge.status === "active" && remote.status === "removed") {
      // Withdrawn at the provider: by the shop (the order was cancelled or paid otherwise) or by the
      // provider itself, which a pending order takes as its Pix ending (its units freed, a new Pix offered).
      if (charge.order_status === "pending") return expireInTransaction(tx, charge, hooks);
      await tx.execute(sql`update pix_charges set status = 'removed', ${checkedNow} where id = ${charge.id}`);
      return "removed";
    }
    if (charge.status === "active" && remote.status !== "concluded" && now >= new Date(charge.expires_at)) return expireInTransaction(tx, charge, hooks);
    await tx.execute(sql`update pix_charges set ${checkedNow} where id = ${charge.id}`);
    return "waiting";
  });
  if (outcome === "paid") deliverWhatsAppSoon(db);
  return outcome;
}

const ATTENTION_PUSH: Record<Attention["code"], string> = {
  "stock-short": "Pago depois que o Pix expirou, e faltam unidades: veja o pedido.",
  "paid-after-cancel": "Pedido cancelado: devolva o valor ao cliente.",
  "paid-twice": "Este pedido já estava pago: devolva um dos Pix.",
};

/**
 * Money for an order that no longer expects it: a cancelled order (to give back), an order already
 * paid by another charge (twice), or one whose charge the shop had expired, its units back on sale:
 * they are taken again, or the clerk is told which the shelf lacks.
 */
async function paidChargeAttention(tx: DatabaseOrTransaction, charge: LockedCharge, hooks: ReconcileHooks): Promise<Attention | null> {
  const { rows } = await tx.execute<{ status: string }>(sql`select status from order_payments where order_id = ${charge.order_id} for update`);
  if (rows[0]?.status === "paid" || rows[0]?.status === "refunded") return { code: "paid-twice", detail: "" };
  if (charge.order_status === "cancelled") return { code: "paid-after-cancel", detail: "" };
  if (charge.stock_applied || charge.order_status !== "pending") return null;
  const taken = await (hooks.retakeStock ?? retakeOrderStock)(tx, charge.order_id);
  return taken.ok ? null : { code: "stock-short", detail: taken.message };
}

/**
 * One round of the poller: every open charge of this provider whose check is due, taken with a lease
 * so that two instances never read the same one at once. A payment whose webhook never came is found here.
 */
export async function checkDueCharges(db: Database, provider: PixProvider, hooks: ReconcileHooks = {}, { batch = 20 } = {}): Promise<ReconcileOutcome[]> {
  const { rows } = await db.execute<{ txid: string }>(sql`
    update pix_charges set next_check_at = now() + ${LEASE}
    where id in (
      select id from pix_charges where status = 'active' and provider = ${provider.name} and next_check_at <= now()
      order by next_check_at limit ${batch} for update skip locked)
    returning txid`);
  const outcomes: ReconcileOutcome[] = [];
  for (const { txid } of rows) outcomes.push(await reconcileCharge(db, provider, txid, hooks));
  return outcomes;
}

/**
 * Charges past their life that no read will settle: queued ones never made (the provider failed
 * until the end), and active ones made under another provider. Each is asked of the provider once
 * more where it can be (a charge made whose answer was lost is recorded as the provider has it), and
 * otherwise expires here: its order's units go back to the shelf. `orderId`: only that order's.
 */
export async function expireStaleCharges(db: Database, provider: PixProvider, hooks: ReconcileHooks = {}, { orderId, batch = 20 }: { orderId?: string; batch?: number } = {}): Promise<ReconcileOutcome[]> {
  const { rows } = await db.execute<{ id: number; txid: string }>(sql`
    update pix_charges set next_check_at = now() + ${LEASE}
    where id in (
      select id from pix_charges
      where expires_at <= now() and next_check_at <= now()
        and (status = 'creating' or (status = 'active' and provider <> ${provider.name}))
        ${orderId ? sql`and order_id = ${orderId}` : sql``}
      order by next_check_at limit ${batch} for update skip locked)
    returning id, txid`);
  const outcomes: ReconcileOutcome[] = [];
  for (const { id, txid } of rows) {
    const outcome = await reconcileCharge(db, provider, txid, hooks);
    // The provider could not be asked: the charge's life is over all the same (a payment made meanwhile
    // still arrives by the webhook and is recorded then).
    outcomes.push(outcome === "unavailable" ? await expireUnanswered(db, id, hooks) : outcome);
  }
  return outcomes;
}

/**
 * Withdraws at the provider the open charges of orders that no longer want them: cancelled, or paid
 * otherwise (by another charge, or by the clerk). Each is then read back, so a payment that came first
 * is recorded (and flagged for the clerk to give back). A provider that cannot be reached is asked
 * again at the next round. `orderId`: only that order's (right after the cancel).
 */
export async function withdrawUnwantedCharges(db: Database, provider: PixProvider, hooks: ReconcileHooks = {}, { orderId, batch = 20 }: { orderId?: string; batch?: number } = {}): Promise<ReconcileOutcome[]> {
  const { rows } = await db.execute<{ txid: string; provider_id: string }>(sql`
    update pix_charges set next_check_at = now() + ${LEASE}
    where id in (
      select c.id from pix_charges c join orders o on o.id = c.order_id left join order_payments p on p.order_id = c.order_id
      where c.status = 'active' and c.provider = ${provider.name}
        and (o.status = 'cancelled' or p.status in ('paid', 'refunded'))
        ${orderId ? sql`and c.order_id = ${orderId}` : sql`and c.next_check_at <= now()`}
      order by c.next_check_at limit ${batch} for update of c skip locked)
    returning txid, provider_id`);
  const outcomes: ReconcileOutcome[] = [];
  for (const charge of rows) {
    try {
      await provider.removeCharge({ txid: charge.txid, providerId: charge.provider_id });
    } catch (error) {
      log.warn({ err: error instanceof PixProviderError ? error.message : error, txid: charge.txid }, "pix charge not withdrawn: tried again at the next round");
      outcomes.push("unavailable");
      continue;
    }
    outcomes.push(await reconcileCharge(db, provider, charge.txid, hooks));
  }
  return outcomes;
}
