// The page cache (server/page-cache.ts) on a real PostgreSQL, behind the real front door (which sends
// the hits, server/front-door.ts), security headers and compression, in front of a small page that shows a product's name with the
// response's nonce, as the app's pages do. Changes reach the cache through the migration's triggers.
import type http from "node:http";
import { constants as zlibConstants, deflateRawSync, gunzipSync } from "node:zlib";
import compression from "compression";
import { eq, sql } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, settings } from "#database/schema";
import { SHOP_SLUGS } from "~/lib/catalog/catalog";
import { shopPath } from "~/lib/pages/navigation";
import { gzippedPage, joinedPage } from "../../server/page-bodies";
import { PageCache, STOREFRONT_CHANGES_CHANNEL } from "../../server/page-cache";
import { startPageCache } from "../../server/page-cache-start";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { startFrontDoorServer } from "../setup/front-door-server";
import { storefrontCachedPages } from "../setup/cached-pages";
import { addUnitsAtOwnStore } from "../setup/variant-stock";
import type { CachedPages } from "../../server/cached-pages";

const PRODUCT_ID = 1;

/** The addresses kept, as the app's routes declare them. */
let pages: CachedPages;
beforeAll(async () => {
  pages = await storefrontCachedPages();
});

describe("page cache", () => {
  let t: TestDatabase;
  let pageCache: ReturnType<typeof startPageCache>;
  let server: http.Server;
  let origin: string;
  let renders = 0;
  /** Requests that reached the app behind the front door. */
  let appRequests = 0;
  const pageRenders = new Map<string, number>();
  let releaseSlowPart: (() => void) | undefined;
  /** The products named by the notifications that reached the cache. */
  const productsChanged = new Set<number>();
  let barriers = 0;

  beforeAll(async () => {
    t = await createTestDatabase();
    pageCache = startPageCache(t.db, { pages, listener: { initialRetryMs: 50, maxRetryMs: 200 } });
    const changed = pageCache.cache.changed.bind(pageCache.cache);
    pageCache.cache.changed = (change) => {
      for (const id of change?.productIds ?? []) productsChanged.add(id);
      changed(change);
    };
    const app = express();
    app.use((_req, _res, next) => {
      appRequests += 1;
      next();
    });
    app.use(compression());
    app.use(pageCache.middleware);
    // Express matches paths case-insensitively, as React Router does: `/Checkout` is the checkout page.
    app.get(["/produto/:id", "/conta", "/checkout"], async (req, res) => {
      renders += 1;
      const [row] = await t.db.select({ name: products.name }).from(products).where(eq(products.id, Number(req.params.id ?? PRODUCT_ID)));
      if (!row) return void res.status(404).type("html").send("<p>Produto não encontrado</p>");
      const nonce = String(res.locals.cspNonce);
      res.type("html");
      // Written in pieces, as a streamed render is, with the nonce in several places.
      res.write(`<!doctype html><html><head><script nonce="${nonce}">1</script></head><body>`);
      // A deferred part that takes its time: the test says when it is ready.
      if (req.query.lento) await new Promise<void>((resolve) => (releaseSlowPart = resolve));
      // A streamed section whose data failed after the status went out, as React marks it.
      const failed = req.query.falha ? `<!--$!--><template data-dgst="x"></template><!--/$-->` : "";
      res.end(`<h1>${row.name}</h1>${failed}${"<p>texto</p>".repeat(200)}<script nonce="${nonce}">2</script></body></html>`);
    });
    // A page that sets a cookie is never kept, whoever asked.
    app.get("/lojas", (_req, res) => void res.cookie("visita", "1").type("html").send("<h1>lojas</h1>"));
    app.get("/", (_req, res) => void res.type("html").send("<h1>início</h1>"));
    // Any other one-segment page: whether it is kept is the allowlist's call.
    app.get("/:page", (req, res) => {
      pageRenders.set(req.originalUrl, (pageRenders.get(req.originalUrl) ?? 0) + 1);
      res.type("html").send(`<h1>${req.params.page}</h1>`);
    });
    ({ server: server, origin } = await startFrontDoorServer(app, pageCache.answer));
    await until(() => pageCache.cache.isEnabled);
  });

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await pageCache?.close();
    await t?.close();
  });

  async function get(path: string, headers: Record<string, string> = {}) {
    const response = await fetch(`${origin}${path}`, { headers: { "accept-encoding": "gzip", ...headers } });
    const body = await response.text();
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1] ?? "";
    return { status: response.status, cache: response.headers.get("x-page-cache"), encoding: response.headers.get("content-encoding"), body, nonce };
  }

  /** Asks for the page until a fresh one is kept: a render that crossed a change's notification is kept stale. */
  async function keepFreshPage(path: string) {
    await until(async () => {
      await get(path);
      return pageCache.cache.freshSize > 0;
    });
  }

  /**
   * Waits until every change committed before it has reached the cache: notifications come in commit
   * order on one connection, so once its own arrives, theirs did. Like any product's change, it marks
   * the lists of every shop stale.
   */
  async function settled() {
    barriers += 1;
    const marker = 2_000_000_000 + barriers;
    await t.pool.query("select pg_notify($1, $2)", [STOREFRONT_CHANGES_CHANNEL, `products=${marker};shops=`]);
    await until(() => productsChanged.has(marker));
  }

  async function until(condition: () => boolean | Promise<boolean>) {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      if (await condition()) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error("condition not met");
  }

  const nameOf = (body: string) => /<h1>(.*)<\/h1>/.exec(body)?.[1];

  it("renders an anonymous page once, then serves it with this response's own nonce", async () => {
    const first = await get(`/produto/${PRODUCT_ID}`);
    const rendersAfterFirst = renders;
    const second = await get(`/produto/${PRODUCT_ID}`);
    expect(first.cache).toBe("miss");
    expect(second.cache).toBe("hit");
    expect(second.encoding).toBe("gzip");
    expect(renders).toBe(rendersAfterFirst);
    expect(second.body.length).toBe(first.body.length);
    expect(second.nonce).not.toBe(first.nonce);
    expect(second.body).not.toContain(first.nonce);
    expect(second.body.split(`nonce="${second.nonce}"`)).toHaveLength(3);
    expect(second.body.replaceAll(second.nonce, first.nonce)).toBe(first.body);
    // A client that takes no gzip gets the page plain.
    const plain = await get(`/produto/${PRODUCT_ID}`, { "accept-encoding": "identity" });
    expect(plain).toMatchObject({ cache: "hit", encoding: null });
    expect(plain.body.replaceAll(plain.nonce, first.nonce)).toBe(first.body);
  });

  it("sends a page it keeps whole, compressed as the browser takes it, with its length", async () => {
    for (const [accepted, expected] of [["br, gzip", "br"], ["gzip", "gzip"], ["identity", null]] as const) {
      const path = `/produto/${PRODUCT_ID}?avaliacao=inteira-${expected ?? "nenhuma"}`;
      const response = await fetch(`${origin}${path}`, { headers: { "accept-encoding": accepted } });
      const body = await response.text();
      expect(response.headers.get("x-page-cache"), accepted).toBe("miss");
      expect(response.headers.get("content-encoding"), accepted).toBe(expected);
      expect(Number(response.headers.get("content-length")), accepted).toBeGreaterThan(0);
      if (expected === null) expect(Number(response.headers.get("content-length"))).toBe(Buffer.byteLength(body));
      expect(body).toMatch(/^<!doctype html>.*<\/html>$/s);
      // The page kept is the one sent.
      const again = await get(path, { "accept-encoding": accepted });
      expect(again.cache, accepted).toBe("hit");
      const nonceOf = (page: string) => /<script nonce="([^"]+)">1<\/script>/.exec(page)?.[1] ?? "";
      expect(again.body.split(again.nonce).join("N")).toBe(body.split(nonceOf(body)).join("N"));
    }
    // A page whose deferred part is slow goes out as it comes after WHOLE_PAGE_WAIT_MS: its start
    // reaches the browser before the part is ready (this read would wait forever otherwise).
    const slow = await fetch(`${origin}/produto/${PRODUCT_ID}?avaliacao=lenta&lento=1`, { headers: { "accept-encoding": "br" } });
    expect(slow.headers.get("content-length")).toBeNull();
    const reader = slow.body!.getReader();
    const decoder = new TextDecoder();
    let start = "";
    while (!start.includes("</head>")) start += decoder.decode((await reader.read()).value, { stream: true });
    expect(releaseSlowPart).toBeDefined();
    releaseSlowPart!();
    let rest = "";
    for (let read = await reader.read(); !read.done; read = await reader.read()) rest += decoder.decode(read.value, { stream: true });
    expect(`${start}${rest}`).toMatch(/^<!doctype html>.*<h1>.*<\/html>$/s);
    expect((await get(`/produto/${PRODUCT_ID}?avaliacao=lenta&lento=1`)).cache).toBe("hit");
    // Not kept, so sent as it comes: a page that sets a cookie.
    const lojas = await fetch(`${origin}/lojas`, { headers: { "accept-encoding": "br" } });
    expect(lojas.headers.get("set-cookie")).toContain("visita=1");
    expect(await lojas.text()).toBe("<h1>lojas</h1>");
  });

  it("drops the pages when a product changes, from any connection", async () => {
    await get(`/produto/${PRODUCT_ID}`);
    expect((await get(`/produto/${PRODUCT_ID}`)).cache).toBe("hit");
    // Another writer: plain SQL on a connection of its own, as another app instance would.
    await t.pool.query("update products set name = 'Nome Novo do Cache' where id = $1", [PRODUCT_ID]);
    await until(async () => nameOf((await get(`/produto/${PRODUCT_ID}`)).body) === "Nome Novo do Cache");
    expect((await get(`/produto/${PRODUCT_ID}`)).cache).toBe("hit");
  });

  // Stale pages are kept to be served while one request renders them again: "dropped" is "no longer fresh".
  it("drops the pages when the settings change", async () => {
    await keepFreshPage(`/produto/${PRODUCT_ID}`);
    await t.db.update(settings).set({ data: sql`${settings.data}` }).where(eq(settings.id, 1));
    await until(() => pageCache.cache.freshSize === 0);
  });

  it("drops the pages on a change to anything else a storefront page shows", async () => {
    // A review to change (the seed has none): the shopper's account first.
    await t.pool.query("insert into users (id, name, email) values ('autora-cache', 'Ana Souza', 'ana-cache@exemplo.com')");
    await t.pool.query("insert into reviews (product_id, user_id, rating) values ($1, 'autora-cache', 5)", [PRODUCT_ID]);
    const changes = [
      "update shops set name = name",
      "update store_locations set name = name",
      "update media set alt = alt",
      "update reviews set comment = comment",
      "update product_variants set sku = sku || '-x'",
      // The last units of a size × colour: shown as they are (below the page's cap, migration 0055).
      `update variant_stock set units = units + 1 where variant_id = (select min(id) from product_variants where product_id = ${PRODUCT_ID})`,
      "update products set featured = not featured",
      // A review shows its author's name.
      "update users set name = name",
    ];
    for (const change of changes) {
      await keepFreshPage(`/produto/${PRODUCT_ID}`);
      await t.pool.query(change);
      await until(() => pageCache.cache.freshSize === 0).catch(() => {
        throw new Error(`no page dropped after: ${change}`);
      });
    }
  });

  it("never keeps a private page, a page setting a cookie, an error page or a page with a failed part", async () => {
    for (const attempt of [1, 2]) {
      expect((await get("/lojas")).cache, `Set-Cookie ${attempt}`).toBe("miss");
      expect((await get("/conta")).cache, `conta ${attempt}`).toBeNull();
      expect((await get("/Checkout")).cache, `Checkout ${attempt}`).toBeNull();
      expect((await get(`/PRODUTO/${PRODUCT_ID}`)).cache, `PRODUTO ${attempt}`).toBeNull();
      expect((await get("/produto/999999")).cache, `404 ${attempt}`).toBe("miss");
      expect((await get(`/produto/${PRODUCT_ID}?falha=1`)).cache, `failed part ${attempt}`).toBe("miss");
    }
  });

  it("keeps the page of every shop's route, and of no other one-segment path but the catalogue's", async () => {
    for (const slug of SHOP_SLUGS) {
      await get(shopPath(slug));
      expect((await get(shopPath(slug))).cache, slug).toBe("hit");
    }
    for (const path of ["/calcados-outlet", "/login"]) {
      await get(path);
      expect((await get(path)).cache, path).toBeNull();
    }
  });

  it("keeps a crawler's page apart from a browser's", async () => {
    const googlebot = { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" };
    const phone = { "user-agent": "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36" };
    await get(`/produto/${PRODUCT_ID}`, phone);
    expect((await get(`/produto/${PRODUCT_ID}`, phone)).cache).toBe("hit");
    expect((await get(`/produto/${PRODUCT_ID}`, googlebot)).cache).toBe("miss");
    expect((await get(`/produto/${PRODUCT_ID}`, googlebot)).cache).toBe("hit");
  });

  it("serves a page asked with a click's id or a campaign's tags as a hit of the page without them, and keys on the parameters in one order", async () => {
    await until(async () => (await get(`/produto/${PRODUCT_ID}`)).cache === "hit");
    const before = renders;
    for (let click = 0; click < 20; click += 1) {
      const clicked = await get(`/produto/${PRODUCT_ID}?fbclid=IwAR${click}x&utm_source=instagram&utm_medium=paid&gclid=G${click}`);
      expect(clicked.cache).toBe("hit");
    }
    expect(renders).toBe(before);
    // The size and colour a feed's link names are applied in the browser: the product's one page.
    for (const linked of ["?tamanho=38&cor=Preto", "?cor=Preto&fbclid=y&tamanho=38", "?tamanho=nunca-pedido-1", "?cor=Verde&tamanho=nunca-pedido-2"]) {
      expect((await get(`/produto/${PRODUCT_ID}${linked}`)).cache, linked).toBe("hit");
    }
    expect(renders).toBe(before);
    // A parameter the page reads on the server still makes its own page, whatever the order.
    expect((await get(`/produto/${PRODUCT_ID}?avaliacao=salva&tamanho=38`)).cache).toBe("miss");
    expect((await get(`/produto/${PRODUCT_ID}?fbclid=z&avaliacao=salva`)).cache).toBe("hit");
    expect(renders).toBe(before + 1);
    // On a list, `tamanho` is a filter the server reads: its own page.
    expect((await get("/produtos?tamanho=38")).cache).toBe("miss");
    expect((await get("/produtos?fbclid=w&tamanho=38")).cache).toBe("hit");
  });

  it("serves nothing while its change notifications could be missed, and starts again empty", async () => {
    await get(`/produto/${PRODUCT_ID}`);
    expect((await get(`/produto/${PRODUCT_ID}`)).cache).toBe("hit");
    await t.pool.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'erick-page-cache' and datname = current_database()");
    await until(() => !pageCache.cache.isEnabled);
    expect(pageCache.cache.size).toBe(0);
    await until(() => pageCache.cache.isEnabled);
    expect((await get(`/produto/${PRODUCT_ID}`)).cache).toBe("miss");
    expect((await get(`/produto/${PRODUCT_ID}`)).cache).toBe("hit");
  });

  it("serves a shopper holding cookies the same page as everyone (the pages carry nothing personal)", async () => {
    await get(`/produto/${PRODUCT_ID}`);
    const signedIn = await get(`/produto/${PRODUCT_ID}`, { cookie: "better-auth.session_token=x; outro=1" });
    expect(signedIn.cache).toBe("hit");
  });

  it("sends a hit, and a stale page while another request renders it, at the front door: the app never sees them", async () => {
    const path = `/produto/${PRODUCT_ID}`;
    await get(path);
    expect((await get(path)).cache).toBe("hit");
    let before = appRequests;
    const hits = await Promise.all(Array.from({ length: 20 }, () => get(path)));
    expect(hits.map((hit) => hit.cache)).toEqual(Array(20).fill("hit"));
    expect(hits.every((hit) => hit.nonce && hit.body.includes(`nonce="${hit.nonce}"`))).toBe(true);
    expect(appRequests).toBe(before);
    // Stale: the first request goes to the app, which renders it; meanwhile the others get it stale at the door.
    const fresh = pageCache.cache.freshSize;
    await t.pool.query("update products set price_cents = price_cents + 1 where id = $1", [PRODUCT_ID]);
    await until(() => pageCache.cache.freshSize < fresh);
    before = appRequests;
    const answers = await Promise.all(Array.from({ length: 50 }, () => get(path)));
    expect(answers.filter((answer) => answer.cache === "miss")).toHaveLength(1);
    expect(appRequests - before).toBeLessThanOrEqual(answers.filter((answer) => answer.cache !== "hit").length);
    // Anything else, a page that is not kept, goes to the app.
    before = appRequests;
    await get("/conta");
    expect(appRequests).toBe(before + 1);
  });

  it("after a product changes, marks stale only its pages and the lists that may show it, and serves them stale while one request renders", async () => {
    const { rows } = await t.pool.query<{ id: number; slug: string }>("select p.id, s.slug from products p join shops s on s.id = p.shop_id order by p.id");
    const changed = rows.find((row) => row.id === PRODUCT_ID)!;
    const other = rows.find((row) => row.slug !== changed.slug)!;
    const stalePaths = ["/", `/produto/${PRODUCT_ID}`, "/produtos", `/produtos?loja=${changed.slug}`, `/${changed.slug}`];
    const freshPaths = [`/produto/${other.id}`, `/produtos?loja=${other.slug}`, `/${other.slug}`];
    for (const path of [...stalePaths, ...freshPaths]) {
      await get(path);
      expect((await get(path)).cache, path).toBe("hit");
    }
    const fresh = pageCache.cache.freshSize;
    await t.pool.query("update products set price_cents = price_cents + 100 where id = $1", [PRODUCT_ID]);
    await until(() => pageCache.cache.freshSize <= fresh - stalePaths.length);
    // A stale page: this request renders it again; a fresh one is a hit.
    for (const path of stalePaths) expect((await get(path)).cache, path).toBe("miss");
    for (const path of [...stalePaths, ...freshPaths]) expect((await get(path)).cache, path).toBe("hit");
  });

  it("keeps the pages of a product whose units change past the page's cap (a sale from a deep shelf), and drops them when the shown units change", async () => {
    const { rows } = await t.pool.query<{ variant: number; store: number }>(
      `select v.id as variant, erick_product_home_store(v.product_id) as store
       from product_variants v where v.product_id = $1 order by v.id limit 1`,
      [PRODUCT_ID],
    );
    const { variant, store } = rows[0]!;
    const units = (value: number) => t.pool.query("update variant_stock set units = $3 where variant_id = $1 and store_location_id = $2", [variant, store, value]);
    await t.pool.query("insert into variant_stock (variant_id, store_location_id, units) values ($1, $2, 0) on conflict do nothing", [variant, store]);
    await units(25);
    await settled();
    await keepFreshPage(`/produto/${PRODUCT_ID}`);
    // 25 → 24 and 24 → 11: the page shows 10 (the settings' maxUnitsPerLine) all along. Nor does the
    // products' "changed" time, which every stock move stamps, show on a page.
    for (const change of [() => units(24), () => units(11), () => t.pool.query("update products set updated_at = now() where id = $1", [PRODUCT_ID])]) {
      await change();
      await settled();
      expect((await get(`/produto/${PRODUCT_ID}`)).cache).toBe("hit");
    }
    // 11 → 9: the page shows 9.
    await units(9);
    await settled();
    expect((await get(`/produto/${PRODUCT_ID}`)).cache).toBe("miss");
    // A lower maxUnitsPerLine lowers the cap: 9 → 8 past a cap of 5 changes nothing shown either.
    await t.pool.query(`update settings set data = jsonb_set(data, '{maxUnitsPerLine}', '5') where id = 1`);
    await settled();
    await keepFreshPage(`/produto/${PRODUCT_ID}`);
    await units(8);
    await settled();
    expect((await get(`/produto/${PRODUCT_ID}`)).cache).toBe("hit");
    await t.pool.query(`update settings set data = data - 'maxUnitsPerLine' where id = 1`);
    // The settings' change empties the cache when its notification comes; the next test must not see it land.
    await settled();
  });

  it("renders a stale page once for 200 shoppers who ask for it at the same time", async () => {
    await settled();
    await get(`/produto/${PRODUCT_ID}`);
    expect((await get(`/produto/${PRODUCT_ID}`)).cache).toBe("hit");
    const fresh = pageCache.cache.freshSize;
    await addUnitsAtOwnStore(t.pool, PRODUCT_ID, 1);
    await until(() => pageCache.cache.freshSize < fresh);
    const rendersBefore = renders;
    const answers = await Promise.all(Array.from({ length: 200 }, () => get(`/produto/${PRODUCT_ID}`)));
    expect(answers.every((answer) => answer.status === 200 && nameOf(answer.body))).toBe(true);
    expect(renders - rendersBefore).toBe(1);
    const kinds = answers.map((answer) => answer.cache);
    expect(kinds.filter((kind) => kind === "miss")).toHaveLength(1);
    expect(kinds.every((kind) => kind === "miss" || kind === "stale" || kind === "hit")).toBe(true);
    expect((await get(`/produto/${PRODUCT_ID}`)).cache).toBe("hit");
  });
});

