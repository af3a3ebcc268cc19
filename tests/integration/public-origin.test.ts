// Links the shop sends or publishes start with an origin it trusts (app/server/group/public-origin.server.ts),
// never with the Host a request named: with PUBLIC_URL unset, a POST /checkout with `Host: evil.example`
// used to put http://evil.example/admin/pedidos/… into the shop's own new-order e-mail, and an admin's
// sign-in at `Host: evil.example` (a link sent to the admin and a DNS name) made every later
// password-reset e-mail link to http://evil.example/redefinir-senha?token=…. The address now comes from
// PUBLIC_URL or from the owner, typed, shown and confirmed in /admin/configuracoes.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin } from "~/server/auth/admins.server";
import { recordFirstStartOrigin } from "~/server/group/public-origin.server";
import { createAuth } from "~/server/auth/auth.server";
import { createTestContext, TEST_ACTOR } from "../setup/admin-session";
import { startHttpApp, type HttpApp } from "../setup/http-app";
import { checkoutFormFields, orderableLine } from "../setup/order-fixtures";
import { deliverDueOrderEmails } from "~/server/orders/order-notifications.server";
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
function send(
  method: "GET" | "POST",
  path: string,
  host: string,
  form?: Record<string, string>,
  { cookie, headers: extra, on = server }: { cookie?: string; headers?: Record<string, string>; on?: HttpApp } = {},
): Promise<{ status: number; body: string; cookie: string }> {
  const server = on;
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
          ...(cookie ? { cookie } : {}),
          ...extra,
          ...(body ? { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body), origin: `http://${host}`, "sec-fetch-site": "same-origin" } : {}),
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, body: text, cookie: (response.headers["set-cookie"] ?? []).map((line) => line.split(";")[0]).join("; ") }),
        );
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

