// Meta's webhook for the shop's WhatsApp number, at /api/whatsapp/webhook (docs/whatsapp.md):
//
//   GET  the set-up handshake: hub.challenge echoed only for the shop's WHATSAPP_VERIFY_TOKEN
//   POST signed by Meta (X-Hub-Signature-256: HMAC-SHA256 of the raw body with the app secret, compared
//        in constant time) ──kept in whatsapp_webhook_inbox, answered 200 at once──▶ read by a queue:
//        a message's status (sent, delivered, read, failed + code) recorded once and in order; a shopper's
//        "PARAR" turns the messages off for her phone.
//
// A forged or unsigned call changes nothing (401); the same call replayed is one row (its hash); a
// status for a message the shop never sent names no row and is ignored; no body gets a 500.
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import type { WhatsAppConfig } from "../config.server";
import type { Database } from "../db/database.server";
import { loopsPerDatabase, type DeliveryLoop } from "../db/delivery-loop.server";
import { log } from "../log/logger.server";
import { BodyTooLargeError, readBodyWithin } from "../requests/form-data.server";

/** Meta batches up to a few hundred KB; more than this is not Meta's and is not read. */
export const WHATSAPP_WEBHOOK_BODY_LIMIT_BYTES = 512 * 1024;
/** A status, as Meta moves a message along: a late "sent" never overwrites "read". "failed" ends it. */
const STATE_RANK: Record<string, number> = { accepted: 0, sent: 1, delivered: 2, read: 3, failed: 4 };
/** Reads of one kept call before it is set aside (logged). */
const MAX_INBOX_ATTEMPTS = 10;
/** A reply that asks the shop to stop writing (the first word, accents and case aside). */
const STOP_WORDS = /^(parar|pare|stop|sair|cancelar|descadastrar)\b/;

type WebhookContext = { db: Database; config: { whatsapp: WhatsAppConfig | null } };

const text = (status: number, body: string) => new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** The set-up handshake: Meta sends the token the owner typed; only the shop's gets the challenge back. */
export function answerWhatsAppHandshake(config: { whatsapp: WhatsAppConfig | null }, url: URL): Response {
  const whatsapp = config.whatsapp;
  if (!whatsapp) return text(404, "Não encontrado");
  const mode = url.searchParams.get("hub.mode");
  const token = url.searchParams.get("hub.verify_token") ?? "";
  const challenge = url.searchParams.get("hub.challenge") ?? "";
  if (mode !== "subscribe" || !sameText(token, whatsapp.verifyToken) || !/^[\w-]{1,100}$/.test(challenge)) return text(403, "Proibido");
  return text(200, challenge);
}

function sameText(given: string, expected: string): boolean {
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

/** Whether `header` ("sha256=<hex>") is the HMAC-SHA256 of exactly these bytes with the app secret. */
export function isMetaSignature(appSecret: string, rawBody: Buffer, header: string | null): boolean {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? "");
  if (!match) return false;
  const expected = createHmac("sha256", appSecret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(match[1]!, "hex"));
}

/** Meta's POST: checked, kept and answered at once; what it says is read by the inbox's queue. */
export async function receiveWhatsAppWebhook(context: WebhookContext, request: Request): Promise<Response> {
  const whatsapp = context.config.whatsapp;
  if (!whatsapp) return text(404, "Não encontrado");
  let raw: Buffer;
  try {
    raw = await readBodyWithin(request, WHATSAPP_WEBHOOK_BODY_LIMIT_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError || error instanceof Response) return error;
    return text(400, "Corpo ilegível");
  }
  if (!isMetaSignature(whatsapp.appSecret, raw, request.headers.get("x-hub-signature-256"))) return text(401, "Assinatura inválida");
  const body = raw.toString("utf8");
  try {
    JSON.parse(body);
  } catch {
    // Signed but not JSON: nothing to read; Meta would retry a 4xx, so it is acknowledged.
    return text(200, "ok");
  }
  const hash = createHash("sha256").update(raw).digest("hex");
  await context.db.execute(sql`insert into whatsapp_webhook_inbox (body, body_hash) values (${body}, ${hash}) on conflict (body_hash) do nothing`);
  deliverWhatsAppInboxSoon(context.db);
  return text(200, "ok");
}

type MetaStatus = { id?: unknown; status?: unknown; timestamp?: unknown; errors?: { code?: unknown; title?: unknown; message?: unknown }[] };
type MetaInbound = { from?: unknown; type?: unknown; text?: { body?: unknown }; button?: { text?: unknown } };

/** The statuses and the shoppers' messages in one call, whatever else it carries. */
function readCall(body: unknown): { statuses: MetaStatus[]; inbound: MetaInbound[] } {
  const statuses: MetaStatus[] = [];
  const inbound: MetaInbound[] = [];
  const entries = (body as { entry?: unknown } | null)?.entry;
  for (const entry of Array.isArray(entries) ? entries : []) {
    const changes = (entry as { changes?: unknown } | null)?.changes;
    for (const change of Array.isArray(changes) ? changes : []) {
      const value = (change as { value?: { statuses?: unknown; messages?: unknown } } | null)?.value;
      if (Array.isArray(value?.statuses)) statuses.push(...(value.statuses.filter((item) => item && typeof item === "object") as MetaStatus[]));
      if (Array.isArray(value?.messages)) inbound.push(...(value.messages.filter((item) => item && typeof item === "object") as MetaInbound[]));
    }
  }
  return { statuses, inbound };
}

