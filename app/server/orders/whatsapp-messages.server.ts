// The shop's own WhatsApp messages to a shopper who agreed to them (docs/whatsapp.md):
//
//   placeOrder / setOrderStatus / a Pix paid ──queueWhatsAppMessage() in their transaction──▶ whatsapp_messages
//        ──deliverDueWhatsAppMessages(), leased (for update skip locked)──▶ Graph API ──▶ wamid kept
//
// The row is written with the change, so a process that dies after the commit loses none, and the
// checkout or the status change never waits for Meta. The unique (order_id, topic) makes one message
// per order and status across restarts and instances; a sender takes rows with a lease, skipping rows
// another sender holds. Meta has no idempotency key: a process killed between Meta's answer and the
// row's update sends that one message again when the lease ends (the only double, docs/whatsapp.md).
import { sql } from "drizzle-orm";
import {
  isWhatsAppTopic,
  NO_TRACKING_CODE,
  WHATSAPP_STATE_LABELS,
  WHATSAPP_TEMPLATES,
  whatsappFailureReason,
  whatsappParameterText,
  type WhatsAppMessageState,
  type WhatsAppMessageView,
  type WhatsAppParameter,
  type WhatsAppTopic,
} from "~/lib/orders/whatsapp-templates";
import { pickupPlace } from "~/lib/orders/status-messages";
import type { AppConfig, WhatsAppConfig } from "../config.server";
import type { Database, DatabaseOrTransaction } from "../db/database.server";
import { loopsPerDatabase, type DeliveryLoop } from "../db/delivery-loop.server";
import { getSettings } from "../group/settings.server";
import { shopPublicOrigin } from "../group/public-origin.server";
import { log } from "../log/logger.server";
import { sendTemplateMessage, type TemplateMessage } from "./whatsapp-cloud-api.server";

/** A sender holds a message this long (longer than a send's deadline); past it, another sender may take it. */
const LEASE = sql`interval '2 minutes'`;
const RETRY_INTERVAL_MS = 30_000;
/** Tries before a message the API keeps refusing for the moment is given up as failed (about a day with the backoff). */
export const WHATSAPP_MAX_ATTEMPTS = 12;
/** A message still queued after this long tells old news (an outage, or WhatsApp set up later): not sent. */
const TOO_OLD = sql`interval '24 hours'`;

/** The wait before try number `attempts + 1`: 30 s, 1 min, 2 min… up to 2 hours. */
export function whatsappRetryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 2 * 60 * 60);
}

/**
 * Written in the transaction of the change it tells: one message per order and topic, only for an
 * order whose shopper agreed and whose phone did not ask to stop. Whether the shop's switch is on is
 * read when it is sent.
 */
export async function queueWhatsAppMessage(tx: DatabaseOrTransaction, orderId: string, topic: WhatsAppTopic): Promise<void> {
  await tx.execute(sql`
    insert into whatsapp_messages (order_id, topic)
    select o.id, ${topic} from orders o
    where o.id = ${orderId} and o.whatsapp_consent and o.customer_phone_key is not null
      and not exists (select 1 from whatsapp_opt_outs s where s.phone_key = o.customer_phone_key)
    on conflict (order_id, topic) do nothing`);
}

/** She ticked the box at a new checkout: a "PARAR" she sent earlier from that phone no longer holds. */
export async function renewWhatsAppConsent(tx: DatabaseOrTransaction, orderId: string): Promise<void> {
  await tx.execute(sql`delete from whatsapp_opt_outs where phone_key = (select customer_phone_key from orders where id = ${orderId})`);
}

type SendContext = { db: Database; config: Pick<AppConfig, "publicUrl" | "host" | "port"> & { whatsapp: WhatsAppConfig | null } };

export type WhatsAppTotals = { accepted: number; retry: number; failed: number; skipped: number };

type DueMessage = { id: number; order_id: string; topic: string; attempts: number; too_old: boolean };

