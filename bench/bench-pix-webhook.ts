// `npm run bench:pix-webhook [-- --orders 30]`: how long from the provider's webhook call to the order
// page saying "Pagamento confirmado".
//
// Starts the production build (needs `react-router build`, one process) with PIX_PROVIDER=bacen
// against the local fake of the Banco Central's API (mutual TLS, in this process, answering at once),
// places Pix orders through the checkout one after another, opens each order's page (the charge is
// made) and once more (its charge just read, so the next visits within 10 s do not read it again and
// only the webhook can turn it paid), then the shopper pays at the bank, which calls the shop's
// webhook; the clock runs from the payment until a plain GET of the order page says "Pagamento
// confirmado". Prints p50/p95/max of the webhook's answer and of webhook → page. A shopper's open page
// asks every 5 s (app/components/checkout/order-payment.tsx), which a phone adds on top.
// Figures, not pass/fail.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { findFreePort } from "~/server/db/free-port.server";
import { pixWebhookSecret, PIX_WEBHOOK_PATH } from "~/server/payments/pix-webhook.server";
import { bacenPixEnvironment, startFakeBacenPix } from "../tests/setup/fake-bacen-pix";
import { makeTestCertificates } from "../tests/setup/test-certificates";
import { newAttempt, orderableProducts, submitCheckout } from "../tests/system/checkout-traffic";
import { connectToShopDatabase, requireBuild, startShopProcess, type ShopProcess } from "../tests/system/shop-process";

const { values: args } = parseArgs({ options: { orders: { type: "string", default: "30" } } });
const ORDERS = Number(args.orders);
const PIX_KEY = "+5581998765432";

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

requireBuild();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "erick-bench-pix-"));
fs.chmodSync(dataDir, 0o755);
const certs = makeTestCertificates();
const fake = await startFakeBacenPix(certs);
const authSecret = randomBytes(32).toString("base64");
let shop: ShopProcess | null = null;
let exitCode = 0;
try {
  const port = await findFreePort();
  shop = await startShopProcess(dataDir, { port, env: { ...bacenPixEnvironment(fake, certs), WEB_CONCURRENCY: "1", BETTER_AUTH_SECRET: authSecret } });
  const origin = shop.url;
  const database = connectToShopDatabase(dataDir);
  const catalogue = await orderableProducts(database.db);
  await database.pool.query(`update settings set data = jsonb_set(data, '{pixKey}', $1::jsonb) where id = 1`, [JSON.stringify(PIX_KEY)]);
  // What the shop registers at start once its key and public address are set; set here directly (the key came after the start).
  fake.webhooks.set(PIX_KEY, `${origin}${PIX_WEBHOOK_PATH}/${pixWebhookSecret({ authSecret, dataDir })}`);

  const webhookMs: number[] = [];
  const toPageMs: number[] = [];
  const page = (token: string) => fetch(`${origin}/pedido/${token}`).then((response) => response.text());
  for (let index = 0; index < ORDERS; index += 1) {
    const token = await submitCheckout(origin, newAttempt(catalogue), AbortSignal.timeout(30_000));
    await page(token);
    await page(token);
    const { rows } = await database.pool.query<{ txid: string }>("select c.txid from pix_charges c join orders o on o.id = c.order_id where o.public_token = $1", [token]);
    const txid = rows[0]?.txid;
    if (!txid) throw new Error(`no charge for order ${token}`);
    const paidAt = performance.now();
    await fake.pay(txid, { notify: true });
    webhookMs.push(performance.now() - paidAt);
    while (!(await page(token)).includes("Pagamento confirmado")) {
      if (performance.now() - paidAt > 9_000) throw new Error(`order ${token}: not confirmed on its page 9 s after the webhook`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    toPageMs.push(performance.now() - paidAt);
  }
  await database.pool.end();
  const line = (name: string, values: number[]) =>
    `| ${name} | ${percentile(values, 50).toFixed(0)} | ${percentile(values, 95).toFixed(0)} | ${Math.max(...values).toFixed(0)} |`;
  console.log(`\nPix webhook → order page: ${ORDERS} orders, one after another — ${new Date().toISOString()}`);
  console.log(`Machine: ${os.cpus().length} CPU (${os.cpus()[0]?.model ?? "?"}), load average ${os.loadavg()[0]!.toFixed(1)} (shared)\n`);
  console.log("| step | p50 ms | p95 ms | max ms |");
  console.log("|---|---:|---:|---:|");
  console.log(line("webhook answered (charge read from the bank, payment written)", webhookMs));
  console.log(line("webhook → order page says 'Pagamento confirmado'", toPageMs));
  console.log("\nA shopper's open page asks every 5 s: add up to 5 s on the phone.");
} catch (error) {
  exitCode = 1;
  console.error(`the run failed: ${error instanceof Error ? error.message : String(error)}`);
  if (shop) console.error(shop.output());
} finally {
  await shop?.stop().catch(() => {});
  await fake.close();
  certs.remove();
  fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
}
process.exit(exitCode);
