// `npm run test:crash [-- --clients 16 --counter-clients 8 --counter-units 10 --crash-after 60]`: the
// shop loses power in the middle of a rush.
//
// Starts the production build (needs `react-router build`) on a fresh DATA_DIR with its embedded
// PostgreSQL, has many clients place real checkout orders at once (the form a browser POSTs, each
// with its idempotency key) while clerks sell at a store's counter (/admin/balcao, a sale key each,
// one size × colour whose shelf at that store runs out), then `kill -9`s the app and PostgreSQL
// mid-stream, starts the app again on the same DATA_DIR (PostgreSQL recovers from its write-ahead
// log) and checks:
//   - every order the shop acknowledged (redirect to /pedido/{token}) is there, with all its items and
//     totals that add up; no order is half-written; no unit lost or doubled (the shelf plus what orders hold stays the same);
//   - every counter sale acknowledged (redirect to its receipt) is there once, delivered, its unit
//     taken from that store; the store's shelf is its units less every counter sale recorded, never
//     below 0 (and 0 once a sale was refused as sold out);
//   - replaying every request with the same idempotency key (sale key) returns the acknowledged order
//     and creates no duplicate (requests cut off by the crash are placed once now, or refused as sold out).
//
// `-- --kill database` kills only PostgreSQL mid-rush (every process of it, `kill -9`) and leaves the
// app running, which must supervise it: the app's processes never exit, the shop answers 200 again
// within 30 s by itself, and the same checks hold.
// Prints the figures; exits 1 on any violation.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { auditOrders, newAttempt, orderCount, orderableProducts, stockChanges, stockSnapshot, submitCheckout, type CheckoutAttempt } from "./checkout-traffic";
import { auditCounterSales, clerkServerEnv, counterShelf, newCounterAttempt, signInClerk, submitCounterSale, type CounterAttempt, type CounterShelf } from "./counter-traffic";
import { connectToShopDatabase, requireBuild, startShopProcess, type ShopProcess } from "./shop-process";

const { values: args } = parseArgs({
  options: {
    clients: { type: "string", default: "16" },
    "counter-clients": { type: "string", default: "8" },
    "counter-units": { type: "string", default: "10" },
    "crash-after": { type: "string", default: "60" },
    kill: { type: "string", default: "everything" },
  },
});
if (args.kill !== "everything" && args.kill !== "database") {
  console.error("--kill is 'everything' (the app and PostgreSQL, default) or 'database' (PostgreSQL alone)");
  process.exit(2);
}
const DATABASE_ONLY = args.kill === "database";
/** How soon the shop must answer again by itself after its PostgreSQL was killed. */
const RECOVERY_LIMIT_MS = 30_000;
const CLIENTS = Number(args.clients);
/** Clerks selling at the counter during the rush, and the units of the one size × colour they sell. */
const COUNTER_CLIENTS = Number(args["counter-clients"]);
const COUNTER_UNITS = Number(args["counter-units"]);
/** The same clerk and session secret on both starts: the clerk's session outlives the crash. */
const SERVER_ENV = clerkServerEnv();
/** Acknowledged orders before the crash; it comes after 10 s at the latest. */
const CRASH_AFTER = Number(args["crash-after"]);
const MAX_RUSH_MS = 10_000;

requireBuild();
const startedAt = performance.now();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "erick-crash-"));
// PostgreSQL runs as the "postgres" user when we are root; it must be able to enter the directory.
fs.chmodSync(dataDir, 0o755);
const violations: string[] = [];
let shop: ShopProcess | null = null;

function elapsed() {
  return `${((performance.now() - startedAt) / 1000).toFixed(1)} s`;
}

type Crash = ShopProcess["crash"];

type CounterTraffic = { cookie: string; shelf: CounterShelf; attempts: CounterAttempt[] };