/**
 * Takes every due message with a lease (oldest first, skipping rows another sender holds) and sends
 * it, or marks it skipped when the shop's switch is off, the shopper withdrew, or it waited too long.
 * Throws only when the database fails: the rows it held are taken again when their lease ends.
 */
export async function deliverDueWhatsAppMessages(context: SendContext, { batch = 20 } = {}): Promise<WhatsAppTotals> {
  const totals: WhatsAppTotals = { accepted: 0, retry: 0, failed: 0, skipped: 0 };
  const whatsapp = context.config.whatsapp;
  if (!whatsapp) return totals;
  for (;;) {
    const { rows } = await context.db.execute<DueMessage>(sql`
      update whatsapp_messages set attempts = attempts + 1, next_attempt_at = now() + ${LEASE}
      where id in (
        select id from whatsapp_messages
        where state = 'queued' and next_attempt_at <= now()
        order by id limit ${batch}
        for update skip locked)
      returning id, order_id, topic, attempts, created_at < now() - ${TOO_OLD} as too_old`);
    if (rows.length === 0) return totals;
    const settings = await getSettings(context.db);
    const origin = await shopPublicOrigin(context);
    for (const due of rows.sort((a, b) => Number(a.id) - Number(b.id))) {
      const outcome = await sendOne(context.db, whatsapp, due, { switchOn: settings.whatsappNotifications, origin, storeName: settings.storeName });
      totals[outcome]++;
    }
  }
}

async function sendOne(
  db: Database,
  whatsapp: WhatsAppConfig,
  due: DueMessage,
  shop: { switchOn: boolean; origin: string; storeName: string },
): Promise<keyof WhatsAppTotals> {
  const id = Number(due.id);
  const message = shop.switchOn && !due.too_old && isWhatsAppTopic(due.topic) ? await messageFor(db, due.order_id, due.topic, shop) : null;
  if (!message) {
    await db.execute(sql`update whatsapp_messages set state = 'skipped', state_at = now() where id = ${id} and state = 'queued'`);
    return "skipped";
  }
  const outcome = await sendTemplateMessage(whatsapp, message);
  const sent = sql`phone = ${message.to}, template = ${message.template}, parameters = ${JSON.stringify(message.parameters)}::jsonb`;
  if (outcome.kind === "accepted") {
    await db.execute(sql`update whatsapp_messages set state = 'accepted', wamid = ${outcome.wamid}, state_at = now(), error_code = null, error_title = null, ${sent}
      where id = ${id} and state = 'queued'`);
    return "accepted";
  }
  if (outcome.kind === "retry" && Number(due.attempts) < WHATSAPP_MAX_ATTEMPTS) {
    const wait = whatsappRetryDelaySeconds(Number(due.attempts));
    await db.execute(sql`update whatsapp_messages set next_attempt_at = now() + make_interval(secs => ${wait}), error_code = ${outcome.code}, error_title = ${outcome.title}, ${sent}
      where id = ${id} and state = 'queued'`);
    log.warn({ message: id, code: outcome.code, retryInSeconds: wait }, "whatsapp send will be retried");
    return "retry";
  }
  await db.execute(sql`update whatsapp_messages set state = 'failed', state_at = now(), error_code = ${outcome.code}, error_title = ${outcome.title}, ${sent}
    where id = ${id} and state = 'queued'`);
  log.warn({ message: id, code: outcome.code }, "whatsapp send failed");
  return "failed";
}

type OrderForMessage = {
  name: string;
  code: string;
  token: string;
  phone_key: string | null;
  consent: boolean;
  opted_out: boolean;
  delivery_method: string;
  tracking_code: string | null;
  store_name: string | null;
  store_address: string | null;
  store_hours: string | null;
};

