// What the HTTP server does with request lines that browsers never send but proxies and probes do.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext } from "../setup/admin-session";
import { startHttpApp, type HttpApp } from "../setup/http-app";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestContext>>;
let http: HttpApp;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestContext(t);
  http = await startHttpApp(app.context);
}, 120_000);

afterAll(async () => {
  await http?.close();
  await app?.close();
  await t?.close();
});

/** Sends `request` as written on a raw connection and returns the status line and the body. */
function rawRequest(origin: string, request: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), body: text.slice(text.indexOf("\r\n\r\n") + 4) });
    });
  });
}

describe("absolute-form request line (GET http://host/path HTTP/1.1)", () => {
  it("answers like the path, with the shop's own links, never a 500", async () => {
    const host = new URL(http.origin).host;
    const { status, body } = await rawRequest(http.origin, `GET http://evil.example/produtos HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    expect(status).toBe(200);
    expect(body).toContain("Produtos");
    expect(body).not.toContain("evil.example");
    // The first page Vite transforms takes a while on a busy machine.
  }, 90_000);

  it("answers the bare host as the home page, and 400 to a target that is no http(s) URL", async () => {
    const host = new URL(http.origin).host;
    const statusOf = async (target: string) =>
      (await rawRequest(http.origin, `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)).status;
    expect(await statusOf("http://evil.example")).toBe(200);
    expect(await statusOf("ftp://evil.example/produtos")).toBe(400);
    // Express's router refuses a target it cannot parse (404) before any middleware sees it.
    expect([400, 404]).toContain(await statusOf("http://[bad/produtos"));
  });
});

describe("asterisk-form request line (GET * HTTP/1.1)", () => {
  it("is a 400 with a pt-BR answer for GET, HEAD and POST, never a 500 or Express's page", async () => {
    const host = new URL(http.origin).host;
    for (const method of ["GET", "HEAD", "POST", "DELETE"]) {
      const body = method === "POST" ? "a=1" : "";
      const answer = await rawRequest(http.origin, `${method} * HTTP/1.1\r\nHost: ${host}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`);
      expect(answer.status, method).toBe(400);
      if (method !== "HEAD") expect(answer.body, method).toBe("Endereço inválido no pedido.");
      expect(answer.body, method).not.toMatch(/Error|<pre>|at /);
    }
  });
});
