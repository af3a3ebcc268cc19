// `npm run test:crash-pix [-- --orders 12]`: the shop loses power after the bank confirmed Pix
// payments and before it wrote them down.
//
// Starts the production build (needs `react-router build`) on a fresh DATA_DIR with its embedded
// PostgreSQL and PIX_PROVIDER=bacen against the local fake of the Banco Central's API (mutual TLS, on
// loopback, in this process), places Pix orders through the checkout, opens each order's page (which
// makes its charge), then the shoppers pay them all at the bank. The fake then answers slowly, the
// order pages are opened again (each visit reads its charge from the bank) and, while those reads
// wait, the app and PostgreSQL get `kill -9`: the bank says "paid", the shop never wrote it. The shop
// starts again with no webhook and nobody visiting, and must find every payment by itself (the poller
// re-reads open charges) within 2 minutes, each once: one receipt per transfer, one "paid" per order.
// Prints the figures; exits 1 on any violation.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { bacenPixEnvironment, startFakeBacenPix } from "../setup/fake-bacen-pix";
import { makeTestCertificates } from "../setup/test-certificates";
import { newAttempt, orderableProducts, submitCheckout, type CheckoutAttempt } from "./checkout-traffic";
import { connectToShopDatabase, requireBuild, startShopProcess, type ShopProcess } from "./shop-process";

const { values: args } = parseArgs({ options: { orders: { type: "string", default: "12" } } });
const ORDERS = Number(args.orders);
/** The promise: a payment whose webhook never came shows within this. */
const RECONCILE_LIMIT_MS = 120_000;
/** How long the fake bank takes to answer while the shop is killed: the reads are surely in flight. */
const SLOW_BANK_MS = 3_000;

requireBuild();
const startedAt = performance.now();
const elapsed = () => `${((performance.now() - startedAt) / 1000).toFixed(1)} s`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "erick-crash-pix-"));
fs.chmodSync(dataDir, 0o755);
const certs = makeTestCertificates();
const fake = await startFakeBacenPix(certs);
// One process is enough to show the point and spares the shared machine.
const env = { ...bacenPixEnvironment(fake, certs), WEB_CONCURRENCY: "1" };
const violations: string[] = [];
let shop: ShopProcess | null = null;

type Paid = { token: string; txid: string };

async function chargesByToken(tokens: string[]) {
  const database = connectToShopDatabase(dataDir);
  try {
    const { rows } = await database.pool.query<{ token: string; txid: string }>(
      `select o.public_token as token, c.txid from orders o join pix_charges c on c.order_id = o.id where o.public_token = any($1) and c.status = 'active'`,
      [tokens],
    );
    return rows;
  } finally {
    await database.pool.end();
  }
}

async function paymentsOf(tokens: string[]) {
  const database = connectToShopDatabase(dataDir);
  try {
    const { rows } = await database.pool.query<{ paid: number; receipts: number; distinct_e2e: number }>(
      `select (select count(*)::int from order_payments p join orders o on o.id = p.order_id where o.public_token = any($1) and p.status = 'paid') as paid,
              (select count(*)::int from pix_receipts r join pix_charges c on c.id = r.charge_id join orders o on o.id = c.order_id where o.public_token = any($1)) as receipts,
              (select count(distinct r.end_to_end_id)::int from pix_receipts r join pix_charges c on c.id = r.charge_id join orders o on o.id = c.order_id where o.public_token = any($1)) as distinct_e2e`,
      [tokens],
    );
    return rows[0]!;
  } finally {
    await database.pool.end();
  }
}

