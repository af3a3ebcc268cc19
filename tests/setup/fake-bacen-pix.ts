// A local stand-in for a Pix provider that follows the Banco Central's Pix API (as Efí does), on
// 127.0.0.1 over HTTPS with mutual TLS: a client without a certificate signed by the test authority is
// refused at the handshake. It keeps charges in memory and is driven by the tests: a shopper pays
// (optionally calling the shop's webhook, as the provider would), and it can be slow, down or lie.
import crypto from "node:crypto";
import fs from "node:fs";
import https from "node:https";
import type { ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestCertificates } from "./test-certificates";

export type FakePixPayment = { endToEndId: string; txid: string; valor: string; horario: string; devolucoes: FakeRefund[] };
type FakeRefund = { id: string; rtrId: string; valor: string; horario: { solicitacao: string }; status: "EM_PROCESSAMENTO" | "DEVOLVIDO" | "NAO_REALIZADO" };
type FakeCharge = {
  txid: string;
  revisao: number;
  calendario: { criacao: string; expiracao: number };
  valor: { original: string };
  chave: string;
  solicitacaoPagador?: string;
  status: "ATIVA" | "CONCLUIDA" | "REMOVIDA_PELO_PSP" | "REMOVIDA_PELO_USUARIO_RECEBEDOR";
  pixCopiaECola: string;
  loc: { id: number; location: string; tipoCob: "cob" };
  pix: FakePixPayment[];
};

export type FakeBacenPix = {
  url: string;
  clientId: string;
  clientSecret: string;
  charges: Map<string, FakeCharge>;
  webhooks: Map<string, string>;
  /** Every request as the fake saw it (method, path, the Authorization scheme only). */
  requests: { method: string; path: string; auth: string }[];
  /** Milliseconds to wait before answering anything (a bank that hangs, then answers). */
  delayMs: number;
  /** When set, a charge read (GET /v2/cob/{txid}) answers its headers at once, then its body one byte every this many milliseconds: never idle, never done. */
  trickleMs: number;
  /** Requests received and not yet fully answered (held by delayMs or trickling). */
  answering: number;
  /** When true every request gets 503 (the provider is down). */
  down: boolean;
  /** When set, webhook registrations for a plain-http address are refused, as real providers do. */
  refusePlainHttpWebhooks: boolean;
  /** When set, new charges carry this copia-e-cola instead of a real-looking one (a provider's odd answer). */
  copyPasteOverride: string | null;
  /** A shopper pays the charge: it becomes CONCLUIDA. `notify` calls the registered webhook. */
  pay(txid: string, options?: { amountCents?: number; notify?: boolean }): Promise<FakePixPayment>;
  /** Calls the shop's webhook for a charge, as the provider would (or as a forger would). */
  notify(body: unknown, key?: string): Promise<Response>;
  close(): Promise<void>;
};

const toValor = (cents: number) => (cents / 100).toFixed(2);
const TXID = /^[a-zA-Z0-9]{26,35}$/;

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

/** The whole answer, a byte at a time: an idle timeout never fires, only a deadline on the whole call ends it. */
function trickle(res: ServerResponse, body: string, everyMs: number) {
  res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  let sent = 0;
  const timer = setInterval(() => {
    if (res.destroyed) return clearInterval(timer);
    res.write(body.slice(sent, sent + 1));
    sent += 1;
    if (sent >= body.length) {
      clearInterval(timer);
      res.end();
    }
  }, everyMs);
  res.on("close", () => clearInterval(timer));
}

function problem(res: ServerResponse, status: number, title: string, detail: string) {
  json(res, status, { type: `https://pix.bcb.gov.br/api/v2/error/${title}`, title, status, detail });
}

