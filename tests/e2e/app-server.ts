import { test } from "@playwright/test";
// A second app server for tests that need a configuration the shared one (playwright.config.ts
// webServer) must not have, such as Google sign-in pointed at a local provider. Same production
// build, same start script (serve.mjs: fresh DATA_DIR and embedded PostgreSQL, removed on exit).
import { spawn, type ChildProcess } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { findFreePort } from "~/server/db/free-port.server";

export type AppServer = {
  url: string;
  /** The server's DATA_DIR: command-line tools (`npm run admin`) reach its database through it. */
  dataDir: string;
  output: () => string;
  stop: () => Promise<void>;
};

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once("exit", () => resolve()));
}

export async function startAppServer(env: Record<string, string>, { timeoutMs = 120_000 } = {}): Promise<AppServer> {
  const port = await findFreePort();
  const dataDir = path.join(os.tmpdir(), `erick-e2e-extra-${process.pid}-${Date.now()}`);
  const child = spawn(process.execPath, ["tests/e2e/serve.mjs"], {
    env: { ...process.env, ...env, PORT: String(port), E2E_DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited(child);
      clearTimeout(timer);
    }
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app server exited during start-up:\n${output}`);
    try {
      const response = await fetch(`${url}/robots.txt`);
      if (response.ok) return { url, dataDir, output: () => output, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the app server did not start within ${timeoutMs / 1000} s:\n${output}`);
}

/**
 * `test` on a server of its own (one per worker): for tests that change what the whole shop shows
 * (settings, products, stock), which the other files' tests rely on.
 */
export const testOnOwnServer = test.extend<object, { ownApp: AppServer }>({
  ownApp: [
    async ({ browserName: _browserName }, provide) => {
      const app = await startAppServer({});
      await provide(app);
      await app.stop();
    },
    // A fresh embedded PostgreSQL with the seed: slow on a busy 2-core machine.
    { scope: "worker", timeout: 180_000 },
  ],
  baseURL: async ({ ownApp }, provide, testInfo) => {
    await provide(ownApp.url);
    if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach("server output", { body: ownApp.output() });
  },
});

/**
 * `test` on a server of its own for this one test: for a test that changes how the shared admin
 * account signs in (two-factor), which even the other tests of its worker rely on.
 */
export const testOnFreshServer = test.extend<{ freshApp: AppServer }>({
  freshApp: [
    async ({ browserName: _browserName }, provide) => {
      const app = await startAppServer({});
      await provide(app);
      await app.stop();
    },
    { timeout: 180_000 },
  ],
  baseURL: async ({ freshApp }, provide, testInfo) => {
    await provide(freshApp.url);
    if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach("server output", { body: freshApp.output() });
  },
});