try {
  shop = await startShopProcess(dataDir, { env });
  console.log(`[crash-pix] shop started on ${shop.url} with PIX_PROVIDER=bacen against the local fake (${elapsed()})`);
  const database = connectToShopDatabase(dataDir);
  const catalogue = await orderableProducts(database.db);
  await database.pool.query(`update settings set data = jsonb_set(data, '{pixKey}', '"+5581998765432"') where id = 1`);
  await database.pool.end();

  const attempts: CheckoutAttempt[] = Array.from({ length: ORDERS }, () => newAttempt(catalogue));
  const origin = shop.url;
  const tokens = await Promise.all(attempts.map((attempt) => submitCheckout(origin, attempt, AbortSignal.timeout(30_000))));
  // The checkout answers before the bank is called; the shop makes each queued charge right after.
  let charges = await chargesByToken(tokens);
  for (let waited = 0; charges.length < ORDERS && waited < 20_000; waited += 200) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    charges = await chargesByToken(tokens);
  }
  if (charges.length !== ORDERS) violations.push(`${ORDERS} orders, but ${charges.length} charges made`);
  const paidAtBank: Paid[] = [];
  for (const charge of charges) {
    await fake.pay(charge.txid);
    paidAtBank.push(charge);
  }
  console.log(`[crash-pix] ${paidAtBank.length} Pix paid at the bank, none announced (${elapsed()})`);

  // Each visit reads its charge again once its last read is 10 s old.
  await new Promise((resolve) => setTimeout(resolve, 10_500));
  fake.delayMs = SLOW_BANK_MS;
  const before = fake.requests.length;
  const visits = tokens.map((token) => fetch(`${origin}/pedido/${token}`, { signal: AbortSignal.timeout(60_000) }).catch(() => null));
  for (let waited = 0; fake.requests.length - before < Math.min(ORDERS, 3) && waited < 5_000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const inFlight = fake.requests.length - before;
  const killed = await shop.crash();
  await Promise.all(visits);
  console.log(`[crash-pix] kill -9 of the app and PostgreSQL (postmaster ${killed.postmaster}) with ${inFlight} reads of paid charges waiting on the bank (${elapsed()})`);
  if (inFlight === 0) violations.push("no read of a paid charge was in flight at the kill");
  fake.delayMs = 0;

  const requestsBeforeRestart = fake.requests.length;
  const restartedAt = performance.now();
  shop = await startShopProcess(dataDir, { env });
  console.log(`[crash-pix] shop restarted; nobody visits, no webhook (${elapsed()})`);
  const atRestart = await paymentsOf(tokens);
  console.log(`[crash-pix] paid in the shop's database right after the restart: ${atRestart.paid} of ${ORDERS}`);
  if (atRestart.paid === ORDERS) violations.push("every payment was already written before the kill: the crash did not land between the bank and the database");

  let now = atRestart;
  while (now.paid < ORDERS && performance.now() - restartedAt < RECONCILE_LIMIT_MS) {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    now = await paymentsOf(tokens);
  }
  const reconciledMs = performance.now() - restartedAt;
  const pageReads = fake.requests.slice(requestsBeforeRestart).filter((request) => request.method === "GET" && request.path.startsWith("/v2/cob/")).length;
  if (now.paid !== ORDERS) violations.push(`${now.paid} of ${ORDERS} orders paid ${RECONCILE_LIMIT_MS / 1000} s after the restart`);
  if (now.receipts !== ORDERS || now.distinct_e2e !== ORDERS) violations.push(`${now.receipts} receipts (${now.distinct_e2e} distinct end-to-end ids) for ${ORDERS} transfers`);
  // Still once a while later: another poller round changes nothing.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const later = await paymentsOf(tokens);
  if (later.paid !== ORDERS || later.receipts !== ORDERS) violations.push(`a later look found ${later.paid} paid and ${later.receipts} receipts`);
  console.log(
    [
      `[crash-pix] orders: ${ORDERS}; paid at the bank before the kill: ${paidAtBank.length}`,
      `[crash-pix] paid in the shop after the restart: ${now.paid} in ${(reconciledMs / 1000).toFixed(1)} s (limit ${RECONCILE_LIMIT_MS / 1000} s), by the poller (${pageReads} charge reads)`,
      `[crash-pix] receipts: ${now.receipts}, distinct end-to-end ids: ${now.distinct_e2e}`,
      `[crash-pix] total time: ${elapsed()}`,
    ].join("\n"),
  );
} catch (error) {
  violations.push(`the run failed: ${error instanceof Error ? error.message : String(error)}`);
  if (shop) console.error(shop.output());
} finally {
  await shop?.stop().catch(() => {});
  await fake.close();
  certs.remove();
  fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
}

if (violations.length > 0) {
  console.error(`[crash-pix] FAILED: ${violations.length} violation(s)`);
  for (const violation of violations.slice(0, 30)) console.error(`  - ${violation}`);
  process.exit(1);
}
console.log("[crash-pix] OK: every Pix the bank confirmed before the kill was found by the poller after the restart, each recorded once");
