// A refused request is not the shop failing: a page route that answers 4xx through the root error
// boundary (app/root.tsx) says the request could not be served, in pt-BR, without the "instabilidade"
// text of a real failure and without a stack trace or the error's own message; the status stays the
// refusal's. Requests go through the real Express app (server/app.ts), as a browser's would.
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REFUSED_PAGE, UNAVAILABLE_PAGE } from "~/lib/pages/error-page";
import { FORM_LIMIT_BYTES, FORM_UNREADABLE_MESSAGE } from "~/server/requests/form-data.server";
import { METHOD_NOT_ALLOWED_MESSAGE } from "../../server/method-not-allowed";
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
  // The first page makes Vite compile the app; the root loader then knows the shop's contact.
  const warmUp = await fetch(`${http.origin}/`);
  await warmUp.text();
  if (warmUp.status !== 200) throw new Error(`the shop does not answer: ${warmUp.status}`);
}, 120_000);

afterAll(async () => {
  await http?.close();
  await t?.close();
  await app?.close();
});

/** A POST as the shop's own pages send it (same origin: CSRF refusals are csrf.test.ts's business). */
async function post(pathname: string, body: BodyInit, contentType: string) {
  const response = await fetch(`${http.origin}${pathname}`, {
    method: "POST",
    headers: { origin: http.origin, "sec-fetch-site": "same-origin", "content-type": contentType },
    body,
    redirect: "manual",
  });
  return { status: response.status, contentType: response.headers.get("content-type") ?? "", body: await response.text() };
}

/**
 * What only a crash shows. Stack frames, source positions and React Router's own description of a
 * 405 ("You made a POST request … route "routes/…"", which names our files) are looked for in the
 * whole answer, the page's data included; error classes in what the page shows.
 */
const STACK = [/\n\s+at [\w$.<>[\] ]+ \(|\bat (?:async )?\S+ \((?:file:|\/|node:)/, /\.[cm]?[jt]sx?:\d+:\d+|\.server\.ts\b/, /You made a POST request|did not provide an `action`/];
const ERROR_TEXT = [/\b(?:TypeError|ReferenceError|RangeError|SyntaxError|Error): /, /Unexpected Server Error|You made a POST request/];

/** The page's visible text, without the scripts (whose hydration data React Router fills itself). */
function visibleText(html: string): string {
  return html.replace(/<script\b[\s\S]*?<\/script>/g, "").replace(/<[^>]+>/g, " ");
}

function expectRefusalPage(answer: { status: number; contentType: string; body: string }, status: number, what: string) {
  expect(answer.status, what).toBe(status);
  expect(answer.contentType, what).toMatch(/^text\/html/);
  const text = visibleText(answer.body);
  expect(text, what).toContain(REFUSED_PAGE.title);
  expect(text, what).toContain(REFUSED_PAGE.text);
  expect(text, what).toContain("Voltar para o início");
  expect(text, what).not.toContain(UNAVAILABLE_PAGE.title);
  expect(text, what).not.toContain("instabilidade");
  // Nothing suggests retrying what will be refused again.
  expect(text, what).not.toContain("Tentar de novo");
  for (const pattern of STACK) expect(answer.body, `${what}: ${pattern}`).not.toMatch(pattern);
  for (const pattern of ERROR_TEXT) expect(text, `${what}: ${pattern}`).not.toMatch(pattern);
}

describe("the root error page for a refused request", () => {
  it("says 405 (a POST to a page without a form) was not served, not that the shop is unstable", async () => {
    const answer = await post("/produtos", "q=camisa", "application/x-www-form-urlencoded");
    expectRefusalPage(answer, 405, "POST /produtos");
  });

  it("says 415 (a body that is not a form) was not served, without the refusal's own text", async () => {
    const answer = await post("/login", JSON.stringify({ email: "a@b.c", password: "x" }), "application/json");
    expectRefusalPage(answer, 415, "POST /login as JSON");
    // The status alone picks the text; the thrown answer's body is not shown as it is.
    expect(visibleText(answer.body)).not.toContain(FORM_UNREADABLE_MESSAGE);
  });

  it("says 413 (a form over the size limit) was not served", async () => {
    const answer = await post("/login", `email=${"a".repeat(FORM_LIMIT_BYTES + 1024)}`, "application/x-www-form-urlencoded");
    expectRefusalPage(answer, 413, "POST /login over the limit");
  });

  it("still answers a resource route's 405 with its own plain text", async () => {
    const answer = await post("/robots.txt", "a=1", "application/x-www-form-urlencoded");
    expect(answer.status).toBe(405);
    expect(answer.body).toBe(METHOD_NOT_ALLOWED_MESSAGE);
  });

  it("keeps the missing-page text for 404", async () => {
    // The product page's action refuses an id that cannot be one; the loader would redirect instead.
    const answer = await post("/produto/abc", "intent=review", "application/x-www-form-urlencoded");
    const text = visibleText(answer.body);
    expect(answer.status).toBe(404);
    expect(text).toContain("Página não encontrada");
    expect(text).toContain("O endereço que você abriu não existe ou foi removido.");
    expect(text).not.toContain(REFUSED_PAGE.title);
    expect(text).not.toContain("instabilidade");
  });
});

/** A request fetch() refuses to send (TRACE is a forbidden method there), as a scanner would send it. */
function rawRequest(method: string, pathname: string): Promise<{ status: number; allow: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${http.origin}${pathname}`, { method }, (response) => {
      let body = "";
      response.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, allow: response.headers.allow, body }));
    });
    request.on("error", reject).end();
  });
}

describe("methods no route answers", () => {
  it("TRACE, CONNECT-like and other unknown methods get 405 with the methods allowed, never a 500", async () => {
    for (const [method, pathname] of [["TRACE", "/"], ["TRACE", "/produtos"], ["PROPFIND", "/admin"], ["TRACE", "/api/auth/get-session"]] as const) {
      const answer = await rawRequest(method, pathname);
      expect(answer.status, `${method} ${pathname}`).toBe(405);
      expect(answer.allow).toBe("GET, HEAD, POST");
      expect(answer.body).toBe(METHOD_NOT_ALLOWED_MESSAGE);
    }
  });
});
