// CSRF: every route with an action, POSTed by another site's page with an admin's session cookie, is
// refused (403, the short pt-BR text) and the database is left exactly as it was. The routes come from
// app/routes.ts and their modules, so a new action is covered without anyone listing it here. The
// requests go through the real Express app (server/app.ts), where the one server-wide rule lives.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { favorites, orders, products } from "#database/schema";
import { CROSS_SITE_REFUSAL, isCrossSiteWrite } from "../../server/cross-site-writes";
import { createTestContext, signedInUser, type SignedInUser } from "../setup/admin-session";
import { allRoutes, startHttpApp, type HttpApp, type RouteEntry } from "../setup/http-app";
import { insertOrder } from "../setup/order-fixtures";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestContext>>;
let http: HttpApp;
let admin: SignedInUser;
let customer: SignedInUser;
let productId: number;
/** Real values for the routes' parameters; a new parameter needs one here. */
let params: Record<string, string>;
let actionRoutes: (RouteEntry & { page: boolean })[];

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestContext(t);
  const [product] = await t.db.select({ id: products.id }).from(products).limit(1);
  productId = product!.id;
  const order = await insertOrder(t.db, { createdAt: new Date(), items: [{ productId, name: "Produto", unitPriceCents: 10_00, quantity: 1 }] });
  const [{ publicToken }] = (await t.db.select({ publicToken: orders.publicToken }).from(orders).where(sql`${orders.id} = ${order.id}`)) as [{ publicToken: string }];
  admin = await signedInUser(app.context, "admin");
  customer = await signedInUser(app.context, "customer");
  params = { token: publicToken, orderId: order.id, "*": "sign-up/email" };
  http = await startHttpApp(app.context);
  const routes = [];
  for (const route of allRoutes()) {
    const module = await http.loadModule(`/app/${route.file}`);
    if (typeof module.action === "function") routes.push({ ...route, page: typeof module.default === "function" });
  }
  actionRoutes = routes;
}, 120_000);

afterAll(async () => {
  await http?.close();
  await t?.close();
  await app?.close();
});

function urlOf(route: RouteEntry): string {
  let url = `/${route.pattern}`.replace("/*", `/${params["*"]}`);
  url = url.replace(":token", params.token!).replace(":id", route.pattern.startsWith("admin/pedidos") ? params.orderId! : String(productId));
  if (/[:*]/.test(url)) throw new Error(`${route.pattern}: add a sample value for its parameter in this test's "params"`);
  return `${url}${route.index ? "?index" : ""}`;
}

/**
 * Every row of every table of the app's schema, as one digest per table: any insert, update or delete
 * anywhere (sessions and rate-limit counters included) changes it.
 */
async function databaseDigest(): Promise<Record<string, string>> {
  const { rows: tables } = await t.pool.query<{ name: string }>(
    "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
  );
  const digest: Record<string, string> = {};
  for (const { name } of tables) {
    const { rows } = await t.pool.query<{ n: number; hash: string }>(
      `select count(*)::int as n, md5(coalesce(string_agg(row_text, E'\\n' order by row_text), '')) as hash from (select t::text as row_text from "${name}" t) rows`,
    );
    digest[name] = `${rows[0]!.n}:${rows[0]!.hash}`;
  }
  return digest;
}

/**
 * A form that would do harm on many of the admin's actions if it ran: delete a product, cancel an
 * order, make the customer an admin, hide a review, empty the settings.
 */
function hostileForm(): string {
  return new URLSearchParams({
    intent: "delete",
    id: String(productId),
    status: "cancelled",
    userId: customer.id,
    role: "admin",
    reviewId: "1",
    hidden: "true",
    productId: String(productId),
    on: "true",
    name: "Atacante",
    email: `atacante-${Date.now()}@exemplo.com`,
    password: "senha-muito-longa-do-atacante",
  }).toString();
}

const FOREIGN = "https://site-malicioso.example";

const VARIANTS: { label: string; headers: Record<string, string> }[] = [
  { label: "foreign Origin, Sec-Fetch-Site cross-site", headers: { origin: FOREIGN, "sec-fetch-site": "cross-site" } },
  { label: "foreign Origin, no Sec-Fetch-Site (older browsers)", headers: { origin: FOREIGN } },
  { label: "Origin null, not vouched same-origin", headers: { origin: "null" } },
];

async function post(url: string, headers: Record<string, string>, body = hostileForm(), cookie = admin.cookie) {
  const response = await fetch(`${http.origin}${url}`, {
    method: "POST",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded", ...headers },
    body,
    redirect: "manual",
  });
  return { status: response.status, type: response.headers.get("content-type") ?? "", setCookie: response.headers.getSetCookie(), body: await response.text() };
}

