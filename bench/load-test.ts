// `npm run test:load [-- --shoppers 50 --seconds 60 --url http://host:port --data-dir DIR] [--pix]`
//
// Simulated shoppers, each in a loop: home page, product list, a product, the cart page, then a
// checkout (the form a browser POSTs, with its idempotency key) and the order page it leads to.
// Against a server it starts itself (the production build, needs `react-router build`, on a fresh
// DATA_DIR with embedded PostgreSQL), or against --url; then the orders are counted in the database
// (the started server's, or --data-dir's running embedded PostgreSQL, or DATABASE_URL with --url).
// Prints requests, errors, p50/p99 per page, orders placed and found, and the machine's load.
// Zero errors and zero lost orders expected: exits 1 otherwise. Figures, not a timed test.
//
// `--pix` (with a server it starts): PIX_PROVIDER=bacen against the local fake of the Banco Central's
// API (mutual TLS, in this process) answering each call in `--pix-delay` ms (default 200), and the
// shop's Pix key set, so every Pix order's charge is made at the provider right after its checkout
// commits (a queue the checkout nudges), as in production; "charges made" counts those the fake made.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { connectDatabase } from "~/server/db/database.server";
import { auditOrders, newAttempt, orderableProducts, submitCheckout, type CheckoutAttempt } from "../tests/system/checkout-traffic";
import { connectToShopDatabase, requireBuild, startShopProcess, type ShopProcess } from "../tests/system/shop-process";
import { bacenPixEnvironment, startFakeBacenPix, type FakeBacenPix } from "../tests/setup/fake-bacen-pix";
import { makeTestCertificates, type TestCertificates } from "../tests/setup/test-certificates";

const { values: args } = parseArgs({
  options: {
    shoppers: { type: "string", default: "50" },
    seconds: { type: "string", default: "60" },
    url: { type: "string" },
    "data-dir": { type: "string" },
    pix: { type: "boolean", default: false },
    "pix-delay": { type: "string", default: "200" },
  },
});
const SHOPPERS = Number(args.shoppers);
const SECONDS = Number(args.seconds);
if (!Number.isInteger(SHOPPERS) || SHOPPERS < 1 || !(SECONDS > 0)) {
  console.error("--shoppers must be a positive integer and --seconds a positive number");
  process.exit(2);
}

type Page = "home" | "list" | "product" | "cart" | "checkout" | "order";
const latencies: Record<Page, number[]> = { home: [], list: [], product: [], cart: [], checkout: [], order: [] };
const errors: string[] = [];
let requests = 0;

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const HEADERS = { "accept-encoding": "gzip, deflate, br", "user-agent": "erick-load-test" };

/** A GET as a browser makes it, body read to the end; anything but 200 is an error. */
async function visit(origin: string, page: Page, pathname: string) {
  const started = performance.now();
  requests += 1;
  try {
    const response = await fetch(`${origin}${pathname}`, { headers: HEADERS, signal: AbortSignal.timeout(30_000) });
    await response.arrayBuffer();
    if (response.status !== 200) errors.push(`${pathname}: ${response.status}`);
  } catch (error) {
    errors.push(`${pathname}: ${error instanceof Error ? error.message : String(error)}`);
  }
  latencies[page].push(performance.now() - started);
}

async function checkout(origin: string, attempt: CheckoutAttempt) {
  const started = performance.now();
  requests += 1;
  try {
    attempt.token = await submitCheckout(origin, attempt, AbortSignal.timeout(30_000));
  } catch (error) {
    errors.push(`/checkout: ${error instanceof Error ? error.message : String(error)}`);
  }
  latencies.checkout.push(performance.now() - started);
}