export async function startFakeBacenPix(certs: TestCertificates): Promise<FakeBacenPix> {
  const clientId = "Client_Id_loja_erick";
  const clientSecret = "Client_Secret_" + crypto.randomBytes(8).toString("hex");
  const tokens = new Set<string>();
  const charges = new Map<string, FakeCharge>();
  const webhooks = new Map<string, string>();
  const requests: FakeBacenPix["requests"] = [];
  let nextLoc = 1;


  const server = https.createServer(
    {
      cert: fs.readFileSync(certs.serverCert),
      key: fs.readFileSync(certs.serverKey),
      ca: fs.readFileSync(certs.caFile),
      requestCert: true,
      rejectUnauthorized: true,
    },
    async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const raw = Buffer.concat(chunks).toString("utf8");
      const url = new URL(req.url ?? "/", "https://127.0.0.1");
      const authorization = req.headers.authorization ?? "";
      requests.push({ method: req.method ?? "", path: url.pathname, auth: authorization.split(" ")[0] ?? "" });
      fake.answering += 1;
      res.on("close", () => (fake.answering -= 1));
      if (fake.delayMs) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
      if (fake.down) return problem(res, 503, "ServicoIndisponivel", "Serviço indisponível");

      if (req.method === "POST" && url.pathname === "/oauth/token") {
        const expected = "Basic " + Buffer.from(`${clientId}:${clientSecret}`).toString("base64");
        if (authorization !== expected) return json(res, 401, { error: "invalid_client" });
        const token = crypto.randomBytes(16).toString("hex");
        tokens.add(token);
        return json(res, 200, { access_token: token, token_type: "Bearer", expires_in: 3600, scope: "cob.write cob.read pix.read pix.write webhook.write" });
      }
      if (!authorization.startsWith("Bearer ") || !tokens.has(authorization.slice(7))) return json(res, 401, { error: "invalid_token" });
      let body: Record<string, unknown> = {};
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        return problem(res, 400, "JsonInvalido", "Corpo não é JSON");
      }

      const cob = url.pathname.match(/^\/v2\/cob\/([^/]+)$/);
      if (cob) {
        const txid = decodeURIComponent(cob[1]!);
        if (!TXID.test(txid)) return problem(res, 400, "CobOperacaoInvalida", "txid inválido");
        if (req.method === "PUT") {
          if (charges.has(txid)) return problem(res, 400, "CobOperacaoInvalida", "txid já utilizado");
          const valor = (body.valor as { original?: unknown } | undefined)?.original;
          const expiracao = (body.calendario as { expiracao?: unknown } | undefined)?.expiracao;
          if (typeof valor !== "string" || !/^\d{1,10}\.\d{2}$/.test(valor)) return problem(res, 400, "CobPayloadInvalido", "valor.original inválido");
          if (typeof expiracao !== "number" || expiracao <= 0) return problem(res, 400, "CobPayloadInvalido", "calendario.expiracao inválido");
          if (typeof body.chave !== "string" || !body.chave) return problem(res, 400, "CobPayloadInvalido", "chave ausente");
          const loc = nextLoc++;
          const location = `pix.fake.example/qr/v2/${crypto.randomUUID()}`;
          const charge: FakeCharge = {
            txid,
            revisao: 0,
            calendario: { criacao: new Date().toISOString(), expiracao },
            valor: { original: valor },
            chave: body.chave,
            solicitacaoPagador: typeof body.solicitacaoPagador === "string" ? body.solicitacaoPagador : undefined,
            status: "ATIVA",
            pixCopiaECola: fake.copyPasteOverride ?? `00020101021226830014br.gov.bcb.pix2561${location}5204000053039865802BR5905ERICK6009BARREIROS62070503***6304ABCD`,
            loc: { id: loc, location, tipoCob: "cob" },
            pix: [],
          };
          charges.set(txid, charge);
          return json(res, 201, { ...charge, pix: undefined, location });
        }
        if (req.method === "PATCH") {
          const charge = charges.get(txid);
          if (!charge) return problem(res, 404, "CobNaoEncontrado", "Cobrança não encontrada");
          if (body.status !== "REMOVIDA_PELO_USUARIO_RECEBEDOR") return problem(res, 400, "CobPayloadInvalido", "status inválido");
          if (charge.status !== "ATIVA") return problem(res, 400, "CobOperacaoInvalida", "A cobrança não está ATIVA");
          charge.status = "REMOVIDA_PELO_USUARIO_RECEBEDOR";
          charge.revisao += 1;
          return json(res, 200, { ...charge, location: charge.loc.location, pix: undefined });
        }
        if (req.method === "GET") {
          const charge = charges.get(txid);
          if (!charge) return problem(res, 404, "CobNaoEncontrado", "Cobrança não encontrada");
          const answer = { ...charge, location: charge.loc.location, pix: charge.pix.length ? charge.pix : undefined };
          if (fake.trickleMs) return trickle(res, JSON.stringify(answer), fake.trickleMs);
          return json(res, 200, answer);
        }
      }

      const webhook = url.pathname.match(/^\/v2\/webhook\/([^/]+)$/);
      if (webhook && req.method === "PUT") {
        const webhookUrl = body.webhookUrl;
        if (typeof webhookUrl !== "string") return problem(res, 400, "WebhookOperacaoInvalida", "webhookUrl ausente");
        if (fake.refusePlainHttpWebhooks && !webhookUrl.startsWith("https://")) {
          return problem(res, 400, "WebhookOperacaoInvalida", "A URL do webhook deve usar https");
        }
        webhooks.set(decodeURIComponent(webhook[1]!), webhookUrl);
        return json(res, 200, { webhookUrl, chave: decodeURIComponent(webhook[1]!), criacao: new Date().toISOString() });
      }

      const refund = url.pathname.match(/^\/v2\/pix\/([^/]+)\/devolucao\/([^/]+)$/);
      if (refund) {
        const [e2eid, id] = [decodeURIComponent(refund[1]!), decodeURIComponent(refund[2]!)];
        const payment = [...charges.values()].flatMap((charge) => charge.pix).find((pix) => pix.endToEndId === e2eid);
        if (!payment) return problem(res, 404, "PixNaoEncontrado", "Pix não encontrado");
        const existing = payment.devolucoes.find((item) => item.id === id);
        if (req.method === "GET") {
          if (!existing) return problem(res, 404, "DevolucaoNaoEncontrada", "Devolução não encontrada");
          // The bank finishes it by the time it is read again, unless a test settled it otherwise (NAO_REALIZADO).
          if (existing.status === "EM_PROCESSAMENTO") existing.status = "DEVOLVIDO";
          return json(res, 200, existing);
        }
        if (req.method === "PUT") {
          if (existing) return json(res, 201, existing);
          const valor = body.valor;
          if (typeof valor !== "string" || !/^\d{1,10}\.\d{2}$/.test(valor)) return problem(res, 400, "DevolucaoPayloadInvalido", "valor inválido");
          const refunded = payment.devolucoes.reduce((sum, item) => sum + Math.round(Number(item.valor) * 100), 0);
          if (refunded + Math.round(Number(valor) * 100) > Math.round(Number(payment.valor) * 100)) {
            return problem(res, 400, "DevolucaoOperacaoInvalida", "Valor da devolução maior que o disponível");
          }
          const created: FakeRefund = {
            id,
            rtrId: "D" + crypto.randomBytes(15).toString("hex").slice(0, 31),
            valor,
            horario: { solicitacao: new Date().toISOString() },
            status: "EM_PROCESSAMENTO",
          };
          payment.devolucoes.push(created);
          return json(res, 201, created);
        }
      }
      problem(res, 404, "NaoEncontrado", `${req.method} ${url.pathname}`);
    },
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function notify(body: unknown, key?: string) {
    const target = key ? webhooks.get(key) : [...webhooks.values()].at(-1);
    if (!target) throw new Error("fake Pix: no webhook registered");
    return fetch(`${target.replace(/\/$/, "")}/pix`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  }

  const fake: FakeBacenPix = {
    url,
    clientId,
    clientSecret,
    charges,
    webhooks,
    requests,
    delayMs: 0,
    down: false,
    trickleMs: 0,
    answering: 0,
    refusePlainHttpWebhooks: false,
    copyPasteOverride: null,
    async pay(txid, options = {}) {
      const charge = charges.get(txid);
      if (!charge) throw new Error(`fake Pix: no charge ${txid}`);
      const payment: FakePixPayment = {
        endToEndId: "E" + crypto.randomBytes(16).toString("hex").slice(0, 31),
        txid,
        valor: options.amountCents === undefined ? charge.valor.original : toValor(options.amountCents),
        horario: new Date().toISOString(),
        devolucoes: [],
      };
      charge.pix.push(payment);
      charge.status = "CONCLUIDA";
      if (options.notify) {
        const { devolucoes: _ignored, ...announced } = payment;
        await notify({ pix: [announced] }, charge.chave);
      }
      return payment;
    },
    notify,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}

/** The environment a shop is started with to use this provider, with the test certificates (PEM, or the .p12 and its password). */
export function bacenPixEnvironment(fake: FakeBacenPix, certs: TestCertificates, { pkcs12 = false } = {}): Record<string, string> {
  return {
    PIX_PROVIDER: "bacen",
    PIX_API_URL: fake.url,
    PIX_CLIENT_ID: fake.clientId,
    PIX_CLIENT_SECRET: fake.clientSecret,
    PIX_CA: certs.caFile,
    ...(pkcs12 ? { PIX_CERT: certs.clientP12File, PIX_CERT_PASSWORD: certs.clientP12Password } : { PIX_CERT: certs.clientPemFile }),
  };
}
