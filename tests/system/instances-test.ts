// `npm run test:instances`: two app instances on one PostgreSQL, as docs/deploy.md "Several
// instances" says to run them (DATABASE_URL, the same BETTER_AUTH_SECRET, each with its own DATA_DIR
// and page cache).
//
// Starts instance A (production build, its embedded PostgreSQL) and instance B on A's database, and checks:
//   - a session made on B is valid on A (sessions live in the database);
//   - an admin change on B (a product deleted) shows on A's storefront at once, although A had its page
//     in its page cache (LISTEN/NOTIFY clears every instance's cache);
//   - an order placed on each instance appears live in the other's admin (its order events stream).
// Prints what it saw, with the delays; exits 1 on any violation.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { runningEmbeddedPostgresUrl } from "~/server/db/embedded-postgres.server";
import { connectDatabase } from "~/server/db/database.server";
import { newAttempt, orderableProducts, submitCheckout } from "./checkout-traffic";
import { requireBuild, startShopProcess, type ShopProcess } from "./shop-process";

const ADMIN = { email: "admin@instancias.test", password: "senha-das-instancias-1" };
const SHARED = {
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  BETTER_AUTH_SECRET: randomBytes(32).toString("base64"),
  WEB_CONCURRENCY: "1",
};

requireBuild();
const violations: string[] = [];
const instances: ShopProcess[] = [];
const dirs: string[] = [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function newDataDir(name: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `erick-instance-${name}-`));
  // PostgreSQL runs as the "postgres" user when we are root; it must be able to enter the directory.
  fs.chmodSync(dir, 0o755);
  dirs.push(dir);
  return dir;
}

