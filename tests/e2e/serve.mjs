// Started by playwright.config.ts (webServer): runs the production build (`build/`, made by
// `react-router build` in `npm run test:e2e`) with a fresh DATA_DIR, so every run gets a new embedded
// PostgreSQL with the demo seed. On SIGTERM/SIGINT the server stops its PostgreSQL (server.js), then
// the data directory is removed.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

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
// Sign-in is rate-limited per client address (10 a minute). Every test server trusts X-Forwarded-For
// from loopback, so each browser context can have an address of its own (signInAsAdmin, auth.spec.ts)
// and one test's sign-ins never count against another's: a fast machine passed 10 a minute on one
// worker's own server when its sign-ins all came from 127.0.0.1.
env.TRUST_PROXY ??= "loopback";
env.ADMIN_EMAIL = "admin@erick.test";
env.ADMIN_PASSWORD = "admin-e2e-senha";

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
