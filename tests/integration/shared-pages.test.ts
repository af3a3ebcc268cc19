// Storefront pages are the same for every shopper, so the page cache serves signed-in shoppers too
// (server/page-cache.ts): the real app behind the real page cache on a real PostgreSQL. Shopper A,
// with a phone, an address and a review, and a staff member who hid a review, load every cached
// page; then shopper B and an anonymous visitor get those pages (hits, or their own renders) with no
// trace of A or of the staff's view, and A's part comes only from /api/eu, never cached.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PersonalView } from "~/lib/account/personal-view";
import { sessionCookieIn } from "~/server/auth/guards.server";
import { startPageCache } from "../../server/page-cache-start";
import { createTestContext, signedInUser, type SignedInUser } from "../setup/admin-session";
import { startHttpApp, type HttpApp } from "../setup/http-app";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { storefrontCachedPages } from "../setup/cached-pages";

const SECRET_PHONE = "(81) 99876-5432";
const SECRET_ADDRESS = "Rua do Segredo, 4242";
const OWN_REVIEW = "Comentário da cliente A sobre o produto";
const HIDDEN_REVIEW = "Avaliação escondida pela equipe";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestContext>>;
let http: HttpApp;
let pageCache: ReturnType<typeof startPageCache>;
let a: SignedInUser;
let b: SignedInUser;
let staff: SignedInUser;
let productId: number;
let shopSlug: string;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestContext(t);
  pageCache = startPageCache(t.db, {
    pages: await storefrontCachedPages(),
    listener: { initialRetryMs: 50, maxRetryMs: 200 },
    variantOf: (cookie) => (sessionCookieIn(cookie, app.context.auth) ? "session" : "no-session"),
  });
  http = await startHttpApp(app.context, { pageCache: pageCache.middleware });
  const [product] = (
    await t.pool.query<{ id: number; slug: string }>("select p.id, s.slug from products p join shops s on s.id = p.shop_id where p.active order by p.id limit 1")
  ).rows;
  productId = product!.id;
  shopSlug = product!.slug;
  a = await signedInUser(app.context, "customer");
  b = await signedInUser(app.context, "customer");
  staff = await signedInUser(app.context, "admin");
  await t.pool.query("update users set phone = $2, address = $3 where id = $1", [a.id, SECRET_PHONE, SECRET_ADDRESS]);
  await t.pool.query("insert into reviews (product_id, user_id, rating, comment, hidden) values ($1, $2, 4, $3, true)", [productId, a.id, OWN_REVIEW]);
  const other = await signedInUser(app.context, "customer");
  await t.pool.query("insert into reviews (product_id, user_id, rating, comment, hidden) values ($1, $2, 1, $3, true)", [productId, other.id, HIDDEN_REVIEW]);
  for (let attempt = 0; attempt < 200 && !pageCache.cache.isEnabled; attempt += 1) await new Promise((resolve) => setTimeout(resolve, 25));
}, 120_000);

afterAll(async () => {
  await http?.close();
  await pageCache?.close();
  await app?.close();
  await t?.close();
});

const pages = () => ["/", "/produtos", `/${shopSlug}`, `/produtos?loja=${shopSlug}`, `/produto/${productId}`, "/lojas", "/carrinho"];

async function get(path: string, as: SignedInUser | null) {
  const response = await fetch(`${http.origin}${path}`, { headers: as ? { cookie: as.cookie } : {}, redirect: "manual" });
  return { status: response.status, cache: response.headers.get("x-page-cache"), setCookie: response.headers.getSetCookie(), body: await response.text() };
}

/** Anything of A (or of the staff's view) that a page could carry. */
function tracesOf(user: SignedInUser, body: string): string[] {
  const firstName = user.name.split(" ")[1]!;
  const sessionToken = /session_token=([^;]+)/.exec(user.cookie)?.[1] ?? "";
  const traces = { email: user.email, name: firstName, phone: SECRET_PHONE, address: SECRET_ADDRESS, session: sessionToken, hidden: HIDDEN_REVIEW, own: OWN_REVIEW };
  return Object.entries(traces)
    .filter(([, value]) => value && body.includes(value))
    .map(([what]) => what);
}

