// Links the shop sends or publishes start with an origin it trusts (app/server/group/public-origin.server.ts),
// never with the Host a request named: with PUBLIC_URL unset, a POST /checkout with `Host: evil.example`
// used to put http://evil.example/admin/pedidos/… into the shop's own new-order e-mail.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin } from "~/server/auth/admins.server";
import { recordFirstStartOrigin } from "~/server/group/public-origin.server";
import { createTestContext, TEST_ACTOR } from "../setup/admin-session";
import { startHttpApp, type HttpApp } from "../setup/http-app";
import { checkoutFormFields, orderableLine } from "../setup/order-fixtures";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestContext>>;
let server: HttpApp;
let lines: string;
let keys = 0;

/** Where the admin signs in: the shop's real address (a name that resolves nowhere, as Host only). */
const SHOP_HOST = "loja-erick.test";
const FORGED_HOST = "evil.example";
const ADMIN = { email: "dona-da-loja@exemplo.com", password: "uma senha longa da dona", name: "Dona" };

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestContext(t);
  expect(app.context.config.publicUrl).toBeUndefined();
  server = await startHttpApp(app.context);
  lines = (await orderableLine(t.pool)).lines;
  await createAdmin(app.context.auth, t.db, ADMIN, TEST_ACTOR);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await app?.close();
  await t?.close();
});

/** A request with the Host header as given (fetch does not let a test choose it). */
function send(method: "GET" | "POST", path: string, host: string, form?: Record<string, string>): Promise<{ status: number; body: string }> {
  const { port } = new URL(server.origin);
  const body = form ? new URLSearchParams(form).toString() : undefined;
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path,
        headers: {
          host,
          ...(body ? { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body), origin: `http://${host}`, "sec-fetch-site": "same-origin" } : {}),
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

async function queuedEmail(kind: string, contains: string): Promise<string> {
  for (let waited = 0; waited < 10_000; waited += 100) {
    const { rows } = await t.pool.query<{ text_body: string; html_body: string | null }>(
      "select text_body, html_body from email_queue where kind = $1 and (subject like $2 or text_body like $2) order by id desc limit 1",
      [kind, `%${contains}%`],
    );
    if (rows[0]) return `${rows[0].text_body}\n${rows[0].html_body ?? ""}`;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${kind} e-mail containing ${contains}`);
}

function checkout(host: string) {
  const customer = checkoutFormFields();
  return send("POST", "/checkout", host, { ...customer, name: `Cliente ${(keys += 1)}`, lines, idempotencyKey: `public-origin-key-${keys}` });
}

describe("the shop's public origin without PUBLIC_URL", () => {
  it("before any admin signs in: the first start's address, never the forged Host", async () => {
    await recordFirstStartOrigin(t.db, app.context.config);
    await t.pool.query("delete from rate_limits");
    const placed = await checkout(FORGED_HOST);
    expect(placed.status).toBe(302);
    const email = await queuedEmail("new-order", "Cliente 1 ");
    expect(email).not.toContain(FORGED_HOST);
    expect(email).toContain("http://localhost:3999/admin/pedidos/");
  }, 90_000);

  it("after an admin signs in: that address, in the new-order e-mail, the password reset and what the shop publishes", async () => {
    const signedIn = await send("POST", "/login", SHOP_HOST, { email: ADMIN.email, password: ADMIN.password });
    expect(signedIn.status).toBe(302);
    const { rows } = await t.pool.query<{ origin: string; source: string }>("select origin, source from public_origin");
    expect(rows).toEqual([{ origin: `http://${SHOP_HOST}`, source: "admin-sign-in" }]);

    await t.pool.query("delete from rate_limits");
    expect((await checkout(FORGED_HOST)).status).toBe(302);
    const order = await queuedEmail("new-order", "Cliente 2 ");
    expect(order).not.toContain(FORGED_HOST);
    expect(order).toContain(`http://${SHOP_HOST}/admin/pedidos/`);
    expect(order).toContain(`http://${SHOP_HOST}/pedido/`);

    // A customer's reset link: the shop's address, neither the forged Host nor localhost.
    await send("POST", "/registrar", SHOP_HOST, { name: "Cliente Reset", email: "cliente-reset@exemplo.com", password: "senha longa do cliente", confirmPassword: "senha longa do cliente" });
    expect((await send("POST", "/recuperar-senha", FORGED_HOST, { email: "cliente-reset@exemplo.com" })).status).toBe(302);
    const reset = await queuedEmail("password-reset", "redefinir-senha");
    expect(reset).not.toContain(FORGED_HOST);
    expect(reset).not.toContain("localhost");
    expect(reset).toContain(`http://${SHOP_HOST}/redefinir-senha?token=`);

    for (const path of ["/robots.txt", "/sitemap.xml", "/produtos", "/produto/1"]) {
      const page = await send("GET", path, FORGED_HOST);
      expect(page.body, path).not.toContain(FORGED_HOST);
    }
    expect((await send("GET", "/robots.txt", FORGED_HOST)).body).toContain(`Sitemap: http://${SHOP_HOST}/sitemap.xml`);
    expect((await send("GET", "/sitemap.xml", FORGED_HOST)).body).toContain(`<loc>http://${SHOP_HOST}/produtos</loc>`);
  }, 120_000);
});
