// The new-order e-mail to the shop, through the staff notice outbox (database/notices-schema.ts):
//
//   placeOrder ──queueNewOrderEmail() in its transaction──▶ staff_notice_outbox (channel "email")
//        ──deliverDueOrderEmails(), leased──▶ the order's e-mail (or, past the minute's limit, the digest) ──▶ email_queue
//
// The same shape as the push queue (../notifications/push-queue.server.ts): the notice is a row written
// with the order, so a process that dies after the commit loses none, and a sender takes rows with a
// lease, skipping rows another sender holds; the order is marked e-mailed in the transaction that
// queues its e-mail (and deletes its row), so two instances, or a restart, never announce one twice.
import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { staffNoticeOutbox } from "#database/notices-schema";
import { orders } from "#database/orders-schema";
import type { Settings } from "~/lib/group/settings";
import type { AppConfig } from "../config.server";
import type { EmailOutbox } from "../email/email-queue.server";
import { consumeRateLimit } from "../auth/rate-limit.server";
import type { Database, DatabaseOrTransaction } from "../db/database.server";
import { loopsPerDatabase, type DeliveryLoop } from "../db/delivery-loop.server";
import { getSettings } from "../group/settings.server";
import { shopPublicOrigin } from "../group/public-origin.server";
import { getOrderByToken } from "./order-reading.server";
import { newOrderDigestEmail, newOrderEmail } from "./new-order-email.server";
import { log } from "../log/logger.server";

/**
 * At most this many new-order e-mails a minute, shared by every app process; the orders beyond it go
 * out together in one digest when the minute is over, so a rush (or a bot) cannot bury the shop's inbox.
 */
export const NEW_ORDER_EMAILS = { window: 60, max: 3 } as const;
/** A digest announces orders from this far back at most (one that was never e-mailed, e.g. SMTP was down). */
const DIGEST_LOOKBACK = sql`interval '1 day'`;
/** A sender holds a notice this long; past it, another sender may take it (the first one died mid-send). */
const LEASE = sql`interval '2 minutes'`;
const RETRY_INTERVAL_MS = 30_000;

/** The links in these e-mails start with the shop's public origin, never the Host of the request that placed the order. */
type NotifyContext = { db: Database; emails: EmailOutbox } & { config: Pick<AppConfig, "publicUrl" | "host" | "port"> };

/** Whether the group asked to be told of new orders by e-mail (settings: both switches on). */
export function wantsNewOrderEmail(settings: Settings): boolean {
  return settings.emailNotifications && settings.orderNotifications && settings.storeEmail.includes("@");
}

/** Written in the order's transaction: the shop is e-mailed about it once that commits, by the outbox's sender. */
export async function queueNewOrderEmail(tx: DatabaseOrTransaction, orderId: string): Promise<void> {
  await tx.insert(staffNoticeOutbox).values({ channel: "email", orderId });
}

export type OrderEmailTotals = { queued: number; digest: number; dropped: number };

/**
 * Takes every due e-mail notice with a lease (oldest first, skipping rows another sender holds) and
 * announces its order: its own e-mail within NEW_ORDER_EMAILS a minute; past it the notice waits for
 * the minute's end and the digest, which this process sends then. A notice whose order was announced
 * already (by a digest), or that the shop no longer wants, is dropped. Throws only when the database
 * fails: the notices it held are taken again when their lease ends.
 */
export async function deliverDueOrderEmails(context: NotifyContext, { batch = 20 } = {}): Promise<OrderEmailTotals> {
  const totals: OrderEmailTotals = { queued: 0, digest: 0, dropped: 0 };
  for (;;) {
    const { rows } = await context.db.execute<{ id: number; order_id: string }>(sql`
      update staff_notice_outbox set attempts = attempts + 1, next_attempt_at = now() + ${LEASE}
      where id in (
        select id from staff_notice_outbox
        where channel = 'email' and next_attempt_at <= now()
        order by id limit ${batch}
        for update skip locked)
      returning id, order_id`);
    if (rows.length === 0) return totals;
    const settings = await getSettings(context.db);
    for (const notice of rows.sort((a, b) => Number(a.id) - Number(b.id))) totals[await announceNewOrder(context, settings, notice)]++;
  }
}