describe("POST from another site, with an admin's session", () => {
  it("finds the actions in app/routes.ts (admin, account, Better Auth, favourites, product page)", () => {
    const patterns = actionRoutes.map((route) => route.pattern);
    for (const expected of [
      "admin/produtos",
      "admin/produtos/novo",
      "admin/produtos/editar/:id",
      "admin/pedidos/:id",
      "admin/clientes",
      "admin/configuracoes",
      "admin/importar",
      "admin/importar/produto-inicial",
      "api/auth/*",
      "api/favoritos",
      "produto/:id",
      "login",
      "registrar",
      "conta",
      "sair",
    ]) {
      expect(patterns).toContain(expected);
    }
  });

  it("is refused on every route with an action (page and fetcher), with the pt-BR text, and changes nothing", async () => {
    const before = await databaseDigest();
    const answers: string[] = [];
    for (const route of actionRoutes) {
      const url = urlOf(route);
      const targets = route.page ? [url, url.replace(/(\?|$)/, ".data$1")] : [url];
      for (const target of targets) {
        for (const variant of VARIANTS) {
          const answer = await post(target, variant.headers);
          answers.push(`${target} [${variant.label}] → ${answer.status}`);
          expect(answer.status, `${target} [${variant.label}]: ${answer.body.slice(0, 300)}`).toBe(403);
          expect(answer.type).toMatch(/^text\/plain; charset=utf-8/);
          expect(answer.body).toBe(CROSS_SITE_REFUSAL);
          expect(answer.setCookie, target).toEqual([]);
        }
      }
    }
    expect(answers.length).toBeGreaterThanOrEqual(actionRoutes.length * VARIANTS.length);
    expect(await databaseDigest()).toEqual(before);
  });

  it("refuses Better Auth's sign-in with the right password: no session, no cookie", async () => {
    const before = await databaseDigest();
    const answer = await post("/api/auth/sign-in/email", { origin: FOREIGN, "content-type": "application/json" }, JSON.stringify({ email: admin.email, password: "x" }), "");
    expect([answer.status, answer.setCookie]).toEqual([403, []]);
    expect(await databaseDigest()).toEqual(before);
  });
});

describe("what still works", () => {
  it("a same-origin POST (and Origin null vouched same-origin by the browser) goes through", async () => {
    const form = (on: boolean) => new URLSearchParams({ productId: String(productId), on: String(on) }).toString();
    const sameOrigin = await post("/api/favoritos", { origin: http.origin, "sec-fetch-site": "same-origin" }, form(true));
    expect(sameOrigin.status, sameOrigin.body).toBe(200);
    const saved = () => t.db.select().from(favorites).where(sql`${favorites.userId} = ${admin.id}`);
    expect((await saved()).map((row) => row.productId)).toEqual([productId]);

    const nullOrigin = await post("/api/favoritos", { origin: "null", "sec-fetch-site": "same-origin" }, form(false));
    expect(nullOrigin.status, nullOrigin.body).toBe(200);
    expect(await saved()).toEqual([]);
  });

  it("a request without Origin (not a browser: no victim's cookies to abuse) goes through", async () => {
    const answer = await post("/api/favoritos", {}, new URLSearchParams({ productId: String(productId), on: "true" }).toString());
    expect(answer.status, answer.body).toBe(200);
  });

  it("reading is never refused, whatever the Origin", async () => {
    const response = await fetch(`${http.origin}/produto/${productId}`, { headers: { origin: FOREIGN, "sec-fetch-site": "cross-site" } });
    expect(response.status).toBe(200);
  });
});

describe("isCrossSiteWrite", () => {
  const headers = (values: Record<string, string>) => (name: string) => values[name];
  it.each([
    ["POST", { host: "loja.exemplo.com", origin: "https://loja.exemplo.com" }, undefined, false],
    ["POST", { host: "127.0.0.1:3000", origin: "https://loja.exemplo.com" }, "https://loja.exemplo.com", false],
    ["POST", { host: "127.0.0.1:3000", origin: "https://outra.exemplo.com" }, "https://loja.exemplo.com", true],
    ["POST", { host: "loja.exemplo.com", origin: "https://loja.exemplo.com.evil.example" }, undefined, true],
    ["POST", { host: "loja.exemplo.com", origin: "não é uma url" }, undefined, true],
    ["POST", { host: "loja.exemplo.com", "sec-fetch-site": "cross-site" }, undefined, true],
    ["DELETE", { host: "loja.exemplo.com", origin: FOREIGN }, undefined, true],
    ["PUT", { host: "loja.exemplo.com" }, undefined, false],
    ["GET", { host: "loja.exemplo.com", origin: FOREIGN, "sec-fetch-site": "cross-site" }, undefined, false],
    ["HEAD", { host: "loja.exemplo.com", origin: FOREIGN }, undefined, false],
  ] as const)("%s %j (PUBLIC_URL %s) → %s", (method, values, publicUrl, expected) => {
    expect(isCrossSiteWrite(method, headers(values), publicUrl)).toBe(expected);
  });
});