async function rush(origin: string, catalogue: Awaited<ReturnType<typeof orderableProducts>>, attempts: CheckoutAttempt[], counter: CounterTraffic, crash: Crash) {
  let crashed = false;
  let acknowledged = 0;
  let refusedBeforeCrash = 0;
  let counterAcknowledged = 0;
  let crashing: ReturnType<Crash> | null = null;
  const triggerCrash = () => {
    if (crashed) return;
    crashed = true;
    crashing = crash();
  };
  const timer = setTimeout(triggerCrash, MAX_RUSH_MS);

  const client = async () => {
    while (!crashed) {
      const attempt = newAttempt(catalogue);
      attempts.push(attempt);
      try {
        attempt.token = await submitCheckout(origin, attempt, AbortSignal.timeout(30_000));
        acknowledged += 1;
        if (acknowledged >= CRASH_AFTER) triggerCrash();
      } catch (error) {
        if (crashed) return;
        // A healthy shop must not refuse a valid order.
        refusedBeforeCrash += 1;
        violations.push(`refused before the crash: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
  const clerk = async () => {
    while (!crashed) {
      const attempt = newCounterAttempt();
      counter.attempts.push(attempt);
      try {
        const answer = await submitCounterSale(origin, counter.cookie, counter.shelf, attempt, AbortSignal.timeout(30_000));
        if ("orderId" in answer) {
          attempt.orderId = answer.orderId;
          counterAcknowledged += 1;
          acknowledged += 1;
          if (acknowledged >= CRASH_AFTER) triggerCrash();
        } else attempt.soldOut = true;
      } catch (error) {
        if (crashed) return;
        refusedBeforeCrash += 1;
        violations.push(`counter sale refused before the crash: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
  await Promise.all([...Array.from({ length: CLIENTS }, client), ...Array.from({ length: COUNTER_CLIENTS }, clerk)]);
  clearTimeout(timer);
  const killed = await crashing!;
  return { acknowledged, counterAcknowledged, refusedBeforeCrash, killed };
}

/** Every counter sale again with its sale key: an acknowledged one answers its order, a cut-off one is made now or refused as sold out. */
async function replayCounter(origin: string, counter: CounterTraffic): Promise<CounterAttempt[]> {
  const replayed: CounterAttempt[] = [];
  for (const attempt of counter.attempts) {
    try {
      const answer = await submitCounterSale(origin, counter.cookie, counter.shelf, attempt, AbortSignal.timeout(30_000));
      if ("orderId" in answer) {
        if (attempt.orderId && answer.orderId !== attempt.orderId) violations.push(`replay of counter sale ${attempt.saleKey} answered order ${answer.orderId}, not ${attempt.orderId}`);
        replayed.push({ ...attempt, orderId: answer.orderId });
      } else {
        if (attempt.orderId) violations.push(`replay of acknowledged counter sale ${attempt.orderId} was refused as sold out`);
        replayed.push({ ...attempt, soldOut: true });
      }
    } catch (error) {
      violations.push(`replay of counter sale ${attempt.saleKey} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return replayed;
}

async function replay(origin: string, attempts: CheckoutAttempt[]): Promise<CheckoutAttempt[]> {
  const replayed: CheckoutAttempt[] = [];
  let next = 0;
  const worker = async () => {
    while (next < attempts.length) {
      const attempt = attempts[next++]!;
      try {
        const token = await submitCheckout(origin, attempt, AbortSignal.timeout(30_000));
        if (attempt.token && token !== attempt.token) violations.push(`replay of ${attempt.idempotencyKey} answered order ${token}, not ${attempt.token}`);
        replayed.push({ ...attempt, token });
      } catch (error) {
        violations.push(`replay of ${attempt.idempotencyKey} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return replayed;
}

/** Milliseconds from `since` until /readyz answers 200 (the page cache could serve `/` with no database), or null past RECOVERY_LIMIT_MS. */
async function waitForShop(origin: string, since: number): Promise<number | null> {
  while (performance.now() - since < RECOVERY_LIMIT_MS) {
    const status = await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(5_000) }).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return performance.now() - since;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return null;
}

try {
  shop = await startShopProcess(dataDir, { env: SERVER_ENV });
  console.log(`[crash] shop started on ${shop.url} (${elapsed()})`);
  let database = connectToShopDatabase(dataDir);
  const catalogue = await orderableProducts(database.db);
  const counter: CounterTraffic = {
    cookie: await signInClerk(shop.url),
    shelf: await counterShelf(database.db, COUNTER_UNITS, catalogue.map((product) => product.variantId)),
    attempts: [],
  };
  const stockBefore = await stockSnapshot(database.db);
  const ordersBefore = await orderCount(database.db);
  await database.pool.end();

  const attempts: CheckoutAttempt[] = [];
  const running = shop;
  const appPids = [running.pid, ...running.workerPids()].sort();
  let appExited = false;
  void running.exited.then(() => (appExited = true));
  const { acknowledged, counterAcknowledged, refusedBeforeCrash, killed } = await rush(shop.url, catalogue, attempts, counter, () =>
    DATABASE_ONLY ? running.crashDatabase() : running.crash(),
  );
  const killedAt = performance.now();
  console.log(
    `[crash] kill -9 of ${DATABASE_ONLY ? "PostgreSQL alone" : `the app (pid ${running.pid}) and PostgreSQL`} ` +
      `(postmaster pid ${killed.postmaster}, ${killed.backends} other processes) after ${acknowledged} acknowledged orders, ${counterAcknowledged} of them counter sales (${elapsed()})`,
  );
  // Without its database going down hard, the run would only prove that the app restarts.
  if (!killed.postmaster) violations.push("no PostgreSQL process was found to kill");

  if (DATABASE_ONLY) {
    const recoveredMs = await waitForShop(running.url, killedAt);
    if (recoveredMs === null) violations.push(`the shop did not answer 200 within ${RECOVERY_LIMIT_MS / 1000} s of PostgreSQL's death`);
    else console.log(`[crash] the shop answered 200 again ${(recoveredMs / 1000).toFixed(1)} s after the kill (${elapsed()})`);
    if (appExited) violations.push("the app exited when PostgreSQL died");
    const pidsNow = [running.pid, ...running.workerPids()].sort();
    if (pidsNow.join() !== appPids.join()) violations.push(`the app's processes changed (${appPids.join(", ")} → ${pidsNow.join(", ")}): one died`);
    const restarts = running.output().match(/PostgreSQL restarted after [\d.]+ s/g) ?? [];
    if (restarts.length !== 1) violations.push(`expected one "PostgreSQL restarted" log line, found ${restarts.length}`);
  } else {
    shop = await startShopProcess(dataDir, { env: SERVER_ENV });
    console.log(`[crash] shop restarted (${elapsed()})`);
  }
  database = connectToShopDatabase(dataDir);
  const afterCrash = await auditOrders(database.db, attempts);
  violations.push(...afterCrash.violations);
  violations.push(...stockChanges(stockBefore, await stockSnapshot(database.db)));
  const counterAfterCrash = await auditCounterSales(database.db, counter.shelf, counter.attempts);
  violations.push(...counterAfterCrash.violations.map((violation) => `after the crash: ${violation}`));

  const replayed = await replay(shop.url, attempts);
  const afterReplay = await auditOrders(database.db, replayed);
  violations.push(...afterReplay.violations.map((violation) => `after replay: ${violation}`));
  const counterReplayed = await replayCounter(shop.url, counter);
  const counterAfterReplay = await auditCounterSales(database.db, counter.shelf, counterReplayed);
  violations.push(...counterAfterReplay.violations.map((violation) => `after the counter's replay: ${violation}`));
  const counterSales = counterReplayed.filter((attempt) => attempt.orderId).length;
  if (counterAfterReplay.found !== counterSales) violations.push(`${counterSales} counter sales answered after the replay, ${counterAfterReplay.found} recorded`);
  const ordersAfter = await orderCount(database.db);
  if (ordersAfter - ordersBefore !== attempts.length + counterSales) {
    violations.push(`${attempts.length} distinct checkouts and ${counterSales} counter sales, but ${ordersAfter - ordersBefore} orders after the replay`);
  }
  await database.pool.end();

  const acked = attempts.filter((attempt) => attempt.token).length;
  console.log(
    [
      `[crash] clients: ${CLIENTS}`,
      `[crash] orders sent: ${attempts.length} (refused before the crash: ${refusedBeforeCrash})`,
      `[crash] acknowledged before the crash: ${acked}; cut off by the crash: ${attempts.length - acked - refusedBeforeCrash}`,
      `[crash] found after restart: ${afterCrash.found} (acknowledged ones missing: ${afterCrash.violations.filter((v) => v.includes("missing")).length})`,
      `[crash] counter sales sent: ${counter.attempts.length} (${COUNTER_CLIENTS} clerks, ${COUNTER_UNITS} units on the shelf); acknowledged before the crash: ${counter.attempts.filter((attempt) => attempt.orderId).length}; refused as sold out: ${counter.attempts.filter((attempt) => attempt.soldOut).length}`,
      `[crash] counter sales found after restart: ${counterAfterCrash.found}; shelf ${counterAfterCrash.shelfUnits} (${counterAfterCrash.sold} sold); after the replay: ${counterAfterReplay.found} sales, shelf ${counterAfterReplay.shelfUnits}`,
      `[crash] replayed: ${replayed.length}; orders after replay: ${ordersAfter - ordersBefore} (expected ${attempts.length + counterSales}, one per key)`,
      `[crash] total time: ${elapsed()}`,
    ].join("\n"),
  );
} catch (error) {
  violations.push(`the run failed: ${error instanceof Error ? error.message : String(error)}`);
  if (shop) console.error(shop.output());
} finally {
  await shop?.stop().catch(() => {});
  fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
}

if (violations.length > 0) {
  console.error(`[crash] FAILED: ${violations.length} violation(s)`);
  for (const violation of violations.slice(0, 30)) console.error(`  - ${violation}`);
  process.exit(1);
}
console.log(
  `[crash] OK: ${DATABASE_ONLY ? "the app outlived its database and brought it back; " : ""}every acknowledged order and counter sale is whole, none half-written, no shelf below 0, replays made no duplicate`,
);
process.exit(0);