async function announceNewOrder(context: NotifyContext, settings: Settings, notice: { id: number; order_id: string }): Promise<keyof OrderEmailTotals> {
  const done = (db: DatabaseOrTransaction = context.db) => db.delete(staffNoticeOutbox).where(eq(staffNoticeOutbox.id, Number(notice.id)));
  const [order] = await context.db.select({ token: orders.publicToken, emailedAt: orders.shopEmailedAt }).from(orders).where(eq(orders.id, notice.order_id));
  if (!order || order.emailedAt || !wantsNewOrderEmail(settings)) {
    await done();
    return "dropped";
  }
  const { allowed, retryAfter } = await consumeRateLimit(context.db, "shop|new-order-email", NEW_ORDER_EMAILS);
  if (!allowed) {
    const waitSeconds = retryAfter ?? NEW_ORDER_EMAILS.window;
    // Kept for the digest; if this process stops before it, the notice comes due again and is announced then.
    await context.db.update(staffNoticeOutbox).set({ nextAttemptAt: sql`now() + make_interval(secs => ${waitSeconds})` }).where(eq(staffNoticeOutbox.id, Number(notice.id)));
    scheduleDigest(context, waitSeconds * 1000);
    return "digest";
  }
  const details = await getOrderByToken(context.db, settings, order.token);
  const origin = await shopPublicOrigin(context);
  await context.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(orders)
      .set({ shopEmailedAt: new Date() })
      .where(and(eq(orders.id, notice.order_id), isNull(orders.shopEmailedAt)))
      .returning({ id: orders.id });
    if (claimed && details) {
      const links = { orderUrl: `${origin}/pedido/${order.token}`, adminUrl: `${origin}/admin/pedidos/${claimed.id}` };
      await context.emails.queue(newOrderEmail(settings.storeName, settings.storeEmail, details, links), tx);
    }
    await done(tx);
  });
  context.emails.deliverSoon();
  return "queued";
}

const orderEmailLoops = loopsPerDatabase<Database>("new-order e-mail", RETRY_INTERVAL_MS);

/** Starts this process's sender of new-order e-mails on `context.db` (connectServices does); what an earlier run left goes now. */
export function startOrderEmailDelivery(context: NotifyContext, options: { intervalMs?: number } = {}): DeliveryLoop {
  return orderEmailLoops.start(context.db, () => deliverDueOrderEmails(context), options);
}

/** Has this process's sender announce what was just placed (after the order's transaction committed). */
export const deliverOrderEmailsSoon = orderEmailLoops.soon;

/** Stops `db`'s sender, if one runs, once the round in progress is done. */
export const stopOrderEmailDelivery = orderEmailLoops.stop;

const pendingDigests = new WeakMap<Database, ReturnType<typeof setTimeout>>();

function scheduleDigest(context: NotifyContext, delayMs: number) {
  if (pendingDigests.has(context.db)) return;
  const timer = setTimeout(() => {
    pendingDigests.delete(context.db);
    sendNewOrderDigest(context).catch((error: unknown) =>
      log.error({ err: error }, "new-order digest failed"),
    );
  }, delayMs);
  // A stop does not wait for it: the orders stay un-e-mailed, and the next digest takes them.
  timer.unref();
  pendingDigests.set(context.db, timer);
}

/**
 * One e-mail listing every recent order the shop has not been e-mailed about; returns how many. The
 * orders are claimed in the transaction that queues the e-mail, so two processes never announce one
 * twice, and the queue retries the e-mail until the mail server takes it.
 */
export async function sendNewOrderDigest(context: NotifyContext): Promise<number> {
  const settings = await getSettings(context.db);
  if (!wantsNewOrderEmail(settings)) return 0;
  const origin = await shopPublicOrigin(context);
  const announced = await context.db.transaction(async (tx) => {
    const claimed = await tx
      .update(orders)
      .set({ shopEmailedAt: sql`now()` })
      .where(and(isNull(orders.shopEmailedAt), gt(orders.createdAt, sql`now() - ${DIGEST_LOOKBACK}`)))
      .returning({ id: orders.id, code: orders.code, name: orders.customerName, totalCents: orders.totalCents, createdAt: orders.createdAt });
    if (claimed.length === 0) return 0;
    claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    // Their notices are answered by this digest.
    await tx.delete(staffNoticeOutbox).where(and(eq(staffNoticeOutbox.channel, "email"), inArray(staffNoticeOutbox.orderId, claimed.map((order) => order.id))));
    await context.emails.queue(newOrderDigestEmail(settings.storeName, settings.storeEmail, claimed, origin), tx);
    return claimed.length;
  });
  if (announced > 0) context.emails.deliverSoon();
  return announced;
}