/** Records one status on the message it names (none: ignored), only forward. True when it changed something. */
export async function recordWhatsAppStatus(db: Database, status: MetaStatus): Promise<boolean> {
  const wamid = typeof status.id === "string" ? status.id.slice(0, 200) : null;
  const state = typeof status.status === "string" ? status.status : null;
  if (!wamid || !state || !(state in STATE_RANK) || state === "accepted") return false;
  const seconds = Number(status.timestamp);
  const stamped = new Date(seconds * 1000);
  // Meta's own time when it is a time at all (a forged "1e20" is not): the row says when it happened.
  const at = seconds > 0 && Number.isFinite(stamped.getTime()) ? stamped : new Date();
  const error = Array.isArray(status.errors) ? status.errors[0] : undefined;
  const code = state === "failed" && typeof error?.code === "number" ? error.code : null;
  const title = state === "failed" ? String(error?.title ?? error?.message ?? "").slice(0, 300) || null : null;
  const rank = STATE_RANK[state]!;
  const { rowCount } = await db.execute(sql`
    update whatsapp_messages set state = ${state}, state_at = ${at.toISOString()}::timestamptz,
      error_code = case when ${state} = 'failed' then ${code}::integer else error_code end,
      error_title = case when ${state} = 'failed' then ${title}::text else error_title end
    where wamid = ${wamid}
      and (case state when 'accepted' then 0 when 'sent' then 1 when 'delivered' then 2 when 'read' then 3 when 'failed' then 4 else 99 end) < ${rank}`);
  return (rowCount ?? 0) > 0;
}

/** A shopper's reply: "PARAR" (or another stop word) turns the automatic messages off for her phone. */
async function readInbound(db: Database, message: MetaInbound): Promise<void> {
  const words = typeof message.text?.body === "string" ? message.text.body : typeof message.button?.text === "string" ? message.button.text : "";
  const from = typeof message.from === "string" ? message.from.replace(/\D/g, "") : "";
  const first = words.normalize("NFD").replace(/[\u0300-\u036f]/g, "").trim().toLowerCase();
  if (!from || !STOP_WORDS.test(first)) return;
  const key = from.length >= 12 && from.startsWith("55") ? from.slice(2) : from;
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into whatsapp_opt_outs (phone_key) values (${key}) on conflict do nothing`);
    await tx.execute(sql`update orders set whatsapp_consent = false where customer_phone_key = ${key} and whatsapp_consent`);
    await tx.execute(sql`update whatsapp_messages m set state = 'skipped', state_at = now()
      from orders o where o.id = m.order_id and o.customer_phone_key = ${key} and m.state = 'queued'`);
  });
  log.info("whatsapp opt-out recorded");
}

/** One call from the inbox: every status and reply in it. */
async function processCall(db: Database, body: string): Promise<void> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return;
  }
  const { statuses, inbound } = readCall(parsed);
  // Oldest first, so one call's "delivered" then "read" end at "read" (the ranks hold either way).
  statuses.sort((a, b) => Number(a.timestamp ?? 0) - Number(b.timestamp ?? 0));
  for (const status of statuses.slice(0, 1000)) await recordWhatsAppStatus(db, status);
  for (const message of inbound.slice(0, 1000)) await readInbound(db, message);
}

/** Reads every kept call not yet read, leased like the other queues; a call that fails is read again later. */
export async function processWhatsAppInbox(db: Database, { batch = 20 } = {}): Promise<number> {
  let done = 0;
  for (;;) {
    const { rows } = await db.execute<{ id: number; body: string; attempts: number }>(sql`
      update whatsapp_webhook_inbox set attempts = attempts + 1, next_attempt_at = now() + interval '2 minutes'
      where id in (
        select id from whatsapp_webhook_inbox where processed_at is null and next_attempt_at <= now()
        order by id limit ${batch} for update skip locked)
      returning id, body, attempts`);
    if (rows.length === 0) return done;
    for (const row of rows.sort((a, b) => Number(a.id) - Number(b.id))) {
      // A call that failed this often is not the database's passing trouble: set aside, not read forever.
      if (Number(row.attempts) > MAX_INBOX_ATTEMPTS) log.error({ call: row.id }, "whatsapp webhook call set aside after repeated failures");
      else await processCall(db, row.body);
      await db.execute(sql`update whatsapp_webhook_inbox set processed_at = now() where id = ${row.id}`);
      done += 1;
    }
  }
}

const inboxLoops = loopsPerDatabase<Database>("whatsapp webhook", 30_000);

/** Starts this process's reader of Meta's calls (connectServices does, when WhatsApp is set up). */
export function startWhatsAppInbox(db: Database, options: { intervalMs?: number } = {}): DeliveryLoop {
  return inboxLoops.start(db, () => processWhatsAppInbox(db), options);
}

export const deliverWhatsAppInboxSoon = inboxLoops.soon;
export const stopWhatsAppInbox = inboxLoops.stop;
