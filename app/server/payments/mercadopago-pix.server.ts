// Mercado Pago as the Pix provider, over its public REST API (plain HTTP calls: the official SDK adds
// nothing a shop needs here and would pull its own HTTP stack into the server). A Pix is a payment
// with `payment_method_id: "pix"`; our txid is its `external_reference` and its idempotency key, so a
// retried create never makes a second charge. Webhooks are signed (x-signature): see
// verifyMercadoPagoSignature.
import crypto from "node:crypto";
import { z } from "~/lib/forms/validation";
import { MERCADOPAGO_API_URL } from "../config/pix-config.server";
import { DeadlineExceededError, withDeadline } from "../outbound/deadline.server";
import { PixProviderError, type PixCharge, type PixProvider, type PixRefund } from "./pix-provider.server";


export type MercadoPagoOptions = { accessToken: string; apiUrl?: string; timeoutMs?: number };

const refundShape = z.object({ id: z.union([z.number(), z.string()]), amount: z.number(), status: z.string().optional() });

const paymentShape = z.object({
  id: z.union([z.number(), z.string()]),
  status: z.string(),
  transaction_amount: z.number(),
  external_reference: z.string().nullish(),
  date_created: z.string(),
  date_of_expiration: z.string().nullish(),
  date_approved: z.string().nullish(),
  point_of_interaction: z
    .object({ transaction_data: z.object({ qr_code: z.string().nullish(), e2e_id: z.string().nullish() }).partial().nullish() })
    .partial()
    .nullish(),
  transaction_details: z.object({ total_paid_amount: z.number().nullish() }).partial().nullish(),
  refunds: z.array(refundShape).nullish(),
});

/** Reais as a JSON number → centavos, rounding away the binary fraction (592.05 → 59205). */
const centsOf = (reais: number) => Math.round(reais * 100);

function refundFrom(raw: z.infer<typeof refundShape>): PixRefund {
  const status = raw.status === "approved" || raw.status === undefined ? "done" : raw.status === "rejected" || raw.status === "cancelled" ? "failed" : "processing";
  return { id: String(raw.id), amountCents: centsOf(raw.amount), status };
}

function chargeFrom(raw: unknown, txid: string): PixCharge {
  const parsed = paymentShape.safeParse(raw);
  if (!parsed.success) throw new PixProviderError("unavailable", "o Mercado Pago respondeu um pagamento ilegível");
  const payment = parsed.data;
  const paid = payment.status === "approved" || payment.status === "refunded" || payment.status === "charged_back";
  const createdAt = new Date(payment.date_created);
  const refunds = (payment.refunds ?? []).map(refundFrom);
  return {
    txid: payment.external_reference ?? txid,
    providerId: String(payment.id),
    status: paid ? "concluded" : payment.status === "pending" || payment.status === "in_process" ? "active" : "removed",
    amountCents: centsOf(payment.transaction_amount),
    copyPaste: payment.point_of_interaction?.transaction_data?.qr_code ?? "",
    createdAt,
    expiresAt: payment.date_of_expiration ? new Date(payment.date_of_expiration) : new Date(createdAt.getTime() + 24 * 3600_000),
    received: paid
      ? [
          {
            // Mercado Pago's payment id is one per transfer too; the e2e id when it gives one.
            endToEndId: payment.point_of_interaction?.transaction_data?.e2e_id ?? `MP${payment.id}`,
            amountCents: centsOf(payment.transaction_details?.total_paid_amount ?? payment.transaction_amount),
            paidAt: new Date(payment.date_approved ?? payment.date_created),
            refunds,
          },
        ]
      : [],
  };
}

/** Mercado Pago's API with the shop's access token: a call's status and JSON (undefined when there is none). */
type MercadoPagoCall = (method: string, path: string, body?: unknown, idempotencyKey?: string) => Promise<{ status: number; body: unknown }>;

/** Each call within the deadline, its answer read whole; a network failure or the deadline is "unavailable". */
function mercadoPagoApi(options: MercadoPagoOptions): MercadoPagoCall {
  const base = (options.apiUrl ?? MERCADOPAGO_API_URL).replace(/\/$/, "");
  const timeoutMs = options.timeoutMs ?? 5000;

  return async function call(method, path, body, idempotencyKey) {
    let status: number;
    let text: string;
    try {
      // The deadline covers the answer's body too (a trickling answer is cut there).
      ({ status, text } = await withDeadline("o Mercado Pago", timeoutMs, async (signal) => {
        const response = await fetch(base + path, {
          method,
          headers: {
            authorization: `Bearer ${options.accessToken}`,
            accept: "application/json",
            ...(body === undefined ? {} : { "content-type": "application/json" }),
            ...(idempotencyKey ? { "x-idempotency-key": idempotencyKey } : {}),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal,
        });
        return { status: response.status, text: await response.text() };
      }));
    } catch (error) {
      const reason = error instanceof DeadlineExceededError ? `não respondeu em ${timeoutMs} ms` : "não pôde ser alcançado";
      throw new PixProviderError("unavailable", `o Mercado Pago ${reason}`);
    }
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status, body: parsed };
  };
}