/** The template and its parameters from the order as it is now (the tracking code typed after the status counts); null when she withdrew. */
async function messageFor(db: Database, orderId: string, topic: WhatsAppTopic, shop: { origin: string; storeName: string }): Promise<TemplateMessage | null> {
  const { rows } = await db.execute<OrderForMessage>(sql`
    select o.customer_name as name, o.code, o.public_token as token, o.customer_phone_key as phone_key, o.whatsapp_consent as consent,
      exists (select 1 from whatsapp_opt_outs s where s.phone_key = o.customer_phone_key) as opted_out,
      o.delivery_method, o.tracking_code, l.name as store_name, l.address as store_address, l.hours as store_hours
    from orders o left join store_locations l on l.id = o.pickup_location_id
    where o.id = ${orderId}`);
  const order = rows[0];
  if (!order || !order.consent || order.opted_out || !order.phone_key) return null;
  const pickup = order.delivery_method === "pickup" && order.store_name;
  const values: Record<WhatsAppParameter, string> = {
    nome: order.name.trim().split(/\s+/)[0] || "cliente",
    pedido: order.code,
    link: `${shop.origin}/pedido/${order.token}`,
    loja: pickup ? order.store_name! : shop.storeName,
    endereco_loja: pickup ? pickupPlace(order.store_address ?? "", order.store_hours ?? "") : "",
    rastreio: order.tracking_code || NO_TRACKING_CODE,
  };
  const template = WHATSAPP_TEMPLATES[topic];
  return { to: e164Digits(order.phone_key), template: template.name, parameters: template.parameters.map((name) => whatsappParameterText(values[name])) };
}

/** The order's phone key (digits without the country code) as the API wants it: 55 + DDD + number. */
export function e164Digits(phoneKey: string): string {
  return phoneKey.length <= 11 ? `55${phoneKey}` : phoneKey;
}

const whatsappLoops = loopsPerDatabase<Database>("whatsapp", RETRY_INTERVAL_MS);

/** Starts this process's sender when WhatsApp is set up (connectServices does); what an earlier run left goes now. */
export function startWhatsAppDelivery(context: SendContext, options: { intervalMs?: number } = {}): DeliveryLoop | null {
  if (!context.config.whatsapp) return null;
  return whatsappLoops.start(context.db, () => deliverDueWhatsAppMessages(context), options);
}

/** Has this process's sender send what was just queued (after the change's transaction committed). */
export const deliverWhatsAppSoon = whatsappLoops.soon;

export const stopWhatsAppDelivery = whatsappLoops.stop;

/** The order's messages for the order window, oldest first, each with its state and, when failed, why. */
export async function orderWhatsAppMessages(db: DatabaseOrTransaction, orderId: string): Promise<WhatsAppMessageView[]> {
  const { rows } = await db.execute<{ topic: string; state: WhatsAppMessageState; error_code: number | null; error_title: string | null; at: Date | string }>(sql`
    select topic, state, error_code, error_title, coalesce(state_at, created_at) as at
    from whatsapp_messages where order_id = ${orderId} order by id`);
  return rows.flatMap((row) => {
    if (!isWhatsAppTopic(row.topic)) return [];
    const failed = row.state === "failed";
    return [
      {
        topic: row.topic,
        label: WHATSAPP_TEMPLATES[row.topic].label,
        state: row.state,
        stateLabel: WHATSAPP_STATE_LABELS[row.state],
        reason: failed ? whatsappFailureReason(row.error_code, row.error_title) : row.state === "skipped" ? SKIPPED_REASON : null,
        at: new Date(row.at).toISOString(),
      },
    ];
  });
}

const SKIPPED_REASON = "não enviada: notificações desligadas, cliente pediu para parar ou mensagem antiga";

/** Messages that failed in the last 7 days, for the dashboard. */
export async function countFailedWhatsAppMessages(db: DatabaseOrTransaction): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from whatsapp_messages where state = 'failed' and created_at > now() - interval '7 days'`);
  return Number(rows[0]?.n ?? 0);
}
