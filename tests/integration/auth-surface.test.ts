// What of Better Auth's HTTP API a browser reaches through the app (issue 25): the Google sign-in
// callback, and nothing else. Pages call Better Auth on the server (auth.api.*), so every other
// endpoint (sign-up, password changes, sessions, two-factor, admin…) answers 404 through the real
// Express handler (tests/setup/http-app.ts), for a signed-in visitor too, sets no cookie and changes
// nothing. Tests of those endpoints themselves call auth.handler (betterAuthApi in tests/setup).
//
// Request bodies (issue 14): four 100 MB JSON bodies to /api/auth/sign-out grew the process by 500 MB,
// since Better Auth reads a body whole before looking at it. Now no body sent to /api/auth is read at
// all: the 404 comes before it is sent, whether it declares its length or comes chunked.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as authApiAction } from "~/routes/api/auth";
import { CLIENT_IP_HEADER } from "~/server/auth/auth.server";
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

const NOT_FOUND = "Página não encontrada.";
const HUNDRED_MB = 100 * 1024 * 1024;
const newAddress = clientAddresses(71);

/** Rows that any of the sampled endpoints would add or change. */
async function accountsDigest() {
  const { rows } = await t.pool.query(
    `select (select count(*) from users) as users, (select count(*) from sessions) as sessions,
            (select count(*) from verifications) as verifications, (select count(*) from two_factors) as two_factors,
            (select string_agg(password, ',' order by id) from accounts) as passwords,
            (select string_agg(name || role, ',' order by id) from users) as names`,
  );
  return rows[0];
}

describe("/api/auth/* through the app", () => {
  const password = "senha-segura-1";
  const posts: Array<[string, unknown]> = [
    ["/sign-up/email", { name: "Intrusa", email: "intrusa@exemplo.com", password: "senha-da-intrusa-1" }],
    ["/sign-in/email", { email: "", password }],
    ["/sign-in/social", { provider: "google" }],
    ["/sign-out", {}],
    ["/change-password", { currentPassword: password, newPassword: "outra-senha-segura-2", revokeOtherSessions: true }],
    ["/update-user", { name: "Outro Nome" }],
    ["/change-email", { newEmail: "outro@exemplo.com" }],
    ["/request-password-reset", { email: "" }],
    ["/revoke-sessions", {}],
    ["/delete-user", { password }],
    ["/two-factor/enable", { password }],
    ["/two-factor/verify-totp", { code: "123456" }],
    ["/two-factor/generate-backup-codes", { password }],
    ["/admin/set-role", { userId: "", role: "admin" }],
    ["/admin/create-user", { email: "admin2@exemplo.com", password, name: "Admin", role: "admin" }],
    ["/callback/google", { code: "x", state: "y" }],
  ];
  const gets = ["/get-session", "/list-sessions", "/list-accounts", "/ok", "/error", "/two-factor/get-totp-uri", "/admin/list-users", "/reset-password/abc", "/verify-email?token=x"];

  it("answers 404 to a sample of Better Auth's other endpoints, signed in or not, and changes nothing", async () => {
    const before = await accountsDigest();
    const answers: string[] = [];
    for (const cookie of [undefined, shopper.cookie]) {
      for (const [path, body] of posts) {
        const email = path === "/sign-in/email" || path === "/request-password-reset" ? { email: shopper.email } : {};
        const response = await fetch(`${server.origin}/api/auth${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: server.origin, "sec-fetch-site": "same-origin", ...(cookie ? { cookie } : {}) },
          body: JSON.stringify({ ...(body as object), ...email }),
          redirect: "manual",
        });
        answers.push(`POST ${path} → ${response.status}`);
        expect(response.status, `POST ${path}`).toBe(404);
        expect(await response.text(), `POST ${path}`).toBe(NOT_FOUND);
        expect(response.headers.getSetCookie(), `POST ${path}`).toEqual([]);
      }
      for (const path of gets) {
        const response = await fetch(`${server.origin}/api/auth${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
        answers.push(`GET ${path} → ${response.status}`);
        expect(response.status, `GET ${path}`).toBe(404);
        expect(await response.text(), `GET ${path}`).toBe(NOT_FOUND);
        expect(response.headers.getSetCookie(), `GET ${path}`).toEqual([]);
      }
    }
    expect(answers).toHaveLength(2 * (posts.length + gets.length));
    expect(await accountsDigest()).toEqual(before);
    // The session used above is still good: nothing signed it out.
    expect(await app.context.auth.api.getSession({ headers: new Headers({ cookie: shopper.cookie }) })).toMatchObject({ user: { email: shopper.email } });
    // 50 requests through Vite's module loading, on a busy machine.
  }, 180_000);

  it("lets Google's answer reach Better Auth: GET /api/auth/callback/google", async () => {
    // Google is not configured here, and the answer carries no state: Better Auth sends the browser back
    // to the login page with an error, which is Better Auth answering (not the app's 404).
    const response = await fetch(`${server.origin}/api/auth/callback/google?code=abc&state=def`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/login\?error=/);
  });
});

/**
 * POSTs a JSON body of `totalBytes` (an e-mail field that never ends), as fast as the server takes
 * it: with a Content-Length, or chunked. Resolves at the answer, then drops the connection.
 */
function postHugeBody(path: string, totalBytes: number, declareLength: boolean, contentType = "application/json"): Promise<{ status: number; text: string; written: number }> {
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

describe("/api/auth/* bodies", () => {
  const PATHS = ["/api/auth/sign-out", "/api/auth/sign-in/email"];

  it.each(PATHS)("%s: a declared 100 MB body is refused before it is sent", async (path) => {
    const answer = await postHugeBody(path, HUNDRED_MB, true);
    expect([answer.status, answer.text]).toEqual([404, NOT_FOUND]);
    // What was in flight when the answer came: socket buffers, not the 100 MB.
    expect(answer.written).toBeLessThan(20 * 1024 * 1024);
  }, 90_000);

  it.each(PATHS)("%s: a chunked body is refused, not read to its end", async (path) => {
    const answer = await postHugeBody(path, HUNDRED_MB, false);
    expect([answer.status, answer.text]).toEqual([404, NOT_FOUND]);
    expect(answer.written).toBeLessThan(20 * 1024 * 1024);
  }, 90_000);

  it.each(PATHS)("%s: of a body that would stream 100 MB, nothing is read", async (path) => {
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
    expect([outcome.status, outcome.data]).toEqual([404, NOT_FOUND]);
    // A ReadableStream pulls ahead of its reader to fill its queue (one chunk) even when nothing reads.
    expect(pulled).toBeLessThanOrEqual(16 * 1024);
  });

  it("a form page refuses a chunked body over its 1 MB, with its answer (it used to reset the connection)", async () => {
    const answer = await postHugeBody("/login", HUNDRED_MB, false, "application/x-www-form-urlencoded");
    expect(answer.status).toBe(413);
    expect(answer.text).toContain("O envio passa do limite de 1 MB.");
    expect(answer.written).toBeLessThan(20 * 1024 * 1024);
  }, 90_000);
});
