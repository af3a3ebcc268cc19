// The address the Pix provider calls when money arrives, and what a call does. The address carries a
// secret of the shop's (derived from the session secret, so every instance knows the same one); a
// call without it is answered 404 like any unknown page. A call with it is still only a hint: the
// charges it names are read again from the provider (./pix-charges.server.ts), so a forged or
// replayed call can change nothing the provider does not confirm. Mercado Pago's calls must also
// carry its signature (x-signature), inside its time window.
import { createHmac, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import type { AppConfig } from "../config.server";
import type { Database } from "../db/database.server";
import { usablePixKey } from "~/lib/payments/pix-key";
import { loadOrCreateAuthSecret } from "../auth/auth.server";
import { trustedPublicOrigin } from "../group/public-origin.server";
import { getSettings } from "../group/settings.server";
import { log } from "../log/logger.server";
import { readBodyWithin } from "../requests/form-data.server";
import { verifyMercadoPagoSignature } from "./mercadopago-pix.server";
import type { PixConfig } from "../config/pix-config.server";
import { pixProviderFor, reconcileCharge, type ReconcileOutcome } from "./pix-charges.server";
import { PixProviderError } from "./pix-provider.server";

export const PIX_WEBHOOK_PATH = "/api/pix/webhook";
/** A call naming more charges than this is cut there: a provider announces one or a few at a time. */
const MAX_CHARGES_PER_CALL = 20;
/** A provider's call is a few hundred bytes (20 charges, a few KB): anything past this is not one, and is not read. */
export const PIX_WEBHOOK_BODY_LIMIT_BYTES = 64 * 1024;

export function pixWebhookSecret(config: Pick<AppConfig, "authSecret" | "dataDir">): string {
  const secret = config.authSecret ?? loadOrCreateAuthSecret(config.dataDir);
  return createHmac("sha256", secret).update("erick-pix-webhook-v1").digest("base64url").slice(0, 32);
}

/** What the provider is told to call (the Banco Central's providers add "/pix" to it). */
export function pixWebhookUrl(publicOrigin: string, config: Pick<AppConfig, "authSecret" | "dataDir">): string {
  return `${publicOrigin.replace(/\/+$/, "")}${PIX_WEBHOOK_PATH}/${pixWebhookSecret(config)}`;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

type WebhookContext = { db: Database; config: AppConfig };

/** Answers the provider's call. Never a 5xx for what the provider sent: it would retry forever. */
export async function handlePixWebhook(context: WebhookContext, request: Request, givenSecret: string): Promise<Response> {
  const pix = context.config.pix;
  if (!pix || !sameSecret(givenSecret, pixWebhookSecret(context.config))) return new Response("Não encontrado", { status: 404 });
  let body: unknown;
  try {
    body = JSON.parse((await readBodyWithin(request, PIX_WEBHOOK_BODY_LIMIT_BYTES)).toString("utf8"));
  } catch (error) {
    if (error instanceof Response) return error;
    return new Response("JSON inválido", { status: 400 });
  }
  const txids = pix.provider === "bacen" ? bacenTxids(body) : await mercadoPagoTxids(context.db, pix, request, body);
  if (txids === "forbidden") return new Response("Assinatura inválida", { status: 401 });
  const provider = pixProviderFor(pix);
  const outcomes: ReconcileOutcome[] = [];
  for (const txid of await unsettled(context.db, txids.slice(0, MAX_CHARGES_PER_CALL))) {
    outcomes.push(await reconcileCharge(context.db, provider, txid));
  }
  log.info({ charges: txids.length, outcomes }, "pix webhook");
  return Response.json({ ok: true });
}

/**
 * The named charges still worth a read: one already paid is settled, so a replayed announcement of it
 * (Mercado Pago resends, or someone replays a captured call within its signature's window) costs no
 * call to the provider.
 */
async function unsettled(db: Database, txids: string[]): Promise<string[]> {
  if (!txids.length) return [];
  const { rows } = await db.execute<{ txid: string }>(sql`
    select txid from pix_charges where txid in (${sql.join(txids.map((txid) => sql`${txid}`), sql`, `)}) and status <> 'paid'`);
  const open = new Set(rows.map((row) => row.txid));
  return txids.filter((txid) => open.has(txid));
}

function bacenTxids(body: unknown): string[] {
  const pix = (body as { pix?: unknown } | null)?.pix;
  if (!Array.isArray(pix)) return [];
  const txids = pix.map((item) => (item as { txid?: unknown } | null)?.txid).filter((txid): txid is string => typeof txid === "string" && /^[a-zA-Z0-9]{26,35}$/.test(txid));
  return [...new Set(txids)];
}

async function mercadoPagoTxids(db: Database, pix: Extract<PixConfig, { provider: "mercadopago" }>, request: Request, body: unknown): Promise<string[] | "forbidden"> {
  const url = new URL(request.url);
  const dataId = url.searchParams.get("data.id") ?? String((body as { data?: { id?: unknown } } | null)?.data?.id ?? "");
  const signed = verifyMercadoPagoSignature({
    secret: pix.webhookSecret,
    signature: request.headers.get("x-signature"),
    requestId: request.headers.get("x-request-id"),
    dataId: dataId || null,
  });
  if (!signed) return "forbidden";
  const { rows } = await db.execute<{ txid: string }>(sql`select txid from pix_charges where provider = 'mercadopago' and provider_id = ${dataId}`);
  return rows.map((row) => row.txid);
}

export type WebhookRegistration = { ok: true; url: string } | { ok: false; url: string; message: string };

/**
 * Tells the provider where to call for the shop's key: at start and whenever the key changes. The
 * result is kept for the settings page; a refusal (a provider that wants https) is logged and shown.
 */
export async function registerPixWebhook(db: Database, config: AppConfig, key: string, publicOrigin: string): Promise<WebhookRegistration | null> {
  if (!config.pix || !key) return null;
  const url = pixWebhookUrl(publicOrigin, config);
  let result: WebhookRegistration;
  try {
    await pixProviderFor(config.pix).registerWebhook(key, url);
    result = { ok: true, url };
  } catch (error) {
    const message = error instanceof PixProviderError ? error.message : "erro inesperado";
    log.warn({ err: message }, "pix webhook not registered");
    result = { ok: false, url, message };
  }
  await db.execute(sql`
    insert into pix_webhook_registrations (pix_key, ok, message, registered_at)
    values (${key}, ${result.ok}, ${result.ok ? "" : result.message}, now())
    on conflict (pix_key) do update set ok = excluded.ok, message = excluded.message, registered_at = excluded.registered_at`);
  return result;
}

/** At start and after the PIX key changes in settings: the shop's key, at its public address. */
export async function registerShopPixWebhook(db: Database, config: AppConfig): Promise<WebhookRegistration | null> {
  if (!config.pix) return null;
  const key = usablePixKey((await getSettings(db)).pixKey);
  const origin = await trustedPublicOrigin({ db, config });
  if (!key || !origin) {
    log.warn("pix webhook not registered: set the shop's PIX key in /admin/configuracoes and its public address (PUBLIC_URL)");
    return null;
  }
  return registerPixWebhook(db, config, key, origin);
}
