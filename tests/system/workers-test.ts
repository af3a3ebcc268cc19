// `npm run test:workers`: the production server's processes (server.js, server/workers.ts).
//
// Starts the production build (needs `react-router build`) on a fresh DATA_DIR with two workers, keeps
// shoppers loading pages, `kill -9`s one worker and checks:
//   - after a product changes, one worker renders its stale page for all of them, and the other
//     workers get that page (server/page-render-peers.ts);
//   - a new worker takes its place (and the log says so);
//   - the shop kept answering: only requests the killed worker was serving at that moment may fail,
//     and every request after the new worker is up succeeds, on both workers;
//   - SIGTERM to the server lets a request in flight finish (a sign-in whose body is still arriving),
//     then stops the workers, then PostgreSQL (shut down cleanly: no crash recovery at the next start),
//     and exits 0;
//   - with WEB_CONCURRENCY=1 the server is a single process;
//   - with RENDER_WORKERS=1 a third worker, in the idle scheduling class, renders the crawlers' pages
//     and, before anyone asks, a kept page a price change touched (server/crawler-renders.ts, render-ahead.ts).
// Prints what it saw; exits 1 on any violation.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { formatBRL } from "~/lib/format/money";
import { isAlive } from "~/server/db/embedded-postgres.server";
import { connectToShopDatabase, requireBuild, startShopProcess, type ShopProcess } from "./shop-process";

const SHOPPERS = 6;
/** Linux's idle scheduling class, as /proc/<pid>/stat numbers it (sched.h). */
const SCHED_IDLE = 5;
const HEADERS = { cookie: "erick-workers-test=1" };
/** A query no other request has: the page cache has no page for it, so a worker renders it. */
let visits = 0;
const uncached = (page: string) => {
  visits += 1;
  return `${page}${page.includes("?") ? "&" : "?"}visita=${visits}`;
};
const PAGES = ["/", "/produtos", "/produto/1", "/lojas"];

