// Started by playwright.config.ts (webServer): runs the production build (`build/`, made by
// `react-router build` in `npm run test:e2e`) with a fresh DATA_DIR, so every run gets a new embedded
// PostgreSQL with the demo seed. On SIGTERM/SIGINT the server stops its PostgreSQL (server.js), then
// the data directory is removed.
import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

if (!fs.existsSync("build/server/index.js")) {
  console.error("[e2e] build/server/index.js is missing: run `npx react-router build` (npm run test:e2e does).");
  process.exit(1);
}

// playwright.config.ts names the directory (E2E_DATA_DIR) so the tests can read its outbox.
const dataDir = process.env.E2E_DATA_DIR || fs.mkdtempSync(path.join(os.tmpdir(), "erick-e2e-"));
if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
  // It is removed at the end: never take over a directory that holds something.
  console.error(`[e2e] ${dataDir} is not empty; E2E_DATA_DIR must name a new directory.`);
  process.exit(1);
}
fs.mkdirSync(dataDir, { recursive: true });
// PostgreSQL runs as the "postgres" user when we are root; it must be able to enter the directory.
fs.chmodSync(dataDir, 0o755);

const env = { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir };
// The tests run against the embedded database unless E2E_DATABASE_URL names another one on purpose;
// a DATABASE_URL meant for something else must not be written to by the tests.
delete env.DATABASE_URL;
if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;
// The admin the admin-panel tests sign in as (tests/e2e/admin-login.ts), created on start.
// The suite places dozens of orders from one address with one phone number; the limits themselves
// are tested in tests/integration/order-floods.test.ts.
env.ORDER_LIMIT_PER_ADDRESS ??= "100000";
env.ORDER_LIMIT_PER_PHONE ??= "100000";
env.ORDER_LIMIT_HELD_UNITS ??= "100000000";
// Sign-in is rate-limited per client address (10 a minute). Every test server trusts X-Forwarded-For
// from loopback, so each browser context can have an address of its own (signInAsAdmin, auth.spec.ts)
// and one test's sign-ins never count against another's: a fast machine passed 10 a minute on one
// worker's own server when its sign-ins all came from 127.0.0.1.
env.TRUST_PROXY ??= "loopback";
env.ADMIN_EMAIL = "admin@erick.test";
env.ADMIN_PASSWORD = "admin-e2e-senha";

// Orders hold their units from the moment they are placed, and the suite places dozens on this one
// shop: the demo shelf (1–8 units a size) would run out halfway and later tests would meet "esgotado".
// A first start on a spare port creates and seeds the database; every size with more than 3 units then
// gets 60 more (still under the 99 a line may hold; the sold-out sizes and the last 1–3 units stay as the seed made them, for the tests
// that look at them); then the shop starts for the tests on PORT (and notes that address as its own).
async function freePort() {
  const probe = net.createServer().listen(0, "127.0.0.1");
  await once(probe, "listening");
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function answers(url, deadline) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`[e2e] ${url} did not answer in time`);
}

/** The embedded PostgreSQL's address, as app/server/db/embedded-postgres.server.ts's runningEmbeddedPostgresUrl reads it. */
function embeddedDatabaseUrl() {
  const directory = path.join(dataDir, "postgres");
  const port = fs.readFileSync(path.join(directory, "cluster", "postmaster.pid"), "utf8").split("\n")[3];
  const password = fs.readFileSync(path.join(directory, "password"), "utf8").trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/erick`;
}

if (!process.env.E2E_DATABASE_URL) {
  const prepPort = await freePort();
  const preparing = spawn(process.execPath, ["server.js"], { env: { ...env, PORT: String(prepPort), WEB_CONCURRENCY: "1" }, stdio: "inherit" });
  await answers(`http://127.0.0.1:${prepPort}/robots.txt`, Date.now() + 120_000);
  const client = new pg.Client({ connectionString: embeddedDatabaseUrl() });
  await client.connect();
  // Units are per store (variant_stock); the storefront's stock follows by trigger.
  await client.query("update variant_stock set units = units + 60 where units > 3");
  // The first start noted its own address as the shop's; the real start notes PORT's instead.
  await client.query("delete from public_origin where source = 'start'");
  await client.end();
  preparing.kill("SIGTERM");
  await once(preparing, "exit");
}

const server = spawn(process.execPath, ["server.js"], { env, stdio: "inherit" });

let signalled = false;
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => {
    signalled = true;
    // Playwright signals the whole process group, so the server usually has it already; server.js
    // ignores a second signal while it is shutting down.
    server.kill(signal);
  });
}

server.on("exit", (code, signal) => {
  fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  if (!signalled) console.error(`[e2e] the server exited unexpectedly (code ${code}, signal ${signal})`);
  process.exit(signalled ? 0 : (code ?? 1));
});