describe("the same cached page for every shopper", () => {
  it("renders signed-in pages with nothing personal, keeps them, and sets no cookie on them", async () => {
    for (const as of [a, staff]) {
      for (const path of pages()) {
        const page = await get(path, as);
        expect(page.status, path).toBe(200);
        expect(page.setCookie, path).toEqual([]);
        expect(tracesOf(a, page.body), `${path} as ${as.role}`).toEqual([]);
        expect(tracesOf(staff, page.body).filter((trace) => trace !== "hidden" && trace !== "own"), path).toEqual([]);
        expect(page.body, path).not.toContain("Sua avaliação");
        expect(page.body, path).not.toContain("Menu da conta");
      }
    }
    for (const path of pages()) expect((await get(path, a)).cache, path).toBe("hit");
  });

  it("serves B the pages A's visit filled, and an anonymous visitor pages without a trace of A", async () => {
    for (const path of pages()) await get(path, a);
    for (const path of pages()) {
      const forB = await get(path, b);
      expect(forB.cache, path).toBe("hit");
      expect(forB.setCookie, path).toEqual([]);
      expect(tracesOf(a, forB.body), path).toEqual([]);
      const anonymous = await get(path, null);
      expect(["hit", "miss"], path).toContain(anonymous.cache);
      expect(anonymous.setCookie, path).toEqual([]);
      expect(tracesOf(a, anonymous.body), path).toEqual([]);
      expect(tracesOf(b, anonymous.body), path).toEqual([]);
    }
  });

  it("serves a click's address (fbclid, gclid, utm_*) the page kept without them, with no trace of another click's id", async () => {
    const path = `/produto/${productId}`;
    // The first click renders the page, which is kept for the address without its id.
    const first = await get(`${path}?fbclid=CLIQUE-UM-abc123&utm_source=instagram&utm_medium=social`, null);
    expect(first.status).toBe(200);
    expect(first.body).not.toContain("CLIQUE-UM");
    expect(first.body).not.toContain("utm_medium");
    for (const click of ["?fbclid=CLIQUE-DOIS", "?gclid=CLIQUE-TRES&utm_source=google", ""]) {
      const page = await get(`${path}${click}`, null);
      expect(page.cache, click).toBe("hit");
      expect(page.body).not.toContain("CLIQUE-UM");
    }
    // A parameter the page reads on the server still makes its own page.
    expect((await get(`${path}?avaliacao=salva&fbclid=x`, null)).cache).toBe("miss");
  });

  it("renders a product page the same whatever size and colour its link names (the route leaves them to the browser), so they share its kept page", async () => {
    const { rows } = await t.pool.query<{ id: number; size: string; color: string }>(
      "select v.product_id as id, v.size, v.color from product_variants v join products p on p.id = v.product_id where p.active and v.size <> '' and v.color <> '' order by v.product_id, v.size desc limit 1",
    );
    const linked = rows[0]!;
    // Without the page cache: each address rendered by the app itself.
    const plain = await startHttpApp(app.context, { withSecurityHeaders: true });
    try {
      // As a crawler gets it (whole, not streamed), without the nonce and the deferred data's scripts,
      // whose order is the order their queries came back in.
      const render = async (query: string) => {
        const response = await fetch(`${plain.origin}/produto/${linked.id}${query}`, { headers: { "user-agent": GOOGLEBOT } });
        expect(response.status, query).toBe(200);
        return (await response.text()).replace(/nonce="[^"]*"/g, 'nonce=""').replace(/<script nonce="">window\.__reactRouterContext\.streamController\.enqueue\(.*?\);<\/script>/g, "");
      };
      const alone = await render("");
      expect(alone).toContain(linked.size);
      expect(await render(`?tamanho=${encodeURIComponent(linked.size)}&cor=${encodeURIComponent(linked.color)}`)).toBe(alone);
      expect(await render("?tamanho=nenhum&cor=nenhuma&fbclid=x")).toBe(alone);
    } finally {
      await plain.close();
    }
    await get(`/produto/${linked.id}?tamanho=${encodeURIComponent(linked.size)}`, null);
    expect((await get(`/produto/${linked.id}?cor=${encodeURIComponent(linked.color)}&tamanho=outro`, null)).cache).toBe("hit");
  });

  it("gives each shopper their own part from /api/eu, never cached", async () => {
    const personal = async (as: SignedInUser | null) => {
      const response = await fetch(`${http.origin}/api/eu?produto=${productId}`, { headers: as ? { cookie: as.cookie } : {} });
      return { cacheControl: response.headers.get("cache-control"), pageCache: response.headers.get("x-page-cache"), view: (await response.json()) as PersonalView };
    };
    const forA = await personal(a);
    expect(forA.cacheControl).toBe("private, no-store");
    expect(forA.pageCache).toBeNull();
    expect(forA.view.user).toEqual({ name: a.name, email: a.email, role: "customer" });
    expect(forA.view.product).toMatchObject({ isAdmin: false, ownReview: { rating: 4, comment: OWN_REVIEW }, staffReviews: null });
    // Nothing the page does not show: no phone, no address.
    expect(JSON.stringify(forA.view)).not.toContain(SECRET_PHONE);
    expect(JSON.stringify(forA.view)).not.toContain(SECRET_ADDRESS);

    const forB = await personal(b);
    expect(forB.view.user?.email).toBe(b.email);
    expect(forB.view.product).toEqual({ isAdmin: false, ownReview: null, staffReviews: null });
    expect(tracesOf(a, JSON.stringify(forB.view))).toEqual([]);

    const forStaff = await personal(staff);
    expect(forStaff.view.product?.isAdmin).toBe(true);
    expect(forStaff.view.product?.staffReviews?.map((review) => review.comment)).toEqual(expect.arrayContaining([HIDDEN_REVIEW, OWN_REVIEW]));

    const anonymous = await personal(null);
    expect(anonymous).toMatchObject({ cacheControl: "private, no-store", view: { user: null, product: null } });
  });
});