describe("PageCache", () => {
  const page = (body: string) => ({ contentType: "text/html", cacheControl: null, parts: [body] });

  it("keeps a page asked for again deflated alone, and gives it whole, plain or gzipped, around any nonce", () => {
    const cache = new PageCache({ pages });
    cache.setEnabled(true);
    const text = ["<p>Tênis ", " azul ", "</p>".repeat(500)];
    cache.store("/produto/7", cache.startRendering(), { contentType: "text/html", cacheControl: null, parts: text, url: "/produto/7" });
    // Its render was the first ask; this is the second.
    const asked = cache.get("/produto/7")!;
    expect(asked.parts).toBeNull();
    expect(asked.deflated).not.toBeNull();
    expect(asked.bytes).toBe(asked.deflated!.reduce((sum, part) => sum + part.length, 0));
    expect(asked.bytes).toBeLessThan(Buffer.byteLength(text.join("")) / 4);
    for (const nonce of ["abc", "n0nce-de-24-caracteres!!"]) {
      expect(joinedPage(asked, nonce).toString()).toBe(text.join(nonce));
      expect(gunzipSync(gzippedPage(asked, nonce)).toString()).toBe(text.join(nonce));
    }
  });

  it("tells the pages a change touched most recently asked for first, for the render ahead", () => {
    const cache = new PageCache({ pages });
    cache.setEnabled(true);
    for (const key of ["/produto/1", "/produto/2", "/produto/3"]) cache.store(key, cache.startRendering(), page(`<p>${key}</p>`));
    cache.get("/produto/1");
    cache.get("/produto/3");
    const told: string[][] = [];
    cache.onChanged = (keys) => told.push(keys);
    cache.changed(null);
    expect(told).toEqual([["/produto/3", "/produto/1", "/produto/2"]]);
  });

  it("does not keep a page whose rendering began before a change", () => {
    const cache = new PageCache({ pages });
    cache.setEnabled(true);
    const token = cache.startRendering();
    cache.clear();
    cache.store("/a", token, page("velha"));
    expect(cache.get("/a")).toBeUndefined();
    cache.store("/a", cache.startRendering(), page("nova"));
    expect(joinedPage(cache.get("/a")!, "").toString()).toBe("nova");
  });

  it("keeps a page rendered across a change in place of an older stale one, still stale", () => {
    const cache = new PageCache({ pages });
    cache.setEnabled(true);
    cache.store("/produto/7", cache.startRendering(), { ...page("velha"), url: "/produto/7" });
    cache.changed({ productIds: new Set([7]), shopSlugs: new Set(["sports"]) });
    expect(cache.claimRevalidation("/produto/7")).toBe(true);
    const token = cache.startRendering();
    // Another change to the same product while the page renders again.
    cache.changed({ productIds: new Set([7]), shopSlugs: new Set(["sports"]) });
    cache.store("/produto/7", token, { ...page("mais nova"), url: "/produto/7" });
    const kept = cache.get("/produto/7")!;
    expect(joinedPage(kept, "").toString()).toBe("mais nova");
    expect(kept.stale).toBe(true);
    expect(cache.claimRevalidation("/produto/7")).toBe(true);
    // A change to another product of another shop leaves it alone.
    cache.store("/produto/7", cache.startRendering(), { ...page("atual"), url: "/produto/7" });
    cache.changed({ productIds: new Set([8]), shopSlugs: new Set(["calcados"]) });
    expect(cache.get("/produto/7")?.stale).toBe(false);
  });

  it("stays within its size, dropping the least recently used page, serves an aged page stale while it renders again, and forgets old pages", () => {
    let now = 0;
    // A page's share of the budget: its text, or its deflated copy alone once it is asked for again (/a).
    const pageBytes = deflateRawSync(Buffer.from("x".repeat(8)), { finishFlush: zlibConstants.Z_SYNC_FLUSH }).length;
    const cache = new PageCache({ pages, maxBytes: pageBytes + 19 * 8, maxAgeMs: 1_000, maxStaleAgeMs: 5_000, now: () => now });
    cache.setEnabled(true);
    for (const key of ["/a", "/b", "/c"]) cache.store(key, cache.startRendering(), page("x".repeat(8)));
    expect(cache.get("/a")).toBeDefined();
    for (const key of ["/d", "/e", "/f", "/g", "/h", "/i", "/j", "/k", "/l", "/m", "/n", "/o", "/p", "/q", "/r", "/s", "/t", "/u"]) {
      cache.store(key, cache.startRendering(), page("x".repeat(8)));
    }
    expect(cache.size).toBe(20);
    expect(cache.get("/a")).toBeDefined();
    expect(cache.get("/b")).toBeUndefined();
    now = 1_001;
    // Past its age a page is stale: one request renders it again, the others are served it meanwhile.
    expect(cache.get("/a")?.stale).toBe(true);
    expect(cache.claimRevalidation("/a")).toBe(true);
    expect(cache.claimRevalidation("/a")).toBe(false);
    expect(cache.get("/c")?.stale).toBe(true);
    now = 5_001;
    expect(cache.get("/c")).toBeUndefined();
  });

  it("keeps the pages asked for again through a flood of addresses asked for once", () => {
    // Letters and digits in no pattern: deflated, three quarters of their size, so that the 25 pages fit
    // before they are asked for again (and deflated).
    let seed = 7;
    const symbols = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    const body = Array.from({ length: 1_000 }, () => symbols[(seed = (seed * 48_271) % 2_147_483_647) % symbols.length]).join("");
    // A page asked for again costs its deflated bytes alone; one asked for once, its text.
    const pageBytes = deflateRawSync(Buffer.from(body), { finishFlush: zlibConstants.Z_SYNC_FLUSH }).length;
    const maxBytes = 40 * pageBytes;
    const cache = new PageCache({ pages, maxBytes });
    cache.setEnabled(true);
    const real = Array.from({ length: 25 }, (_, index) => `/produto/${index + 1}`);
    for (const key of real) cache.store(key, cache.startRendering(), page(body));
    for (const key of real) expect(cache.get(key), key).toBeDefined();
    // One client's made-up addresses, each asked for once: 10,000 of them.
    for (let junk = 0; junk < 10_000; junk += 1) cache.store(`/produto/1?tamanho=${junk}`, cache.startRendering(), page(body));
    for (const key of real) expect(cache.servable(key), key).toBeDefined();
    // The rest of the budget holds as many pages asked for once as fit.
    expect(cache.size).toBe(25 + Math.floor((maxBytes - 25 * pageBytes) / body.length));
    // Pages asked for again keep to their share: the least recently used of them is back among the others.
    const more = Array.from({ length: 10 }, (_, index) => `/produto/${index + 100}`);
    for (const key of more) {
      cache.store(key, cache.startRendering(), page(body));
      cache.get(key);
    }
    for (let junk = 0; junk < 1_000; junk += 1) cache.store(`/produto/2?tamanho=${junk}`, cache.startRendering(), page(body));
    const kept = [...real, ...more].filter((key) => cache.servable(key));
    expect(kept.length).toBe(30);
    expect(kept).toEqual([...real.slice(5), ...more]);
  });

  it("keeps a page another process rendered, unless a fresh one is here or a change it may have missed came after its render began", () => {
    const cache = new PageCache({ pages });
    cache.setEnabled(true);
    const renderedElsewhere = (body: string, renderStartedAt: number) => {
      const parts = [Buffer.from(body)];
      const deflated = parts.map((part) => deflateRawSync(part, { finishFlush: zlibConstants.Z_SYNC_FLUSH }));
      return { contentType: "text/html", cacheControl: null, parts, deflated, url: "/produto/7", renderStartedAt };
    };
    const clock = () => performance.timeOrigin + performance.now();
    // None here: kept, fresh, and served gzipped from the other process's deflated parts.
    cache.storeShared("/produto/7", renderedElsewhere("de lá", clock()));
    const kept = cache.get("/produto/7")!;
    expect(kept.stale).toBe(false);
    expect(gunzipSync(gzippedPage(kept, "")).toString()).toBe("de lá");
    // A fresh page here stays.
    cache.storeShared("/produto/7", renderedElsewhere("outra", clock()));
    expect(joinedPage(cache.get("/produto/7")!, "").toString()).toBe("de lá");
    // Stale here, and the other render began before a change heard here: kept, still stale.
    const startedBeforeChange = clock() - 1;
    cache.changed({ productIds: new Set([7]), shopSlugs: new Set(["sports"]) });
    expect(cache.claimRevalidation("/produto/7")).toBe(true);
    cache.storeShared("/produto/7", renderedElsewhere("antes da mudança", startedBeforeChange));
    expect(joinedPage(cache.get("/produto/7")!, "").toString()).toBe("antes da mudança");
    expect(cache.get("/produto/7")?.stale).toBe(true);
    expect(cache.claimRevalidation("/produto/7")).toBe(true);
    // Began after every change heard here: fresh.
    cache.storeShared("/produto/7", renderedElsewhere("depois", clock() + 1));
    expect(cache.get("/produto/7")?.stale).toBe(false);
    // A change heard here after the other render began, and no page here: not kept.
    const startedBeforeAnotherChange = clock() - 1;
    cache.changed({ productIds: new Set([8]), shopSlugs: new Set(["calcados"]) });
    cache.storeShared("/produto/8", { ...renderedElsewhere("velha", startedBeforeAnotherChange), url: "/produto/8" });
    expect(cache.get("/produto/8")).toBeUndefined();
  });

  it("deflates a page when it is first asked for again, not when a page asked for once is kept", () => {
    const cache = new PageCache({ pages });
    cache.setEnabled(true);
    const body = "<p>Calçados e variedades</p>".repeat(100);
    // What another process would be handed: the text alone for a page asked for once.
    expect(cache.store("/produto/1?tamanho=novo", cache.startRendering(), page(body))?.deflated).toBeUndefined();
    const kept = cache.get("/produto/1?tamanho=novo")!;
    expect(kept.deflated).not.toBeNull();
    expect(gunzipSync(gzippedPage(kept, "")).toString()).toBe(body);
    // Rendered again once asked for again: kept deflated, and handed on so.
    expect(cache.store("/produto/1?tamanho=novo", cache.startRendering(), page(body))?.deflated).toHaveLength(1);
  });

  it("joins the kept parts around any nonce, plain and as one valid gzip stream", () => {
    const cache = new PageCache({ pages });
    cache.setEnabled(true);
    const text = `<script nonce="N">1</script>${"<p>Calçados e variedades</p>".repeat(3_000)}<script nonce="N">2</script>`;
    cache.store("/a", cache.startRendering(), { contentType: "text/html", cacheControl: null, parts: text.split("N") });
    const kept = cache.get("/a")!;
    for (const nonce of ["Zm9vYmFyYmF6cXV4cXV1eA==", "ÿ+/é"]) {
      const expected = text.replaceAll("N", nonce);
      expect(joinedPage(kept, nonce).toString()).toBe(expected);
      const gzipped = gzippedPage(kept, nonce);
      // gunzip checks the CRC-32 and the length in the trailer.
      expect(gunzipSync(gzipped).toString()).toBe(expected);
      expect(gzipped.length).toBeLessThan(expected.length / 10);
    }
  });
});