let shop: ShopProcess | null = null;
let dataDir: string | null = null;
let certs: TestCertificates | null = null;
let fakePix: FakeBacenPix | null = null;
if (args.pix && args.url) {
  console.error("--pix needs the server this script starts (not --url)");
  process.exit(2);
}
let exitCode = 0;
try {
  let origin = args.url;
  let connection: ReturnType<typeof connectDatabase>;
  if (origin) {
    if (args["data-dir"]) connection = connectToShopDatabase(path.resolve(args["data-dir"]));
    else if (process.env.DATABASE_URL) connection = connectDatabase(process.env.DATABASE_URL, { max: 2 });
    else throw new Error("with --url, say where its database is: --data-dir DIR (embedded) or DATABASE_URL");
  } else {
    requireBuild();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "erick-load-"));
    fs.chmodSync(dataDir, 0o755);
    let env: Record<string, string> = {};
    if (args.pix) {
      certs = makeTestCertificates();
      fakePix = await startFakeBacenPix(certs);
      fakePix.delayMs = Number(args["pix-delay"]);
      env = bacenPixEnvironment(fakePix, certs);
    }
    shop = await startShopProcess(dataDir, { env });
    origin = shop.url;
    connection = connectToShopDatabase(dataDir);
    if (args.pix) await connection.pool.query(`update settings set data = jsonb_set(data, '{pixKey}', '"+5581998765432"') where id = 1`);
  }
  const catalogue = await orderableProducts(connection.db);
  const target = origin;

  const attempts: CheckoutAttempt[] = [];
  const loadBefore = os.loadavg()[0]!;
  const started = performance.now();
  const deadline = Date.now() + SECONDS * 1000;
  const shopper = async () => {
    while (Date.now() < deadline) {
      const attempt = newAttempt(catalogue);
      await visit(target, "home", "/");
      await visit(target, "list", "/produtos");
      await visit(target, "product", `/produto/${attempt.lines[0]!.productId}`);
      await visit(target, "cart", "/carrinho");
      if (Date.now() >= deadline) break;
      attempts.push(attempt);
      await checkout(target, attempt);
      if (attempt.token) await visit(target, "order", `/pedido/${attempt.token}`);
    }
  };
  await Promise.all(Array.from({ length: SHOPPERS }, shopper));
  const seconds = (performance.now() - started) / 1000;
  const loadAfter = os.loadavg()[0]!;

  const placed = attempts.filter((attempt) => attempt.token).length;
  const audit = await auditOrders(connection.db, attempts.filter((attempt) => attempt.token));
  const charges = args.pix ? Number((await connection.pool.query<{ n: number }>("select count(*)::int as n from pix_charges where status <> 'creating'")).rows[0]?.n ?? 0) : 0;
  await connection.pool.end();

  console.log(`\nLoad test: ${SHOPPERS} shoppers for ${seconds.toFixed(1)} s against ${target} — ${new Date().toISOString()}`);
  if (args.pix) console.log(`Pix: PIX_PROVIDER=bacen against the local fake answering in ${args["pix-delay"]} ms; charges made: ${charges}`);
  console.log(`Machine: ${os.cpus().length} CPU (${os.cpus()[0]?.model ?? "?"}), load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after (shared)\n`);
  console.log("| page | requests | p50 ms | p99 ms |");
  console.log("|---|---:|---:|---:|");
  for (const [page, values] of Object.entries(latencies)) {
    console.log(`| ${page} | ${values.length} | ${percentile(values, 50).toFixed(0)} | ${percentile(values, 99).toFixed(0)} |`);
  }
  const all = Object.values(latencies).flat();
  console.log(`| all | ${requests} | ${percentile(all, 50).toFixed(0)} | ${percentile(all, 99).toFixed(0)} |\n`);
  console.log(`requests: ${requests} (${(requests / seconds).toFixed(1)}/s), errors: ${errors.length}`);
  console.log(`orders placed (acknowledged): ${placed} of ${attempts.length} submitted; found in the database: ${audit.found}`);
  if (errors.length > 0 || audit.violations.length > 0 || audit.found !== placed) {
    exitCode = 1;
    for (const error of errors.slice(0, 20)) console.error(`  error: ${error}`);
    for (const violation of audit.violations.slice(0, 20)) console.error(`  lost or broken order: ${violation}`);
    // What the server said about them: its warnings and errors (JSON lines, level 40 and up).
    const serverProblems = (shop?.output() ?? "").split("\n").filter((line) => /"level":(4|5|6)0/.test(line));
    for (const line of serverProblems.slice(0, 10)) console.error(`  server: ${line.slice(0, 400)}`);
    console.error("FAILED: errors or lost orders");
  } else {
    console.log("OK: zero errors, zero lost orders");
  }
} catch (error) {
  exitCode = 1;
  console.error(`the run failed: ${error instanceof Error ? error.message : String(error)}`);
  if (shop) console.error(shop.output());
} finally {
  await shop?.stop().catch(() => {});
  await fakePix?.close();
  certs?.remove();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
}
process.exit(exitCode);
