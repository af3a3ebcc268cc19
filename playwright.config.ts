import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_PATH } from "./tests/e2e/chromium";

// `npm run test:e2e` builds first (react-router build), then runs this against the production server.
const PORT = Number(process.env.E2E_PORT ?? 3917);
const BASE_URL = `http://127.0.0.1:${PORT}`;
// The test server's DATA_DIR, named here so that tests can read what it writes there (the e-mail
// outbox). This file is loaded by the runner first, which sets the variable, and again by each
// worker, which inherits it.
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `erick-e2e-${process.pid}-${Date.now()}`);

/**
 * Specs whose subject is the server, not the screen (headers, HTTPS, sign-in, pushes, payments):
 * one run tells all, in the desktop project.
 */
const SCREEN_INDEPENDENT = /\/(security-headers|https-behind-caddy|google|two-factor|auth|product-print-links|admin-push|order-status-messages|admin-order-payment|pix-provider)\.spec\.ts$/;
/**
 * Shoppers and clerks use phones, so the phone project runs every other spec. The desktop project
 * adds the wide layouts: the storefront's pages and the admin's tables at a desk (docs/testing.md).
 */
const WIDE_LAYOUT = /\/(storefront|smoke|accessibility|keyboard|admin-products|admin-dashboard-settings|admin-orders)\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  reporter: "list",
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: BASE_URL,
    locale: "pt-BR",
    timezoneId: "America/Recife",
    browserName: "chromium",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      // Debian's Chromium (tests/e2e/chromium.ts); `npx playwright install` cannot download browsers here.
      executablePath: CHROMIUM_PATH,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-quic",
        "--no-first-run",
      ],
    },
  },
  projects: [
    {
      name: "phone",
      testIgnore: SCREEN_INDEPENDENT,
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    },
    {
      name: "desktop",
      testMatch: [SCREEN_INDEPENDENT, WIDE_LAYOUT],
      use: { viewport: { width: 1366, height: 900 } },
    },
  ],
  webServer: {
    // A fresh DATA_DIR per run (new embedded PostgreSQL, freshly seeded), removed at the end.
    command: "node tests/e2e/serve.mjs",
    // serve.mjs also sets what every test server shares (TRUST_PROXY, the order limits, the admin).
    env: { PORT: String(PORT), E2E_DATA_DIR: process.env.E2E_DATA_DIR },
    // A resource route: answers as soon as the server and its database are up, whatever the UI's state.
    url: `${BASE_URL}/robots.txt`,
    // First start: initdb + migrations + the seed's 20 images, ~10 s on a 2-core machine.
    timeout: 120_000,
    reuseExistingServer: false,
    // The server's output (start-up, seed, request errors) goes to the test output.
    stdout: "pipe",
    stderr: "pipe",
    // SIGTERM lets server.js stop its embedded PostgreSQL; after 15 s everything is killed.
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
  },
});