async function queuedEmail(kind: string, contains: string, { waitMs = 10_000 } = {}): Promise<string | null> {
  for (let waited = 0; waited < waitMs; waited += 100) {
    // The staff's new-order e-mail waits in the outbox for its sender (a loop in the running shop).
    if (kind === "new-order") await deliverDueOrderEmails(app.context);
    const { rows } = await t.pool.query<{ text_body: string; html_body: string | null }>(
      "select text_body, html_body from email_queue where kind = $1 and (subject like $2 or text_body like $2) order by id desc limit 1",
      [kind, `%${contains}%`],
    );
    if (rows[0]) return `${rows[0].text_body}\n${rows[0].html_body ?? ""}`;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}

function checkout(host: string) {
  const customer = checkoutFormFields();
  return send("POST", "/checkout", host, { ...customer, name: `Cliente ${(keys += 1)}`, lines, idempotencyKey: `public-origin-key-${keys}` });
}


const storedOrigin = async () => (await t.pool.query<{ origin: string; source: string }>("select origin, source from public_origin")).rows;

let customers = 0;
/** A new customer, and their reset link's e-mail as queued after asking for it at `host` (null: none within `waitMs`). */
async function resetEmail(host: string, { on = server, waitMs = 10_000 } = {}): Promise<string | null> {
  const email = `cliente-reset-${(customers += 1)}@exemplo.com`;
  await t.pool.query("delete from rate_limits");
  await send("POST", "/registrar", SHOP_HOST, { name: `Cliente Reset ${customers}`, email, password: "senha longa do cliente", confirmPassword: "senha longa do cliente" });
  expect((await send("POST", "/recuperar-senha", host, { email }, { on })).status).toBe(302);
  const { rows } = await t.pool.query<{ id: string }>("select id from users where email = $1", [email]);
  expect(rows).toHaveLength(1);
  for (let waited = 0; waited < waitMs; waited += 100) {
    const { rows: queued } = await t.pool.query<{ body: string }>("select text_body || coalesce(html_body, '') as body from email_queue where kind = 'password-reset' and recipient = $1", [email]);
    if (queued[0]) return queued[0].body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}

async function adminCookie(host: string, headers?: Record<string, string>): Promise<string> {
  await t.pool.query("delete from rate_limits");
  const signedIn = await send("POST", "/login", host, { email: ADMIN.email, password: ADMIN.password }, { headers });
  expect(signedIn.status).toBe(302);
  expect(signedIn.cookie).toMatch(/session_token=/);
  return signedIn.cookie;
}

describe("the shop's public origin without PUBLIC_URL", () => {
  it("before the owner confirms one: the first start's address, never the forged Host", async () => {
    await recordFirstStartOrigin(t.db, app.context.config);
    await t.pool.query("delete from rate_limits");
    const placed = await checkout(FORGED_HOST);
    expect(placed.status).toBe(302);
    const email = await queuedEmail("new-order", "Cliente 1 ");
    expect(email).not.toContain(FORGED_HOST);
    expect(email).toContain("http://localhost:3999/admin/pedidos/");
  }, 90_000);

  it("an admin signing in at a forged Host (or X-Forwarded-Host) changes nothing: reset links, robots.txt, sitemap and pages keep the shop's address", async () => {
    await adminCookie(FORGED_HOST);
    await adminCookie(SHOP_HOST, { "x-forwarded-host": FORGED_HOST, "x-forwarded-proto": "https" });
    expect(await storedOrigin()).toEqual([{ origin: "http://localhost:3999", source: "start" }]);

    const reset = await resetEmail(FORGED_HOST);
    expect(reset).not.toContain(FORGED_HOST);
    expect(reset).toContain("http://localhost:3999/redefinir-senha?token=");
    for (const path of ["/robots.txt", "/sitemap.xml", "/produtos", "/produto/1"]) {
      const page = await send("GET", path, FORGED_HOST);
      expect(page.body, path).not.toContain(FORGED_HOST);
    }
  }, 120_000);

  it("in production with no address confirmed, a reset e-mail is not sent with a guessed host", async () => {
    const config = { ...app.context.config, production: true };
    const production = await startHttpApp({ ...app.context, config, auth: createAuth(t.db, config) });
    try {
      expect(await resetEmail(SHOP_HOST, { on: production, waitMs: 3_000 })).toBeNull();
      // The same request on the development server sends it (the first start's address is fine on a laptop).
      expect(await resetEmail(SHOP_HOST)).toContain("http://localhost:3999/redefinir-senha?token=");
    } finally {
      await production.close();
    }
  }, 120_000);

  it("the owner types the address, sees it as it will be saved, confirms it; it is audited, and every link follows it", async () => {
    const cookie = await adminCookie(SHOP_HOST);
    const settings = (form: Record<string, string>) => send("POST", "/admin/configuracoes", SHOP_HOST, form, { cookie });

    for (const typed of ["loja-erick.test", "javascript:alert(1)", "https://dona@loja-erick.test", "https://loja-erick.test/loja", "https://loja-erick.test/?x=1", "ftp://loja-erick.test"]) {
      const answer = await settings({ intent: "public-origin-review", publicOrigin: typed });
      expect(answer.status, typed).toBe(400);
      expect(answer.body, typed).toContain("Informe o endereço da loja começando com https://");
    }
    const review = await settings({ intent: "public-origin-review", publicOrigin: " https://Loja-Erick.test/ " });
    expect(review.status).toBe(200);
    expect(review.body).toContain(`Os links vão começar com <strong class="break-all">https://${SHOP_HOST}</strong>`);
    expect(await storedOrigin()).toEqual([{ origin: "http://localhost:3999", source: "start" }]);
    // Not without the confirmation…
    const unconfirmed = await settings({ intent: "public-origin-confirm", publicOrigin: `https://${SHOP_HOST}` });
    expect(unconfirmed.status).toBe(400);
    expect(await storedOrigin()).toEqual([{ origin: "http://localhost:3999", source: "start" }]);
    // …nor by anyone but an admin.
    const anonymous = await send("POST", "/admin/configuracoes", SHOP_HOST, { intent: "public-origin-confirm", publicOrigin: `https://${FORGED_HOST}`, confirmed: "on" });
    expect(anonymous.status).not.toBe(200);
    expect(await storedOrigin()).toEqual([{ origin: "http://localhost:3999", source: "start" }]);

    const confirmed = await settings({ intent: "public-origin-confirm", publicOrigin: `https://${SHOP_HOST}`, confirmed: "on" });
    expect(confirmed.status).toBe(302);
    expect(await storedOrigin()).toEqual([{ origin: `https://${SHOP_HOST}`, source: "owner" }]);
    const { rows: audit } = await t.pool.query("select actor_email, action, before, after from audit_log where action = 'settings.public_origin'");
    expect(audit).toEqual([{ actor_email: ADMIN.email, action: "settings.public_origin", before: { publicOrigin: "http://localhost:3999 (não confirmado)" }, after: { publicOrigin: `https://${SHOP_HOST}` } }]);
    const page = (await send("GET", "/admin/configuracoes", SHOP_HOST, undefined, { cookie })).body.replaceAll("<!-- -->", "");
    expect(page).toContain(`https://${SHOP_HOST}</strong>, confirmado aqui.`);

    // A later sign-in at a forged Host still changes nothing.
    await adminCookie(FORGED_HOST);
    expect(await storedOrigin()).toEqual([{ origin: `https://${SHOP_HOST}`, source: "owner" }]);

    await t.pool.query("delete from rate_limits");
    expect((await checkout(FORGED_HOST)).status).toBe(302);
    const order = await queuedEmail("new-order", "Cliente 2 ");
    expect(order).not.toContain(FORGED_HOST);
    expect(order).toContain(`https://${SHOP_HOST}/admin/pedidos/`);
    expect(order).toContain(`https://${SHOP_HOST}/pedido/`);

    const reset = await resetEmail(FORGED_HOST);
    expect(reset).not.toContain(FORGED_HOST);
    expect(reset).not.toContain("localhost");
    expect(reset).toContain(`https://${SHOP_HOST}/redefinir-senha?token=`);
    // In production too, now that the owner confirmed it.
    const config = { ...app.context.config, production: true };
    const production = await startHttpApp({ ...app.context, config, auth: createAuth(t.db, config) });
    try {
      expect(await resetEmail(FORGED_HOST, { on: production })).toContain(`https://${SHOP_HOST}/redefinir-senha?token=`);
    } finally {
      await production.close();
    }

    for (const path of ["/robots.txt", "/sitemap.xml", "/produtos", "/produto/1"]) {
      const page = await send("GET", path, FORGED_HOST);
      expect(page.body, path).not.toContain(FORGED_HOST);
    }
    expect((await send("GET", "/robots.txt", FORGED_HOST)).body).toContain(`Sitemap: https://${SHOP_HOST}/sitemap.xml`);
    expect((await send("GET", "/sitemap.xml", FORGED_HOST)).body).toContain(`<loc>https://${SHOP_HOST}/produtos</loc>`);
  }, 180_000);
});
