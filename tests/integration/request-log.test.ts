// One JSON line per request (server/request-log.ts; asset files at debug), through the real app: id, method, path without
// its query string, status, duration and the signed-in user; X-Request-Id on every answer, an incoming
// one kept only from a trusted proxy; health checks and secrets never logged.
import fs from "node:fs/promises";
import path from "node:path";
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, signedInUser, type SignedInUser } from "../setup/admin-session";
import { startHttpApp, type HttpApp } from "../setup/http-app";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

type Line = { level: number; msg: string; requestId: string; method: string; path: string; status: number; durationMs: number; userId?: string };

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestContext>>;
let plain: HttpApp;
let behindProxy: HttpApp;
let debugging: HttpApp;
let customer: SignedInUser;
const lines: string[] = [];

function memoryLogger(level = "info") {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split("\n").filter(Boolean));
      done();
    },
  });
  return pino({ level }, sink);
}

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestContext(t);
  customer = await signedInUser(app.context, "customer");
  plain = await startHttpApp(app.context, { requestLog: { logger: memoryLogger(), trustProxy: false } });
  behindProxy = await startHttpApp(app.context, { requestLog: { logger: memoryLogger(), trustProxy: true } });
  debugging = await startHttpApp(app.context, { requestLog: { logger: memoryLogger("debug"), trustProxy: false } });
}, 120_000);

afterAll(async () => {
  await plain?.close();
  await behindProxy?.close();
  await debugging?.close();
  await app?.close();
  await t?.close();
});

async function lineFor(requestId: string): Promise<Line> {
  for (let waited = 0; waited < 2_000; waited += 20) {
    const found = lines.find((line) => line.includes(requestId));
    if (found) return JSON.parse(found) as Line;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no log line for ${requestId}`);
}

describe("request log", () => {
  it("writes one line per request with its id, method, path without the query, status and duration", async () => {
    const response = await fetch(`${plain.origin}/produtos?q=segredo-da-busca`);
    await response.text();
    const requestId = response.headers.get("x-request-id")!;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const line = await lineFor(requestId);
    expect(line).toMatchObject({ msg: "request", method: "GET", path: "/produtos", status: 200 });
    expect(line.durationMs).toBeGreaterThan(0);
    expect(line.userId).toBeUndefined();
    expect(lines.filter((text) => text.includes(requestId))).toHaveLength(1);
    expect(lines.join("\n")).not.toContain("segredo-da-busca");
  });

  it("names the signed-in user, and never logs the password or the session cookie", async () => {
    const account = await fetch(`${plain.origin}/conta`, { headers: { cookie: customer.cookie } });
    await account.text();
    expect(await lineFor(account.headers.get("x-request-id")!)).toMatchObject({ path: "/conta", status: 200, userId: customer.id });

    const signIn = await fetch(`${plain.origin}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: plain.origin, "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: customer.email, password: customer.password, redirectTo: "/" }),
    });
    await signIn.text();
    expect(await lineFor(signIn.headers.get("x-request-id")!)).toMatchObject({ method: "POST", path: "/login", status: 302 });
    const everything = lines.join("\n");
    expect(everything).not.toContain(customer.password);
    expect(everything).not.toContain(customer.cookie.split("=")[1]!.slice(0, 20));
  });

  it("keeps an incoming X-Request-Id only behind a trusted proxy, and does not log health checks", async () => {
    const direct = await fetch(`${plain.origin}/robots.txt`, { headers: { "x-request-id": "from-the-client-123" } });
    expect(direct.headers.get("x-request-id")).not.toBe("from-the-client-123");
    const proxied = await fetch(`${behindProxy.origin}/robots.txt`, { headers: { "x-request-id": "from-caddy-456" } });
    expect(proxied.headers.get("x-request-id")).toBe("from-caddy-456");
    expect(await lineFor("from-caddy-456")).toMatchObject({ path: "/robots.txt", status: 200, clientAddress: "127.0.0.1" });
    // The client's address: the proxy's X-Forwarded-For behind a trusted proxy, the connection's otherwise.
    const forwarded = await fetch(`${behindProxy.origin}/robots.txt`, { headers: { "x-request-id": "forwarded-789", "x-forwarded-for": "203.0.113.7" } });
    expect(forwarded.status).toBe(200);
    expect(await lineFor("forwarded-789")).toMatchObject({ clientAddress: "203.0.113.7" });
    await fetch(`${plain.origin}/robots.txt`, { headers: { "x-forwarded-for": "203.0.113.8" } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(lines.some((line) => line.includes("203.0.113.8"))).toBe(false);
    const odd = await fetch(`${behindProxy.origin}/robots.txt`, { headers: { "x-request-id": "a b\"c" } });
    expect(odd.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);

    const health = await fetch(`${plain.origin}/healthz`);
    const healthId = health.headers.get("x-request-id")!;
    expect(health.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(lines.some((line) => line.includes(healthId))).toBe(false);
  });

  it("writes asset files served (pictures, scripts, styles) at debug only, and a failed one at info", async () => {
    await fs.mkdir(app.context.config.mediaDir, { recursive: true });
    // A name the app gives pictures (24 hex digits, a width): /media serves no other.
    const picture = `${"0a".repeat(12)}-640.webp`;
    await fs.writeFile(path.join(app.context.config.mediaDir, picture), "not really a picture");
    const idOf = async (response: Response) => {
      await response.arrayBuffer();
      return response.headers.get("x-request-id")!;
    };
    const served = await fetch(`${plain.origin}/media/${picture}`);
    expect(served.status).toBe(200);
    const servedId = await idOf(served);
    const missing = await fetch(`${plain.origin}/media/${"0b".repeat(12)}-640.webp`);
    expect(missing.status).toBe(404);
    expect(await lineFor(await idOf(missing))).toMatchObject({ level: 30, path: `/media/${"0b".repeat(12)}-640.webp`, status: 404 });
    // The same picture on a server logging at debug is written, at debug.
    const again = await fetch(`${debugging.origin}/media/${picture}`);
    expect(await lineFor(await idOf(again))).toMatchObject({ level: 20, path: `/media/${picture}`, status: 200 });
    expect(lines.some((line) => line.includes(servedId))).toBe(false);
    // A page stays at info.
    expect(await lineFor(await idOf(await fetch(`${plain.origin}/lojas`)))).toMatchObject({ level: 30, path: "/lojas" });
  });
});