/** Mercado Pago's refusal as our error: missing, unavailable (worth a retry) or refused, with its reason. */
function failure(answer: { status: number; body: unknown }, what: string) {
  const message = (answer.body as { message?: unknown } | undefined)?.message;
  const reason = typeof message === "string" ? message.slice(0, 200) : `HTTP ${answer.status}`;
  if (answer.status === 404) return new PixProviderError("not-found", `${what}: não encontrado`);
  if (answer.status === 401 || answer.status === 403) return new PixProviderError("refused", `${what}: o Mercado Pago recusou o access token`);
  if (answer.status >= 500 || answer.status === 429 || answer.status === 0) return new PixProviderError("unavailable", `${what}: ${reason}`);
  return new PixProviderError("refused", `${what}: ${reason}`);
}

/** A payment by our txid (its external_reference): for a charge whose making went unanswered, so its id is unknown. */
async function paymentByReference(call: MercadoPagoCall, txid: string): Promise<{ id: number | string }> {
  const answer = await call("GET", `/v1/payments/search?external_reference=${encodeURIComponent(txid)}`);
  if (answer.status !== 200) throw failure(answer, "procurar o Pix no Mercado Pago");
  const found = (answer.body as { results?: unknown } | undefined)?.results;
  const first = Array.isArray(found) ? (found[0] as { id?: number | string } | undefined) : undefined;
  if (!first?.id) throw new PixProviderError("not-found", "procurar o Pix no Mercado Pago: não encontrado");
  return first as { id: number | string };
}

export function mercadoPagoPixProvider(options: MercadoPagoOptions): PixProvider {
  const call = mercadoPagoApi(options);

  return {
    name: "mercadopago",
    async createCharge(charge) {
      const answer = await call(
        "POST",
        "/v1/payments",
        {
          transaction_amount: charge.amountCents / 100,
          description: charge.description.slice(0, 200),
          payment_method_id: "pix",
          external_reference: charge.txid,
          date_of_expiration: new Date(Date.now() + charge.expiresInSeconds * 1000).toISOString(),
          ...(charge.webhookUrl ? { notification_url: charge.webhookUrl } : {}),
          payer: { email: charge.payerEmail ?? "cliente@exemplo.com" },
        },
        charge.txid,
      );
      if (answer.status === 200 || answer.status === 201) return chargeFrom(answer.body, charge.txid);
      throw failure(answer, "criar o Pix no Mercado Pago");
    },
    async readCharge({ txid, providerId }) {
      if (!providerId) return chargeFrom(await paymentByReference(call, txid), txid);
      const answer = await call("GET", `/v1/payments/${encodeURIComponent(providerId)}`);
      if (answer.status === 200) return chargeFrom(answer.body, txid);
      throw failure(answer, "ler o Pix no Mercado Pago");
    },
    async removeCharge({ txid, providerId }) {
      let id = providerId;
      if (!id) {
        try {
          id = String((await paymentByReference(call, txid)).id);
        } catch (error) {
          if (error instanceof PixProviderError && error.kind === "not-found") return;
          throw error;
        }
      }
      const answer = await call("PUT", `/v1/payments/${encodeURIComponent(id)}`, { status: "cancelled" });
      if (answer.status === 200 || answer.status === 404) return;
      throw failure(answer, "cancelar o Pix no Mercado Pago");
    },
    async registerWebhook() {
      // Mercado Pago takes the address with each charge (notification_url).
    },
    async refund({ reference, refundId, amountCents }) {
      const answer = await call("POST", `/v1/payments/${encodeURIComponent(reference.providerId)}/refunds`, { amount: amountCents / 100 }, refundId);
      if (answer.status === 200 || answer.status === 201) {
        const parsed = refundShape.safeParse(answer.body);
        if (parsed.success) return refundFrom(parsed.data);
      }
      throw failure(answer, "devolver o Pix no Mercado Pago");
    },
    // Mercado Pago answers a refund sent again with the same idempotency key with the refund it made
    // (and makes it, if the first request never arrived: the shop already counts it as given back).
    async readRefund(input) {
      return this.refund(input);
    },
  };
}

/**
 * Mercado Pago signs each notification: `x-signature: ts=<seconds>,v1=<hex>` where v1 is
 * HMAC-SHA256(secret, "id:<data.id>;request-id:<x-request-id>;ts:<ts>;"). A call outside the time
 * window is refused too, so a captured call cannot be replayed later.
 */
export function verifyMercadoPagoSignature(input: {
  secret: string;
  signature: string | null;
  requestId: string | null;
  dataId: string | null;
  now?: number;
  windowSeconds?: number;
}): boolean {
  if (!input.signature || !input.dataId) return false;
  const parts = Object.fromEntries(
    input.signature.split(",").map((part) => {
      const [key, ...value] = part.trim().split("=");
      return [key, value.join("=")];
    }),
  );
  const ts = parts.ts;
  const v1 = parts.v1;
  if (!ts || !v1 || !/^\d+$/.test(ts) || !/^[0-9a-f]{64}$/i.test(v1)) return false;
  // Mercado Pago has sent ts in seconds and in milliseconds; accept both readings.
  const seconds = ts.length > 11 ? Math.floor(Number(ts) / 1000) : Number(ts);
  const now = Math.floor((input.now ?? Date.now()) / 1000);
  if (Math.abs(now - seconds) > (input.windowSeconds ?? 300)) return false;
  const dataId = /^[a-z0-9]+$/i.test(input.dataId) ? input.dataId.toLowerCase() : input.dataId;
  let manifest = `id:${dataId};`;
  if (input.requestId) manifest += `request-id:${input.requestId};`;
  manifest += `ts:${ts};`;
  const expected = crypto.createHmac("sha256", input.secret).update(manifest).digest();
  const given = Buffer.from(v1, "hex");
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