async function signIn(origin: string): Promise<string> {
  const response = await fetch(`${origin}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin, "sec-fetch-site": "same-origin" },
    body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password }),
  });
  await response.body?.cancel();
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
  if (response.status !== 302 || cookies.length === 0) throw new Error(`sign-in on ${origin} answered ${response.status}`);
  return cookies.join("; ");
}

/** Order codes announced on `origin`'s live order stream, as the admin's orders page receives them. */
async function followOrderEvents(origin: string, cookie: string) {
  const controller = new AbortController();
  const response = await fetch(`${origin}/admin/pedidos/eventos`, { headers: { cookie, accept: "text/event-stream" }, signal: controller.signal });
  if (response.status !== 200 || !response.body) throw new Error(`order events on ${origin} answered ${response.status}`);
  const received: { at: number; data: string }[] = [];
  let ready = false;
  const reading = (async () => {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      const reader = response.body!.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (message.includes("event: ready")) ready = true;
          if (message.includes("event: order")) received.push({ at: Date.now(), data: message });
        }
      }
    } catch {
      // Aborted at the end.
    }
  })();
  const deadline = Date.now() + 10_000;
  while (!ready && Date.now() < deadline) await sleep(50);
  if (!ready) throw new Error(`order events on ${origin} never said ready`);
  return { received, close: () => (controller.abort(), reading) };
}

async function waitUntil(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 5_000): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check()) return Date.now() - started;
    await sleep(20);
  }
  violations.push(`${what}: not within ${timeoutMs / 1000} s`);
  return null;
}

try {
  const a = await startShopProcess(newDataDir("a"), { env: SHARED });
  instances.push(a);
  const databaseUrl = runningEmbeddedPostgresUrl(path.join(dirs[0]!, "postgres"));
  if (!databaseUrl) throw new Error("instance A's PostgreSQL is not running");
  const b = await startShopProcess(newDataDir("b"), { env: { ...SHARED, DATABASE_URL: databaseUrl } });
  instances.push(b);
  console.log(`[instances] A on ${a.url} (embedded PostgreSQL), B on ${b.url} (DATABASE_URL: A's database)`);

  // Sessions: signed in on B, recognised by A.
  const cookie = await signIn(b.url);
  const adminOnA = await fetch(`${a.url}/admin`, { headers: { cookie }, redirect: "manual" });
  await adminOnA.body?.cancel();
  if (adminOnA.status !== 200) violations.push(`a session made on B opened /admin on A with ${adminOnA.status}, not 200`);
  else console.log("[instances] a session made on B opens /admin on A");

  // An admin change on B, seen on A's storefront although A had the page cached.
  const { db, pool } = connectDatabase(databaseUrl, { max: 2 });
  try {
    const [product] = (await pool.query<{ id: number; name: string }>("select id, name from products where active order by id limit 1")).rows;
    if (!product) throw new Error("no active product");
    const productPage = async (origin: string) => {
      // A removed product's page answers 410 "Produto indisponível" (issue 51, item 20).
      const response = await fetch(`${origin}/produto/${product.id}`, { redirect: "manual" });
      await response.body?.cancel();
      return { status: response.status, cache: response.headers.get("x-page-cache") };
    };
    await productPage(a.url);
    const primed = await productPage(a.url);
    if (primed.status !== 200) throw new Error(`A's /produto/${product.id} answered ${primed.status}`);
    console.log(`[instances] A's /produto/${product.id} ("${product.name}"): 200, page cache ${primed.cache ?? "no header"}`);
    const removal = await fetch(`${b.url}/admin/produtos`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: b.url, "sec-fetch-site": "same-origin" },
      body: new URLSearchParams({ intent: "delete", id: String(product.id) }),
    });
    await removal.body?.cancel();
    if (removal.status !== 302) throw new Error(`deleting on B answered ${removal.status}`);
    console.log(`[instances] product deleted on B: ${removal.status} ${removal.headers.get("location")}`);
    const gone = await waitUntil("the product deleted on B leaves A's cached page", async () => (await productPage(a.url)).status === 410);
    if (gone !== null) console.log(`[instances] deleted on B: A's /produto/${product.id} answers 410 ${gone} ms after B's answer`);

    // Orders placed on each instance, live in the other's admin.
    const catalogue = await orderableProducts(db);
    const eventsOnA = await followOrderEvents(a.url, cookie);
    const eventsOnB = await followOrderEvents(b.url, cookie);
    for (const [placedOn, seenOn, events] of [
      [b, "A", eventsOnA],
      [a, "B", eventsOnB],
    ] as const) {
      const token = await submitCheckout(placedOn.url, newAttempt(catalogue));
      const [order] = (await pool.query<{ id: string; code: string }>("select id, code from orders where public_token = $1", [token])).rows;
      const answeredAt = Date.now();
      const seen = await waitUntil(`order ${order?.code} placed on ${placedOn === a ? "A" : "B"} in ${seenOn}'s live orders`, () =>
        events.received.some((event) => event.data.includes(order!.id) || event.data.includes(order!.code)),
      );
      if (seen !== null) {
        const event = events.received.find((candidate) => candidate.data.includes(order!.id) || candidate.data.includes(order!.code))!;
        const delay = event.at - answeredAt;
        console.log(`[instances] order #${order!.code} placed on ${placedOn === a ? "A" : "B"}: in ${seenOn}'s live orders ${delay <= 0 ? "before the shopper's answer was read" : `${delay} ms after the shopper's answer`}`);
      }
    }
    await eventsOnA.close();
    await eventsOnB.close();
  } finally {
    await pool.end();
  }
} catch (error) {
  violations.push(error instanceof Error ? error.message : String(error));
} finally {
  // B first: it uses A's database.
  for (const instance of instances.reverse()) await instance.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
}

if (violations.length > 0) {
  console.error(`[instances] FAILED: ${violations.length} violation(s)`);
  for (const violation of violations) console.error(`  - ${violation}`);
  process.exit(1);
}
console.log("[instances] OK: shared sessions, an admin change on B shown at once on A, orders on each live in the other's admin");
process.exit(0);
