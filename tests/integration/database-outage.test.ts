// The database stops under a running shop: pages answer at once with a friendly pt-BR 503 (with the
// shop's contact, no stack trace, no hang), and the shop serves again by itself once the database is
// back, without restarting the app.
//
// This file has a PostgreSQL of its own (the shared test server must keep running for the other
// files), migrated but not seeded, and serves the app as `npm run dev` does: Vite loads server/app.ts,
// whose Express app wraps React Router's handler, on a free port (as admin-authorization.test.ts).
import fs from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { Express } from "express";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { settings } from "#database/schema";
import { createAuth } from "~/server/auth/auth.server";
import { emailOutbox } from "~/server/email/email-queue.server";
import { loadConfig } from "~/server/config.server";
import { connectDatabase, isDatabaseUnavailableError } from "~/server/db/database.server";
import { startEmbeddedPostgres, type EmbeddedServer } from "~/server/db/embedded-postgres.server";
import { runMigrations } from "~/server/db/migrate.server";
import type { Services } from "~/server/services.server";

const SHOP_WHATSAPP = "5581988887777";

let tempDir: string;
let postgres: EmbeddedServer | null = null;
let postgresPort: number;
let pool: ReturnType<typeof connectDatabase>["pool"];
let db: ReturnType<typeof connectDatabase>["db"];
let vite: ViteDevServer;
let server: ReturnType<Express["listen"]>;
let origin = "";

beforeAll(async () => {
  tempDir = await fs.mkdtemp(path.join(os.tmpdir(), "erick-outage-"));
  await fs.chmod(tempDir, 0o755);
  postgres = await startEmbeddedPostgres(path.join(tempDir, "postgres"));
  postgresPort = Number(new URL(postgres.url).port);
  const connection = connectDatabase(postgres.url, { max: 4 });
  pool = connection.pool;
  db = connection.db;
  await runMigrations(pool);
  await connection.db.insert(settings).values({ id: 1, data: { storeName: "Erick Teste", storeWhatsApp: SHOP_WHATSAPP } });

  const config = loadConfig({ DATA_DIR: path.join(tempDir, "data"), PORT: "3999" });
  const services: Services = { config, db: connection.db, auth: createAuth(connection.db, config), emails: emailOutbox(connection.db, config), close: async () => {} };
  vite = await createServer({
    configFile: path.resolve("vite.config.ts"),
    server: { middlewareMode: true, hmr: false, watch: null, ws: false },
    appType: "custom",
    logLevel: "error",
    cacheDir: path.join(tempDir, "vite"),
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  const { createApp } = (await vite.ssrLoadModule("/server/app.ts")) as { createApp: (services: Services) => Express };
  server = createApp(services).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The first page makes Vite compile the app, which takes long on a busy machine; later pages are quick.
  const warmUp = await getPage("/", 110_000);
  if (warmUp.status !== 200) throw new Error(`the shop does not answer before the outage: ${warmUp.status}`);
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(null)));
  await vite?.close();
  await pool?.end().catch(() => {});
  await postgres?.stop().catch(() => {});
  if (tempDir) await fs.rm(tempDir, { recursive: true, force: true });
});

/** A page as a browser asks for it; a hang fails the test here rather than at the test's time limit. */
async function getPage(pathname: string, timeoutMs = 15_000) {
  const response = await fetch(`${origin}${pathname}`, { signal: AbortSignal.timeout(timeoutMs), headers: { "user-agent": "vitest" } });
  return { status: response.status, retryAfter: response.headers.get("retry-after"), body: await response.text() };
}

/**
 * What a shopper must never see: driver messages, error class names, stack frames, source files with
 * line numbers. Precise on purpose: the page served as `npm run dev` serves it links its scripts from
 * /app/ (and imports from /node_modules/), which is no leak; a frame ("at fn (…)", "at file:///…:1:2") or
 * "database.server.ts:24:31" is.
 */
const INTERNALS = new RegExp(
  [
    String.raw`ECONNREFUSED|ECONNRESET|Connection terminated|Failed query|connection to server`,
    // An error printed ("TypeError: …", "Error: connect …") or the driver's classes by name. React
    // Router's own ["SanitizedError", "Error", "Unexpected Server Error"] in the hydration data is no leak.
    String.raw`\b(?:[A-Z]\w*)?(?:Error|Exception): |\b(?:DrizzleQuery|Database|Postgres)Error\b`,
    String.raw`\bat (?:async )?[\w$.<>\[\] ]+ \(|\bat (?:file:\/\/|node:|\/)\S+:\d+`,
    // A source position: a file of ours or a library's ("session.js:150"), or Node's own ("node:internal/…:95").
    String.raw`[\w.-]+\.[cm]?[jt]sx?:\d+|\bnode:[\w/]+:\d+`,
  ].join("|"),
);

