// A Pix provider that follows the Banco Central's Pix API (Efí and the banks that publish it): OAuth2
// client credentials over mutual TLS, immediate charges (`cob`), webhooks per key and refunds
// (`devolucao`). Every call has a deadline on the whole of it (../outbound/deadline.server.ts): a slow
// provider must never hold a shopper's checkout or order page.
import https from "node:https";
import tls from "node:tls";
import { z } from "~/lib/forms/validation";
import { DeadlineExceededError, withDeadline } from "../outbound/deadline.server";
import {
  centsFromDecimal,
  decimalFromCents,
  PixProviderError,
  type PixCharge,
  type PixProvider,
  type PixRefund,
} from "./pix-provider.server";

export type BacenPixOptions = {
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  /** The client certificate with its key: one PEM file's bytes, or a PKCS#12 bundle. */
  certificate: { pem: Buffer } | { pkcs12: Buffer; password?: string };
  /** An extra certificate authority to trust (a provider's sandbox, the tests' own). */
  ca?: Buffer;
  timeoutMs?: number;
};

const money = z.string().transform((text, ctx) => {
  const cents = centsFromDecimal(text);
  if (cents === undefined) ctx.addIssue({ code: "custom", message: "valor" });
  return cents ?? 0;
});

const refundShape = z.object({
  id: z.string(),
  valor: money,
  status: z.string(),
});

const chargeShape = z.object({
  txid: z.string(),
  status: z.string(),
  calendario: z.object({ criacao: z.string(), expiracao: z.number() }),
  valor: z.object({ original: money }),
  pixCopiaECola: z.string().optional(),
  pix: z
    .array(
      z.object({
        endToEndId: z.string().min(1),
        valor: money,
        horario: z.string(),
        devolucoes: z.array(refundShape).optional(),
      }),
    )
    .optional(),
});

function refundFrom(raw: z.infer<typeof refundShape>): PixRefund {
  const status = raw.status === "DEVOLVIDO" ? "done" : raw.status === "NAO_REALIZADO" ? "failed" : "processing";
  return { id: raw.id, amountCents: raw.valor, status };
}

function chargeFrom(raw: unknown): PixCharge {
  const parsed = chargeShape.safeParse(raw);
  if (!parsed.success) throw new PixProviderError("unavailable", "o provedor Pix respondeu uma cobrança ilegível");
  const charge = parsed.data;
  const createdAt = new Date(charge.calendario.criacao);
  return {
    txid: charge.txid,
    providerId: charge.txid,
    status: charge.status === "CONCLUIDA" ? "concluded" : charge.status === "ATIVA" ? "active" : "removed",
    amountCents: charge.valor.original,
    copyPaste: charge.pixCopiaECola ?? "",
    createdAt,
    expiresAt: new Date(createdAt.getTime() + charge.calendario.expiracao * 1000),
    received: (charge.pix ?? []).map((pix) => ({
      endToEndId: pix.endToEndId,
      amountCents: pix.valor,
      paidAt: new Date(pix.horario),
      refunds: (pix.devolucoes ?? []).map(refundFrom),
    })),
  };
}

export function bacenPixProvider(options: BacenPixOptions): PixProvider {
  const api = bankApi(options);
  const txidPath = (txid: string) => `/v2/cob/${encodeURIComponent(txid)}`;

  return {
    name: "bacen",
    async createCharge(charge) {
      const answer = await api("PUT", txidPath(charge.txid), {
        calendario: { expiracao: charge.expiresInSeconds },
        valor: { original: decimalFromCents(charge.amountCents) },
        chave: charge.key,
        solicitacaoPagador: charge.description.slice(0, 140),
      });
      if (answer.status === 200 || answer.status === 201) return chargeFrom(answer.body);
      // A retry after a lost answer: the charge exists already, and it is ours (the txid is).
      if (answer.status === 400 || answer.status === 409) {
        const existing = await api("GET", txidPath(charge.txid));
        if (existing.status === 200) return chargeFrom(existing.body);
      }
      throw failure(answer, "criar a cobrança Pix");
    },
    async readCharge({ txid }) {
      const answer = await api("GET", txidPath(txid));
      if (answer.status === 200) return chargeFrom(answer.body);
      throw failure(answer, "ler a cobrança Pix");
    },
    async removeCharge({ txid }) {
      const answer = await api("PATCH", txidPath(txid), { status: "REMOVIDA_PELO_USUARIO_RECEBEDOR" });
      if ((answer.status >= 200 && answer.status < 300) || answer.status === 404) return;
      throw failure(answer, "remover a cobrança Pix");
    },
    async registerWebhook(key, webhookUrl) {
      const answer = await api("PUT", `/v2/webhook/${encodeURIComponent(key)}`, { webhookUrl });
      if (answer.status >= 200 && answer.status < 300) return;
      throw failure(answer, "registrar o webhook Pix");
    },
    async refund({ endToEndId, refundId, amountCents }) {
      const path = `/v2/pix/${encodeURIComponent(endToEndId)}/devolucao/${encodeURIComponent(refundId)}`;
      const answer = await api("PUT", path, { valor: decimalFromCents(amountCents) });
      if (answer.status === 200 || answer.status === 201) {
        const parsed = refundShape.safeParse(answer.body);
        if (parsed.success) return refundFrom(parsed.data);
      }
      throw failure(answer, "devolver o Pix");
    },
    async readRefund({ endToEndId, refundId }) {
      const answer = await api("GET", `/v2/pix/${encodeURIComponent(endToEndId)}/devolucao/${encodeURIComponent(refundId)}`);
      if (answer.status === 200) {
        const parsed = refundShape.safeParse(answer.body);
        if (parsed.success) return refundFrom(parsed.data);
      }
      throw failure(answer, "ler a devolução do Pix");
    },
  };
}

