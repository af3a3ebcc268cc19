// Making an order's Pix charge at the provider (app/server/payments/pix-charges.server.ts reads it
// back): queued with the order, made outside any transaction right after the commit, one process at a
// time, and tried again by the poller after a failure or a crash.
import { sql } from "drizzle-orm";
import type { Database, DatabaseOrTransaction } from "../db/database.server";
import { log } from "../log/logger.server";
import type { PixConfig } from "../config/pix-config.server";
import { PixProviderError, type PixCharge, type PixProvider } from "./pix-provider.server";

import { chargeTxid, pixProviderFor, POLL_INTERVAL_MS, type ChargeDetails, type ChargeRow, type NewCharge } from "./pix-charges.server";

/** A try at making a queued charge that failed is tried again after this (the order page shows the static code meanwhile). */
const CREATION_RETRY = sql`interval '30 seconds'`;
/** The making of a queued charge, one process at a time: past it (the process died) another takes it. */
const CREATION_LEASE = sql`interval '30 seconds'`;

/**
 * Queues the order's next charge as a 'creating' row: inside the order's transaction at the checkout,
 * so a committed Pix order always has one, made at the provider right after (createQueuedCharges).
 * Its txid is derived from the order and the attempt, so every try (two instances, a restart) is the
 * same charge at the provider (PUT /v2/cob/{txid} and Mercado Pago's idempotency key answer the first).
 */
export async function queueOrderCharge(tx: DatabaseOrTransaction, config: PixConfig, order: { id: string; totalCents: number }): Promise<void> {
  const { rows } = await tx.execute<{ attempts: number; open: number }>(sql`
    select count(*)::int as attempts, count(*) filter (where status = 'creating')::int as open from pix_charges where order_id = ${order.id}`);
  if ((rows[0]?.open ?? 0) > 0) return;
  const txid = chargeTxid(order.id, (rows[0]?.attempts ?? 0) + 1);
  await tx.execute(sql`
    insert into pix_charges (order_id, txid, provider, provider_id, amount_cents, copy_paste, status, expires_at, next_check_at)
    values (${order.id}, ${txid}, ${config.provider}, '', ${order.totalCents}, '', 'creating',
            now() + make_interval(mins => ${config.expiresMinutes}), now())
    on conflict (txid) do nothing`);
}

/**
 * Makes queued charges at the provider: each 'creating' row nobody holds, taken with a lease (for
 * update skip locked), so two instances or twenty concurrent drains call the provider once per charge.
 * `orderId`: only that order's (the checkout's nudge right after its commit). Never throws for the
 * provider: a failed try is marked and tried again later.
 */
export async function createQueuedCharges(
  db: Database,
  config: PixConfig,
  detailsOf: (orderId: string) => Promise<ChargeDetails | null>,
  { orderId, batch = 20, provider = pixProviderFor(config) }: { orderId?: string; batch?: number; provider?: PixProvider } = {},
): Promise<ChargeRow[]> {
  const { rows: claimed } = await db.execute<ChargeRow>(sql`
    update pix_charges set next_check_at = now() + ${CREATION_LEASE}
    where id in (
      select id from pix_charges where status = 'creating' and next_check_at <= now() and expires_at > now()
        ${orderId ? sql`and order_id = ${orderId}` : sql``}
      order by next_check_at limit ${batch} for update skip locked)
    returning *`);
  const made: ChargeRow[] = [];
  for (const row of claimed) {
    const details = await detailsOf(row.order_id);
    if (!details) {
      // The order was cancelled, paid otherwise or the key removed meanwhile: nothing to make.
      await db.execute(sql`update pix_charges set status = 'expired' where id = ${row.id} and status = 'creating'`);
      continue;
    }
    const charge = await makeClaimedCharge(db, config, provider, row, details);
    if (charge) made.push(charge);
  }
  return made;
}

async function makeClaimedCharge(db: Database, config: PixConfig, provider: PixProvider, row: ChargeRow, details: ChargeDetails): Promise<ChargeRow | null> {
  let charge: PixCharge;
  try {
    charge = await provider.createCharge({
      txid: row.txid,
      amountCents: row.amount_cents,
      expiresInSeconds: config.expiresMinutes * 60,
      key: details.key,
      description: `Pedido #${details.code} - ${details.shopName}`,
      webhookUrl: details.webhookUrl,
      payerEmail: details.payerEmail,
    });
  } catch (error) {
    log.warn({ err: error instanceof PixProviderError ? error.message : error, order: details.code }, "pix charge not created: the order shows the static code until a later try makes it");
    await db.execute(sql`update pix_charges set creation_failed_at = now(), next_check_at = now() + ${CREATION_RETRY} where id = ${row.id} and status = 'creating'`);
    return null;
  }
  // Just made, so just read: the order page's first visit need not ask the provider again.
  const { rows: created } = await db.execute<ChargeRow>(sql`
    update pix_charges set status = 'active', provider = ${provider.name}, provider_id = ${charge.providerId}, copy_paste = ${charge.copyPaste}, expires_at = ${charge.expiresAt.toISOString()},
      creation_failed_at = null, last_checked_at = now(), next_check_at = now() + make_interval(secs => ${POLL_INTERVAL_MS / 1000})
    where id = ${row.id} and status = 'creating'
    returning *`);
  await db.execute(sql`
    insert into order_payments (order_id, status) values (${row.order_id}, 'awaiting')
    on conflict (order_id) do update set status = 'awaiting', updated_at = now() where order_payments.status = 'expired'`);
  return created[0] ?? null;
}

/**
 * Queues the order's next charge and makes it now, waiting for the provider (the page's "Gerar novo
 * Pix", tests). Null when the provider is down or slow: the queued row is tried again later.
 */
export async function createOrderCharge(db: Database, config: PixConfig, order: NewCharge, provider = pixProviderFor(config)): Promise<ChargeRow | null> {
  await queueOrderCharge(db, config, { id: order.orderId, totalCents: order.amountCents });
  const [charge] = await createQueuedCharges(db, config, async () => order, { orderId: order.orderId, provider });
  return charge ?? null;
}
