import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { orders } from "#database/orders-schema";
import type { Settings } from "~/lib/group/settings";
import type { AppConfig } from "../config.server";
import type { EmailOutbox } from "../email/email-queue.server";
import { consumeRateLimit } from "../auth/rate-limit.server";
import type { Database } from "../db/database.server";
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

/** The links in these e-mails start with the shop's public origin, never the Host of the request that placed the order. */
type NotifyContext = { db: Database; emails: EmailOutbox } & { config: Pick<AppConfig, "publicUrl" | "host" | "port"> };

/** Whether the group asked to be told of new orders by e-mail (settings: both switches on). */
export function wantsNewOrderEmail(settings: Settings): boolean {
  return settings.emailNotifications && settings.orderNotifications && settings.storeEmail.includes("@");
}

/**
 * A new order's e-mail to the shop, within NEW_ORDER_EMAILS a minute; past it the order waits for
 * the digest, which this process sends when the minute is over. The order is marked e-mailed in the
 * transaction that queues its e-mail, so it is announced once, and never lost if SMTP is down.
 */
export async function notifyStaffOfNewOrder(context: NotifyContext, settings: Settings, token: string): Promise<"queued" | "digest"> {
  const { allowed, retryAfter } = await consumeRateLimit(context.db, "shop|new-order-email", NEW_ORDER_EMAILS);
  if (!allowed) {
    scheduleDigest(context, (retryAfter ?? NEW_ORDER_EMAILS.window) * 1000);
    return "digest";
  }
  const order = await getOrderByToken(context.db, settings, token);
  if (!order) return "queued";
  const origin = await shopPublicOrigin(context);
  await context.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(orders)
      .set({ shopEmailedAt: new Date() })
      .where(and(eq(orders.publicToken, token), isNull(orders.shopEmailedAt)))
      .returning({ id: orders.id });
    if (!claimed) return;
    const links = { orderUrl: `${origin}/pedido/${token}`, adminUrl: `${origin}/admin/pedidos/${claimed.id}` };
    await context.emails.queue(newOrderEmail(settings.storeName, settings.storeEmail, order, links), tx);
  });
  context.emails.deliverSoon();
  return "queued";
}

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
    await context.emails.queue(newOrderDigestEmail(settings.storeName, settings.storeEmail, claimed, origin), tx);
    return claimed.length;
  });
  if (announced > 0) context.emails.deliverSoon();
  return announced;
}