/** An answer of the bank's API: its HTTP status and its JSON (undefined when there is none or it is not JSON). */
type ApiAnswer = { status: number; body: unknown };

/** Where and how the bank is reached: its API's base, the mutual TLS agent, the whole exchange's deadline. */
type BankConnection = { base: URL; agent: https.Agent; timeoutMs: number };

/**
 * The bank's API over mutual TLS with an OAuth2 token (client credentials), kept until shortly before
 * it expires: each call with the bearer token, renewed once when the bank says it expired.
 */
function bankApi(options: BacenPixOptions): (method: string, path: string, body?: unknown) => Promise<ApiAnswer> {
  const connection: BankConnection = {
    timeoutMs: options.timeoutMs ?? 5000,
    agent: new https.Agent({
      keepAlive: true,
      ...("pem" in options.certificate
        ? { cert: options.certificate.pem, key: options.certificate.pem }
        : { pfx: options.certificate.pkcs12, passphrase: options.certificate.password }),
      ca: options.ca ? [...tls.rootCertificates, options.ca.toString("utf8")] : undefined,
    }),
    base: new URL(options.apiUrl.endsWith("/") ? options.apiUrl : `${options.apiUrl}/`),
  };
  let token: { value: string; until: number } | null = null;

  async function accessToken(renew = false): Promise<string> {
    if (!renew && token && token.until > Date.now()) return token.value;
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString("base64");
    const answer = await call(connection, "POST", "/oauth/token", { grant_type: "client_credentials" }, `Basic ${basic}`);
    const parsed = z.object({ access_token: z.string().min(1), expires_in: z.number().optional() }).safeParse(answer.body);
    if (answer.status === 401 || answer.status === 403) throw new PixProviderError("refused", "o provedor Pix recusou o Client ID ou o Client Secret");
    if (answer.status !== 200 || !parsed.success) throw new PixProviderError("unavailable", `o provedor Pix não deu um token (HTTP ${answer.status})`);
    const lifetime = (parsed.data.expires_in ?? 300) * 1000;
    token = { value: parsed.data.access_token, until: Date.now() + Math.max(lifetime - 60_000, lifetime / 2) };
    return token.value;
  }

  return async function api(method: string, path: string, body?: unknown) {
    let answer = await call(connection, method, path, body, `Bearer ${await accessToken()}`);
    if (answer.status === 401) answer = await call(connection, method, path, body, `Bearer ${await accessToken(true)}`);
    return answer;
  };
}

/** One request to the bank, its JSON answer read whole; a network failure or the deadline is "unavailable". */
function call({ base, agent, timeoutMs }: BankConnection, method: string, path: string, body: unknown, authorization: string): Promise<ApiAnswer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  // The whole exchange has the deadline, not only idle time: a bank trickling a byte every few
  // seconds once held an order page for minutes.
  return withDeadline("o provedor Pix", timeoutMs, (signal) => new Promise<ApiAnswer>((resolve, reject) => {
    const request = https.request(
      new URL(path.replace(/^\//, ""), base),
      {
        method,
        agent,
        signal,
        headers: {
          authorization,
          accept: "application/json",
          ...(payload === undefined ? {} : { "content-type": "application/json", "content-length": Buffer.byteLength(payload) }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let parsed: unknown = undefined;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {
            parsed = undefined;
          }
          resolve({ status: response.statusCode ?? 0, body: parsed });
        });
        response.on("error", () => reject(new PixProviderError("unavailable", "o provedor Pix interrompeu a resposta")));
      },
    );
    request.on("error", (error) =>
      reject(error instanceof PixProviderError ? error : new PixProviderError("unavailable", `o provedor Pix não pôde ser alcançado (${(error as NodeJS.ErrnoException).code ?? error.message})`)),
    );
    request.end(payload);
  })).catch((error: unknown) => {
    throw error instanceof DeadlineExceededError ? new PixProviderError("unavailable", `o provedor Pix não respondeu em ${timeoutMs} ms`) : error;
  });
}

/** The bank's refusal as our error: missing, unavailable (worth a retry) or refused, with its reason. */
function failure(answer: ApiAnswer, what: string): PixProviderError {
  const detail = (answer.body as { detail?: unknown; mensagem?: unknown } | undefined) ?? {};
  const reason = typeof detail.detail === "string" ? detail.detail : typeof detail.mensagem === "string" ? detail.mensagem : `HTTP ${answer.status}`;
  if (answer.status === 404) return new PixProviderError("not-found", `${what}: não encontrado`);
  if (answer.status >= 500 || answer.status === 0 || answer.status === 429) return new PixProviderError("unavailable", `${what}: ${reason}`);
  return new PixProviderError("refused", `${what}: ${reason.slice(0, 200)}`);
}
