// GET /healthz and /readyz through the real Express app (server/app.ts): alive while the process
// serves HTTP; ready only while PostgreSQL answers within a second.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase } from "~/server/db/database.server";
import { createTestContext } from "../setup/admin-session";
import { startHttpApp, type HttpApp } from "../setup/http-app";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestContext>>;
let up: HttpApp;
let down: HttpApp;
let silent: net.Server;
let closeDownPool: () => Promise<void>;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestContext(t);
  up = await startHttpApp(app.context);
  // A "database" that accepts connections and never answers: the check must give up after a second.
  silent = net.createServer(() => {}).listen(0, "127.0.0.1");
  await new Promise((resolve) => silent.once("listening", resolve));
  const port = (silent.address() as net.AddressInfo).port;
  const unreachable = connectDatabase(`postgres://erick:x@127.0.0.1:${port}/erick`);
  closeDownPool = () => unreachable.pool.end().catch(() => {});
  down = await startHttpApp({ ...app.context, db: unreachable.db });
}, 120_000);

afterAll(async () => {
  await up?.close();
  await down?.close();
  await closeDownPool?.();
  silent?.close();
  await app?.close();
  await t?.close();
});

async function get(http: HttpApp, path: string) {
  const started = performance.now();
  const response = await fetch(`${http.origin}${path}`);
  return { status: response.status, cacheControl: response.headers.get("cache-control"), setCookie: response.headers.get("set-cookie"), body: await response.text(), ms: performance.now() - started };
}

describe("health checks", () => {
  it("/healthz answers 200 while the process serves, whatever the database does", async () => {
    for (const http of [up, down]) {
      const response = await get(http, "/healthz");
      expect(response).toMatchObject({ status: 200, body: "ok\n", cacheControl: "no-store", setCookie: null });
    }
  });

  it("/readyz answers 200 when PostgreSQL answers", async () => {
    expect(await get(up, "/readyz")).toMatchObject({ status: 200, body: "ready\n", cacheControl: "no-store" });
  });

  it("/readyz answers 503 within about a second when PostgreSQL does not", async () => {
    const response = await get(down, "/readyz");
    expect(response).toMatchObject({ status: 503, body: "database unavailable\n" });
    expect(response.ms).toBeLessThan(3_000);
  });
});