requireBuild();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "erick-workers-"));
// PostgreSQL runs as the "postgres" user when we are root; it must be able to enter the directory.
fs.chmodSync(dataDir, 0o755);
const violations: string[] = [];
let shop: ShopProcess | null = null;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(what: string, check: () => T | undefined | null | false, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = check();
    if (value) return value;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A request: when it started and ended, and whether it got a 200. */
type Outcome = { at: number; end: number; ok: boolean; detail: string };

/** Shoppers loading pages one after another until `stop` is set. */
function browse(origin: string) {
  const outcomes: Outcome[] = [];
  let stopped = false;
  const shopper = async (index: number) => {
    for (let turn = index; !stopped; turn += 1) {
      const page = PAGES[turn % PAGES.length]!;
      const at = Date.now();
      try {
        const response = await fetch(`${origin}${uncached(page)}`, { headers: HEADERS, redirect: "manual", signal: AbortSignal.timeout(15_000) });
        await response.arrayBuffer();
        outcomes.push({ at, end: Date.now(), ok: response.status === 200, detail: `${page}: ${response.status}` });
      } catch (error) {
        outcomes.push({ at, end: Date.now(), ok: false, detail: `${page}: ${error instanceof Error ? (error.cause as Error | undefined)?.message ?? error.message : String(error)}` });
      }
    }
  };
  const running = Promise.all(Array.from({ length: SHOPPERS }, (_, index) => shopper(index)));
  return {
    outcomes,
    stop: async () => {
      stopped = true;
      await running;
    },
  };
}

try {
  shop = await startShopProcess(dataDir, { env: { WEB_CONCURRENCY: "2" } });
  const workers = shop.workerPids();
  console.log(`[workers] server pid ${shop.pid}, workers ${workers.join(", ")}`);
  if (workers.length !== 2 || workers.includes(shop.pid)) violations.push(`expected 2 workers beside the server, found ${workers.join(", ")}`);

  await checkOneRenderAcrossWorkers(shop, "/produto/1");

  const shoppers = browse(shop.url);
  await sleep(2_000);
  const victim = workers[0]!;
  const killedAt = Date.now();
  process.kill(victim, "SIGKILL");
  const running = shop;
  const replacement = await waitFor("a new worker", () => running.workerPids().find((pid) => !workers.includes(pid)));
  await waitFor("the new worker to listen", () => running.output().includes(`worker ${replacement} listening`));
  const replacedAt = Date.now();
  console.log(`[workers] killed worker ${victim}; worker ${replacement} took its place after ${replacedAt - killedAt} ms`);
  await sleep(3_000);
  await shoppers.stop();

  if (!shop.output().includes(`worker ${victim} died (signal SIGKILL)`)) violations.push("the log does not say that the killed worker died");
  // Requests under way when the worker died count as "during": the killed worker may have held them.
  const before = shoppers.outcomes.filter((outcome) => outcome.end < killedAt);
  const during = shoppers.outcomes.filter((outcome) => outcome.end >= killedAt && outcome.at < replacedAt);
  const after = shoppers.outcomes.filter((outcome) => outcome.at >= replacedAt);
  const failed = (outcomes: Outcome[]) => outcomes.filter((outcome) => !outcome.ok);
  console.log(
    `[workers] requests before the kill: ${before.length} (failed ${failed(before).length}); until the new worker listened: ` +
      `${during.length} (failed ${failed(during).length}); after: ${after.length} (failed ${failed(after).length})`,
  );
  if (before.length === 0 || failed(before).length > 0) violations.push(`before the kill: ${failed(before).map((o) => o.detail).join("; ") || "no request answered"}`);
  // Each shopper had at most one request (or kept-alive connection) on the killed worker when it died.
  if (failed(during).length > SHOPPERS) violations.push(`${failed(during).length} requests failed while one worker was down: ${failed(during).slice(0, 5).map((o) => o.detail).join("; ")}`);
  if (during.filter((outcome) => outcome.ok).length === 0) violations.push("no request was answered while one worker was down");
  if (after.length < 10 || failed(after).length > 0) violations.push(`after the replacement: ${after.length} requests, failed: ${failed(after).map((o) => o.detail).join("; ")}`);

  // Both workers render after the replacement: the connections are spread over them.
  const cpuBefore = new Map(shop.workerPids().map((pid) => [pid, cpuTicks(pid)]));
  await Promise.all(Array.from({ length: 40 }, (_, index) => fetch(`${shop!.url}${uncached(PAGES[index % PAGES.length]!)}`, { headers: HEADERS }).then((r) => r.arrayBuffer())));
  const idle = [...cpuBefore].filter(([pid, ticks]) => cpuTicks(pid) === ticks).map(([pid]) => pid);
  if (idle.length > 0) violations.push(`worker(s) ${idle.join(", ")} rendered none of 40 pages`);

  const postgresPids = shop.postgresPids();
  const inFlight = slowSignIn(shop.url);
  await sleep(300);
  process.kill(shop.pid, "SIGTERM");
  const { code, signal } = await Promise.race([shop.exited, sleep(30_000).then(() => ({ code: null, signal: "timeout" }))]);
  console.log(`[workers] SIGTERM: the server exited with ${signal ?? `code ${code}`}`);
  if (code !== 0) violations.push(`SIGTERM: the server exited with ${signal ?? `code ${code}`}, not 0`);
  const leftOver = [...shop.workerPids(), replacement, ...workers, ...postgresPids].filter((pid) => pid !== victim && isAlive(pid));
  if (leftOver.length > 0) violations.push(`still running after SIGTERM: ${leftOver.join(", ")}`);
  if (!shop.output().includes("SIGTERM: stopping")) violations.push("the server did not log its shutdown");
  // PostgreSQL was shut down, not left for crash recovery on the next start: its control file says so.
  const databaseState = postgresState(dataDir);
  console.log(`[workers] PostgreSQL's state after the stop: ${databaseState}`);
  if (databaseState !== "shut down") violations.push(`PostgreSQL's control file says "${databaseState}" after SIGTERM, not "shut down": the next start would run crash recovery`);
  const slowAnswer = await inFlight;
  console.log(`[workers] a sign-in in flight at SIGTERM was answered: ${slowAnswer}`);
  if (typeof slowAnswer !== "number" || slowAnswer >= 500) violations.push(`the request in flight at SIGTERM got ${slowAnswer}, not an answer`);

  shop = await startShopProcess(dataDir, { env: { WEB_CONCURRENCY: "1" } });
  const alone = shop.workerPids();
  const answered = (await fetch(`${shop.url}/produtos`, { headers: HEADERS })).status;
  console.log(`[workers] WEB_CONCURRENCY=1: processes serving ${alone.join(", ")} (server pid ${shop.pid}); /produtos answered ${answered}`);
  if (alone.length !== 1 || alone[0] !== shop.pid) violations.push(`WEB_CONCURRENCY=1 started workers: ${alone.join(", ")}`);
  if (answered !== 200) violations.push(`WEB_CONCURRENCY=1: /produtos answered ${answered}`);
  await shop.stop();

  shop = await startShopProcess(dataDir, { env: { WEB_CONCURRENCY: "2", RENDER_WORKERS: "1" } });
  await checkRenderWorker(shop);
} catch (error) {
  violations.push(`the run failed: ${error instanceof Error ? error.message : String(error)}`);
  if (shop) console.error(shop.output());
} finally {
  await shop?.stop().catch(() => {});
  fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
}

/** How many of `count` requests at once for `page` got each X-Page-Cache answer. */
async function pageCacheAnswers(origin: string, page: string, count: number, headers: Record<string, string> = HEADERS): Promise<Record<string, number>> {
  const answers = await Promise.all(
    Array.from({ length: count }, async () => {
      const response = await fetch(`${origin}${page}`, { headers });
      await response.arrayBuffer();
      return response.status === 200 ? (response.headers.get("x-page-cache") ?? "none") : `status ${response.status}`;
    }),
  );
  const counts: Record<string, number> = {};
  for (const answer of answers) counts[answer] = (counts[answer] ?? 0) + 1;
  return counts;
}

/**
 * Both workers keep the page; a change to its product makes it stale in both; 100 shoppers at once then
 * cost one render in all, and the other worker is handed that render's page: the next shoppers get hits.
 */
async function checkOneRenderAcrossWorkers(running: ShopProcess, page: string) {
  const describe = (counts: Record<string, number>) => JSON.stringify(counts);
  // Concurrent requests open several connections, which the primary spreads over the workers.
  for (let round = 0; round < 20; round += 1) {
    const counts = await pageCacheAnswers(running.url, page, 40);
    if (counts.hit === 40) break;
  }
  const database = connectToShopDatabase(dataDir);
  try {
    await database.pool.query("update products set price_cents = price_cents + 100 where id = 1");
  } finally {
    await database.pool.end();
  }
  // The notification reaches every worker's LISTEN connection within milliseconds.
  await sleep(500);
  const afterChange = await pageCacheAnswers(running.url, page, 100);
  await sleep(500);
  const later = await pageCacheAnswers(running.url, page, 40);
  console.log(`[workers] ${page} changed: 100 shoppers at once got ${describe(afterChange)}; 40 shoppers after that got ${describe(later)}`);
  if (afterChange.miss !== 1) violations.push(`after a change, 100 shoppers at once cost ${afterChange.miss ?? 0} renders of ${page} across the workers, not 1: ${describe(afterChange)}`);
  if ((afterChange.stale ?? 0) === 0) violations.push(`after a change, no shopper was served the stale page: ${describe(afterChange)}`);
  if (later.hit !== 40) violations.push(`after the one render, the workers did not all serve its page: ${describe(later)}`);
}

/**
 * A sign-in form whose body arrives over 1.5 s, as from a slow phone: the HTTP status it gets, or
 * what went wrong with the connection.
 */
function slowSignIn(url: string): Promise<number | string> {
  return new Promise((resolve) => {
    const request = http.request(`${url}/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: url, "sec-fetch-site": "same-origin", ...HEADERS },
    });
    request.on("response", (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.on("error", (error) => resolve(`connection error: ${error.message}`));
    request.write("email=ninguem%40exemplo.com&");
    setTimeout(() => request.end("password=senha-errada-123"), 1_500);
  });
}

/**
 * The cluster state in PostgreSQL's control file (global/pg_control: an int32 after the 8-byte system
 * identifier and two uint32 versions), as pg_controldata names it; the embedded binaries lack that tool.
 */
function postgresState(dataDir: string): string {
  const STATES = ["starting up", "shut down", "shut down in recovery", "shutting down", "in crash recovery", "in archive recovery", "in production"];
  const control = fs.readFileSync(path.join(dataDir, "postgres", "cluster", "global", "pg_control"));
  return STATES[control.readInt32LE(16)] ?? `unknown (${control.readInt32LE(16)})`;
}

/**
 * With RENDER_WORKERS=1: a third worker, in the idle scheduling class, renders the crawler's pages the
 * shoppers' workers forward to it, and renders again, before anyone asks, a kept page a change touched.
 */
async function checkRenderWorker(running: ShopProcess) {
  const children = running.workerPids();
  const idle = children.filter((pid) => schedulingPolicy(pid) === SCHED_IDLE);
  console.log(`[workers] RENDER_WORKERS=1: workers ${children.join(", ")}, in the idle class ${idle.join(", ") || "none"}`);
  if (children.length !== 3 || idle.length !== 1) return void violations.push(`RENDER_WORKERS=1: expected 3 workers, one in the idle class; found ${children.length}, ${idle.length}`);
  const renderWorker = idle[0]!;
  const ticks = cpuTicks(renderWorker);
  const crawler = { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" };
  const answers = await Promise.all(
    Array.from({ length: 20 }, async (_, index) => {
      const response = await fetch(`${running.url}/produto/${(index % 10) + 1}?cor=${index}`, { headers: crawler });
      const body = await response.text();
      const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
      return response.status === 200 && nonce !== undefined && body.includes(`nonce="${nonce}"`);
    }),
  );
  const used = cpuTicks(renderWorker) - ticks;
  console.log(`[workers] 20 crawler pages: ${answers.filter(Boolean).length} answered whole with their own nonce; the render worker used ${used} ticks`);
  if (!answers.every(Boolean)) violations.push("a crawler's page forwarded to the render worker did not come back whole, with the nonce its CSP names");
  if (used === 0) violations.push("the render worker rendered none of 20 crawler pages");

  // A phone's browser: the form of a page rendered ahead (fetch's own user agent is a bot's to isbot).
  const phone = { ...HEADERS, "user-agent": "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36" };
  const page = "/produto/2";
  for (let round = 0; round < 10 && (await pageCacheAnswers(running.url, page, 8, phone)).hit !== 8; round += 1);
  const database = connectToShopDatabase(dataDir);
  let price: string;
  try {
    const { rows } = await database.pool.query<{ cents: number }>("update products set price_cents = price_cents + 700 where id = 2 returning price_cents as cents");
    price = formatBRL(rows[0]!.cents);
  } finally {
    await database.pool.end();
  }
  await sleep(3_000);
  const after = await Promise.all(
    Array.from({ length: 8 }, async () => {
      const response = await fetch(`${running.url}${page}`, { headers: phone });
      return `${response.headers.get("x-page-cache")} ${(await response.text()).includes(price) ? "new price" : "old price"}`;
    }),
  );
  console.log(`[workers] 3 s after a price change, 8 shoppers on ${page} got: ${after.join(", ")}`);
  if (!after.every((answer) => answer === "hit new price")) violations.push(`the changed page was not rendered ahead on both workers: ${after.join(", ")}`);
  if (/worker \d+ died/.test(running.output())) violations.push(`RENDER_WORKERS=1: a worker died: ${running.output().match(/.*worker \d+ died.*/)?.[0]}`);
}

/** The scheduling policy of a process (proc(5): the 41st field of /proc/<pid>/stat). */
function schedulingPolicy(pid: number): number {
  return Number(fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ")[38]);
}

/** User + system CPU ticks of a process so far (Linux /proc). */
function cpuTicks(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

if (violations.length > 0) {
  console.error(`[workers] FAILED: ${violations.length} violation(s)`);
  for (const violation of violations) console.error(`  - ${violation}`);
  process.exit(1);
}
console.log("[workers] OK: a killed worker was replaced while the shop kept answering; SIGTERM stopped everything with exit 0; one process with WEB_CONCURRENCY=1; a render worker in the idle class with RENDER_WORKERS=1");
process.exit(0);
