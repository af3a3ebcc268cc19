import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { orders } from "#database/orders-schema";
import { UNNAMED_CUSTOMER } from "~/lib/admin-orders";
import { formatBRL } from "~/lib/money";
import { orderMessage, type OrderView } from "~/lib/order-message";
import type { Settings } from "~/lib/settings";
import type { LoadContext } from "../load-context.server";
import { consumeRateLimit } from "../auth/rate-limit.server";
import type { Database } from "../db/database.server";
import type { SendEmail } from "../email/send-email.server";
import { getSettings } from "../shop/settings.server";
import { getOrderByToken } from "./orders.server";
import { log } from "../log/logger.server";

/**
 * At most this many new-order e-mails a minute, shared by every app process; the orders beyond it go
 * out together in one digest when the minute is over, so a rush (or a bot) cannot bury the shop's inbox.
 */
export const NEW_ORDER_EMAILS = { window: 60, max: 3 } as const;
/** A digest announces orders from this far back at most (one that was never e-mailed, e.g. SMTP was down). */
const DIGEST_LOOKBACK = sql`interval '1 day'`;

type NotifyContext = Pick<LoadContext, "db" | "sendEmail">;

/** Whether the shop asked to be told of new orders by e-mail (settings: both switches on). */
export function wantsNewOrderEmail(settings: Settings): boolean {
  return settings.emailNotifications && settings.orderNotifications && settings.storeEmail.includes("@");
}

/** Tells the shop's e-mail about a new order; the same text the shopper sends by WhatsApp. */
export async function emailNewOrder(sendEmail: SendEmail, settings: Settings, order: OrderView, orderUrl: string) {
  const who = order.customer.name || UNNAMED_CUSTOMER;
  await sendEmail({
    to: settings.storeEmail,
    subject: `Novo pedido #${order.code} de ${who.replace(/[\r\n]+/g, " ")} - ${formatBRL(order.totalCents)}`,
    text: `${orderMessage(order, orderUrl)}\n`,
  });
}

/**
 * A new order's e-mail to the shop, within NEW_ORDER_EMAILS a minute; past it the order waits for
 * the digest, which this process sends when the minute is over. Returns what was done.
 */
export async function notifyShopOfNewOrder(context: NotifyContext, settings: Settings, token: string, origin: string): Promise<"sent" | "digest"> {
  const { allowed, retryAfter } = await consumeRateLimit(context.db, "shop|new-order-email", NEW_ORDER_EMAILS);
  if (!allowed) {
    scheduleDigest(context, origin, (retryAfter ?? NEW_ORDER_EMAILS.window) * 1000);
    return "digest";
  }
  const order = await getOrderByToken(context.db, settings, token);
  if (!order) return "sent";
  await emailNewOrder(context.sendEmail, settings, order, `${origin}/pedido/${token}`);
  await context.db.update(orders).set({ shopEmailedAt: new Date() }).where(eq(orders.publicToken, token));
  return "sent";
}

const pendingDigests = new WeakMap<Database, ReturnType<typeof setTimeout>>();

function scheduleDigest(context: NotifyContext, origin: string, delayMs: number) {
  if (pendingDigests.has(context.db)) return;
  const timer = setTimeout(() => {
    pendingDigests.delete(context.db);
    sendNewOrderDigest(context, origin).catch((error: unknown) =>
      log.error({ err: error }, "new-order digest failed"),
    );
  }, delayMs);
  // A stop does not wait for it: the orders stay un-e-mailed, and the next digest takes them.
  timer.unref();
  pendingDigests.set(context.db, timer);
}

/**
 * One e-mail listing every recent order the shop has not been e-mailed about; returns how many. The
 * orders are claimed in the same transaction that sends, so two processes never announce one twice,
 * and a failed send leaves them for the next digest.
 */
export async function sendNewOrderDigest(context: NotifyContext, origin: string): Promise<number> {
  const settings = await getSettings(context.db);
  if (!wantsNewOrderEmail(settings)) return 0;
  return context.db.transaction(async (tx) => {
    const claimed = await tx
      .update(orders)
      .set({ shopEmailedAt: sql`now()` })
      .where(and(isNull(orders.shopEmailedAt), gt(orders.createdAt, sql`now() - ${DIGEST_LOOKBACK}`)))
      .returning({ code: orders.code, token: orders.publicToken, name: orders.customerName, totalCents: orders.totalCents, createdAt: orders.createdAt });
    if (claimed.length === 0) return 0;
    claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    const totalCents = claimed.reduce((sum, order) => sum + order.totalCents, 0);
    const lines = claimed.map(
      (order) => `#${order.code} - ${order.name || UNNAMED_CUSTOMER} - ${formatBRL(order.totalCents)}\n${origin}/pedido/${order.token}`,
    );
    await context.sendEmail({
      to: settings.storeEmail,
      subject: `${claimed.length} novos pedidos - ${formatBRL(totalCents)}`,
      text: `Chegaram ${claimed.length} pedidos em pouco tempo; para não encher sua caixa de entrada, eles vêm juntos neste e-mail.\n\n${lines.join("\n\n")}\n\nTodos estão em ${origin}/admin/pedidos\n`,
    });
    return claimed.length;
  });
}