describe("a stopped database", () => {
  it("answers 503 with a friendly pt-BR page and the shop's contact, then recovers when the database returns", async () => {
    const before = await getPage("/");
    expect(before.status).toBe(200);

    await postgres!.stop();
    postgres = null;

    for (const pathname of ["/", "/produtos", "/carrinho"]) {
      const page = await getPage(pathname);
      expect(page.status, pathname).toBe(503);
      expect(page.retryAfter, pathname).toBe("10");
      expect(page.body, pathname).toContain("Estamos com uma instabilidade");
      expect(page.body, pathname).toContain("Tente de novo em instantes.");
      // The contact the shop had when the database was last read, not the default placeholder.
      expect(page.body, pathname).toContain(`https://wa.me/${SHOP_WHATSAPP}`);
      expect(page.body, pathname).not.toMatch(INTERNALS);
    }

    // The matcher must catch what it guards against, or the checks above prove nothing: the driver's
    // error as Drizzle throws it now (class name, message, every stack frame), and each frame's source
    // position on its own, as a page that printed only "where" would show it.
    const failure = await db.execute(sql`select 1`).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    const { stack = "" } = failure as Error;
    expect((failure as Error).constructor.name).toMatch(INTERNALS);
    expect(String((failure as Error).cause)).toMatch(INTERNALS);
    const frames = stack.split("\n").filter((line) => line.trim().startsWith("at "));
    expect(frames.length).toBeGreaterThan(0);
    for (const frame of frames) expect(frame).toMatch(INTERNALS);
    // "at fn (/…/file.ts:24:31)" and "at /…/file.ts:24:31": the position, without the "at".
    const positions = frames.map((frame) => /\(?([^\s()]+:\d+:\d+)\)?$/.exec(frame.trim())?.[1]).filter((position) => position !== undefined);
    expect(positions.length).toBeGreaterThan(0);
    // This file's own line is among them: our source files, not only the libraries', are recognised.
    expect(positions.some((position) => position.includes(`${path.basename(import.meta.filename)}:`))).toBe(true);
    for (const position of positions) expect(position).toMatch(INTERNALS);
    // …and must not cry wolf at the page's own script links (/app/…) and data.
    expect(before.body).toMatch(/href="\/app\/entry\.client\.tsx"/);
    expect(before.body).not.toMatch(INTERNALS);

    postgres = await startEmbeddedPostgres(path.join(tempDir, "postgres"), { port: postgresPort });
    const after = await getPage("/");
    expect(after.status).toBe(200);
    expect(after.body).not.toContain("Estamos com uma instabilidade");
  });
});

describe("the database going away under a transaction", () => {
  it("fails that transaction as 'unavailable' and leaves the process running", async () => {
    // Without an 'error' listener on the checked-out client, node-postgres's emit is an uncaught
    // exception: in the shop, the end of the process; here, a failed test run.
    const uncaught: unknown[] = [];
    const recordUncaught = (error: unknown) => uncaught.push(error);
    process.on("uncaughtException", recordUncaught);
    try {
      let markStarted!: () => void;
      const started = new Promise<void>((resolve) => (markStarted = resolve));
      const transaction = db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        markStarted();
        await tx.execute(sql`select pg_sleep(30)`);
      });
      const outcome = transaction.then(
        () => null,
        (error: unknown) => error,
      );
      await started;
      // A fast shutdown ends every backend, the one in our transaction included, mid-query.
      await postgres!.stop();
      postgres = null;
      const failure = await outcome;
      expect(failure).not.toBeNull();
      expect(isDatabaseUnavailableError(failure)).toBe(true);
      // The client's 'error' event follows the query's rejection; give it the time to arrive.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(uncaught).toEqual([]);
    } finally {
      process.off("uncaughtException", recordUncaught);
    }

    postgres = await startEmbeddedPostgres(path.join(tempDir, "postgres"), { port: postgresPort });
    expect((await getPage("/")).status).toBe(200);
  });
});
