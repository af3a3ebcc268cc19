import { defineConfig } from "@playwright/test";

// `npm run test:e2e` builds first (react-router build), then runs this against the production server.
const PORT = Number(process.env.E2E_PORT ?? 3917);
const BASE_URL = `http://127.0.0.1:${PORT}`;

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
      // Debian's Chromium; `npx playwright install` cannot download browsers here.
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
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
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    },
    {
      name: "desktop",
      use: { viewport: { width: 1366, height: 900 } },
    },
  ],
  webServer: {
    // A fresh DATA_DIR per run (new embedded PostgreSQL, freshly seeded), removed at the end.
    command: "node tests/e2e/serve.mjs",
    env: { PORT: String(PORT) },
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
