// `npm run dev:pix`: the shop with a Pix provider, on this machine only, to see the provider's flow
// before signing a contract with one. Starts the local stand-in for a Banco Central Pix provider the
// tests use (tests/setup/fake-bacen-pix.ts: mutual TLS with certificates made by openssl on the spot),
// the shop's production build against it (PIX_PROVIDER=bacen; built first when missing or stale, as
// `npm start` does) on a throwaway DATA_DIR with the demo catalogue, and a "test bank" page that pays any open charge, as a shopper's bank app would, calling
// the shop's webhook. Everything listens on 127.0.0.1 and talks only to 127.0.0.1; nothing of it is
// part of `npm start`. Ctrl+C stops it all and removes the data directory and the certificates.
//
//   npm run dev:pix [-- --port 3000]
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import type { AddressInfo } from "node:net";
import { findFreePort } from "~/server/db/free-port.server";
import { pixWebhookUrl } from "~/server/payments/pix-webhook.server";
import { bacenPixEnvironment, startFakeBacenPix, type FakeBacenPix } from "../tests/setup/fake-bacen-pix";
import { makeTestCertificates } from "../tests/setup/test-certificates";
import { connectToShopDatabase } from "../tests/system/shop-process";

const { values: args } = parseArgs({ options: { port: { type: "string" } } });
const PIX_KEY = "+5581998765432";
const ADMIN = { email: "dono@loja.test", password: "dono-pix-local" };

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The test bank's page: every charge the shop made, with a button to pay the open ones. */
function bankPage(fake: FakeBacenPix, shopUrl: string): string {
  const rows = [...fake.charges.values()]
    .reverse()
    .map((charge) => {
      const pay =
        charge.status === "ATIVA"
          ? `<form method="post" action="/pagar"><input type="hidden" name="txid" value="${escapeHtml(charge.txid)}"><button>Pagar R$ ${escapeHtml(charge.valor.original.replace(".", ","))}</button></form>`
          : escapeHtml(charge.status === "CONCLUIDA" ? "Pago" : charge.status);
      return `<tr><td>${escapeHtml(charge.solicitacaoPagador ?? charge.txid)}</td><td>${pay}</td></tr>`;
    })
    .join("");
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="refresh" content="3"><title>Banco de teste</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}td{padding:.5rem;border-bottom:1px solid #ddd}button{font-size:1rem;padding:.5rem 1rem}</style></head>
<body><h1>Banco de teste (só nesta máquina)</h1>
<p>As cobranças Pix que a loja (<a href="${escapeHtml(shopUrl)}">${escapeHtml(shopUrl)}</a>) criou. "Pagar" faz o que o app do banco do cliente faria: o banco conclui a cobrança e avisa a loja pelo webhook.</p>
<table>${rows || "<tr><td>Nenhuma cobrança ainda: faça um pedido com PIX na loja.</td></tr>"}</table></body></html>`;
}

async function startBank(fake: FakeBacenPix, shopUrl: string): Promise<http.Server> {
  const server = http.createServer(async (req, res) => {
    if (req.method === "POST" && req.url === "/pagar") {
      let body = "";
      for await (const chunk of req) body += chunk;
      const txid = new URLSearchParams(body).get("txid") ?? "";
      if (fake.charges.get(txid)?.status === "ATIVA") await fake.pay(txid, { notify: true }).catch((error: unknown) => console.error("[banco] webhook:", error));
      res.writeHead(303, { location: "/" }).end();
      return;
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(bankPage(fake, shopUrl));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

async function answering(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/robots.txt`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`a loja não respondeu em ${url}`);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "erick-dev-pix-"));
fs.chmodSync(dataDir, 0o755);
const certs = makeTestCertificates();
const fake = await startFakeBacenPix(certs);
const port = args.port ? Number(args.port) : await findFreePort();
const shopUrl = `http://127.0.0.1:${port}`;
const authSecret = randomBytes(32).toString("base64");
const env: NodeJS.ProcessEnv = {
  ...process.env,
  ...bacenPixEnvironment(fake, certs),
  NODE_ENV: "production",
  WEB_CONCURRENCY: "1",
  HOST: "127.0.0.1",
  PORT: String(port),
  DATA_DIR: dataDir,
  PUBLIC_URL: shopUrl,
  BETTER_AUTH_SECRET: authSecret,
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
};
// Only loopback: no outside database, e-mail, carrier, CEP service, bucket or sign-in, whatever the shell has set.
for (const name of ["DATABASE_URL", "SMTP_URL", "SMTP_FROM", "CEP_LOOKUP_URL", "MELHOR_ENVIO_TOKEN", "MELHOR_ENVIO_URL", "S3_BUCKET", "S3_ENDPOINT", "GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET", "MEDIA_URL"]) delete env[name];
execFileSync(process.execPath, ["scripts/build-if-needed.mjs"], { stdio: "inherit" });
const shop = spawn(process.execPath, ["server.js"], { env, stdio: "inherit" });

let bank: http.Server | null = null;
let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  if (shop.exitCode === null && shop.signalCode === null) {
    shop.kill("SIGTERM");
    await new Promise((resolve) => shop.once("exit", resolve));
  }
  bank?.close();
  await fake.close();
  certs.remove();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code);
}
process.on("SIGINT", () => void stop(0));
process.on("SIGTERM", () => void stop(0));
shop.once("exit", (code) => void stop(code ?? 1));

try {
  await answering(shopUrl, Date.now() + 600_000);
  // The shop's Pix key, and the webhook the shop would register once the key is saved in the settings.
  const database = connectToShopDatabase(dataDir);
  await database.pool.query(`update settings set data = jsonb_set(data, '{pixKey}', $1::jsonb) where id = 1`, [JSON.stringify(PIX_KEY)]);
  await database.pool.end();
  fake.webhooks.set(PIX_KEY, pixWebhookUrl(shopUrl, { authSecret, dataDir }));
  bank = await startBank(fake, shopUrl);
  const bankUrl = `http://127.0.0.1:${(bank.address() as AddressInfo).port}`;
  console.log(`
  Loja com Pix de teste: ${shopUrl}  (painel: ${shopUrl}/admin, ${ADMIN.email} / ${ADMIN.password})
  Banco de teste:        ${bankUrl}
  Dados:                 ${dataDir}

  1. Faça um pedido na loja pagando com PIX: a página do pedido mostra o QR e o copia-e-cola do banco.
  2. No banco de teste, toque em "Pagar" na cobrança do pedido.
  3. A página do pedido diz "Pagamento confirmado" (e o painel mostra o pedido como Pago).
  Tudo fica nesta máquina (127.0.0.1) e é apagado ao sair (Ctrl+C).
`);
} catch (error) {
  console.error(error);
  await stop(1);
}
