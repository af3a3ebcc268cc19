// Request bodies of Better Auth's HTTP API (/api/auth/*) have a limit (issue 14): four 100 MB JSON
// bodies to /api/auth/sign-out grew the process by 500 MB, since Better Auth reads a body whole before
// looking at it. Now a body over AUTH_API_BODY_LIMIT_BYTES is answered 413 in pt-BR before it is all
// read, whether it declares its length or comes chunked; bodies within it still work. Through the
// app's real Express handler (tests/setup/http-app.ts) and, to count exactly what is read, the route
// module with a body that would stream 100 MB.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as authApiAction } from "~/routes/api/auth";
import { AUTH_API_BODY_LIMIT_BYTES, CLIENT_IP_HEADER } from "~/server/auth/auth.server";
import { createTestContext } from "../setup/admin-session";
import { startHttpApp, type HttpApp } from "../setup/http-app";
import { clientAddresses, run, signUp, TEST_ORIGIN, type Shopper } from "../setup/signed-in";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestContext>>;
let server: HttpApp;
let shopper: Shopper;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestContext(t);
  server = await startHttpApp(app.context);
  shopper = await signUp(app.context);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await t?.close();
  await app?.close();
});

const HUNDRED_MB = 100 * 1024 * 1024;
const TOO_LARGE = "O envio passa do limite de 64 KB.";
const PATHS = ["/api/auth/sign-out", "/api/auth/sign-in/email"];
const newAddress = clientAddresses(71);

type Answer = { status: number; text: string; /** bytes the client had written when the answer came */ written: number };

/**
 * POSTs a JSON body of `totalBytes` (an e-mail field that never ends), as fast as the server takes
 * it: with a Content-Length, or chunked. Resolves at the answer, then drops the connection.
 */
function postHugeBody(path: string, totalBytes: number, declareLength: boolean, contentType = "application/json"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { "content-type": contentType, origin: server.origin };
    if (declareLength) headers["content-length"] = String(totalBytes);
    const request = http.request(new URL(path, server.origin), { method: "POST", headers, agent: false });
    const filler = Buffer.alloc(64 * 1024, "a");
    let written = 0;
    let answered = false;
    const pump = () => {
      while (!answered && written < totalBytes) {
        const chunk = written === 0 ? Buffer.concat([Buffer.from(contentType === "application/json" ? '{"email":"' : "email="), filler]) : filler;
        written += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", pump);
      }
      if (!answered) request.end();
    };
    request.on("response", (response) => {
      answered = true;
      const parts: Buffer[] = [];
      response.on("data", (part: Buffer) => parts.push(part));
      response.on("end", () => {
        resolve({ status: response.statusCode!, text: Buffer.concat(parts).toString("utf8"), written });
        request.destroy();
      });
    });
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    request.setTimeout(60_000, () => request.destroy(new Error("no answer in 60 s")));
    pump();
  });
}

describe("/api/auth/* bodies over the limit", () => {
  it.each(PATHS)("%s: a declared 100 MB body is refused with 413 before it is sent", async (path) => {
    const answer = await postHugeBody(path, HUNDRED_MB, true);
    expect(answer.status).toBe(413);
    expect(answer.text).toBe(TOO_LARGE);
    // What was in flight when the answer came: socket buffers, not the 100 MB.
    expect(answer.written).toBeLessThan(20 * 1024 * 1024);
  }, 90_000);

  it.each(PATHS)("%s: a chunked body is refused with 413 once it passes the limit, not read to its end", async (path) => {
    const answer = await postHugeBody(path, HUNDRED_MB, false);
    expect(answer.status).toBe(413);
    expect(answer.text).toBe(TOO_LARGE);
    expect(answer.written).toBeLessThan(20 * 1024 * 1024);
  }, 90_000);

  it.each(PATHS)("%s: of a body that would stream 100 MB, no more than the limit and a chunk is read", async (path) => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = new Uint8Array(16 * 1024).fill(0x61);
        pulled += chunk.byteLength;
        if (pulled > HUNDRED_MB) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const request = new Request(`${TEST_ORIGIN}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", host: "localhost:3999", origin: TEST_ORIGIN, [CLIENT_IP_HEADER]: newAddress() },
      body: endless,
      duplex: "half",
    } as RequestInit & { duplex: "half" });
    const outcome = await run<string>(authApiAction, request, app.context);
    expect(outcome.status).toBe(413);
    expect(outcome.data).toBe(TOO_LARGE);
    expect(pulled).toBeLessThanOrEqual(AUTH_API_BODY_LIMIT_BYTES + 64 * 1024);
  });

  it("a form page refuses a chunked body over its 1 MB the same way, with its answer (it used to reset the connection)", async () => {
    const answer = await postHugeBody("/login", HUNDRED_MB, false, "application/x-www-form-urlencoded");
    expect(answer.status).toBe(413);
    expect(answer.text).toContain("O envio passa do limite de 1 MB.");
    expect(answer.written).toBeLessThan(20 * 1024 * 1024);
  }, 90_000);

  it("bodies within the limit still reach Better Auth: sign-in and sign-out over HTTP", async () => {
    const signIn = await fetch(`${server.origin}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.origin },
      body: JSON.stringify({ email: shopper.email, password: "senha-segura-1" }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    expect(cookie).toMatch(/session_token=/);
    // Chunked, without a Content-Length.
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("{}"));
        controller.close();
      },
    });
    const signOut = await fetch(`${server.origin}/api/auth/sign-out`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.origin, cookie },
      body: chunked,
      duplex: "half",
    } as RequestInit & { duplex: "half" });
    expect(signOut.status).toBe(200);
    expect(await signOut.json()).toEqual({ success: true });
  });
});
