// Render ahead (server/render-ahead.ts) on a real PostgreSQL: after a price change, the product page
// kept by the page cache is rendered again by a "render worker" (here a small app on a unix socket,
// showing the product's name and price with the response's nonce, as the app's pages do) before any
// shopper asks, and comes back as a hit with the new price. No answer after the change was heard
// claims to be fresh with the old price; a change heard during the render ahead keeps its page stale.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import compression from "compression";
import { eq } from "drizzle-orm";
import express, { type Express } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "#database/schema";
import { startPageCache } from "../../server/page-cache-start";
import { frontDoor } from "../../server/front-door";
import { securityHeaders } from "../../server/security-headers";
import { RENDER_AHEAD_HEADER } from "../../server/crawler-renders";
import { log } from "~/server/log/logger.server";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { startFrontDoorServer } from "../setup/front-door-server";
import { storefrontCachedPages } from "../setup/cached-pages";

const PRODUCT_ID = 1;
const BROWSER = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36";

describe("page cache: render ahead", () => {
  let t: TestDatabase;
  let pageCache: ReturnType<typeof startPageCache>;
  let shopServer: http.Server;
  let renderServer: http.Server;
  let origin: string;
  const socketPath = path.join(os.tmpdir(), `erick-render-test-${process.pid}.sock`);
  /** Renders by the shop's app (a shopper's request) and by the render worker (ahead). */
  let shopperRenders = 0;
  let aheadRenders = 0;
  /** Set: the render worker holds its next page until it is called. */
  let holdAhead: Promise<void> | undefined;

  /** The product page: its name and price, with the response's nonce in two scripts; `queried` runs after its query. */
  const productPage = (app: Express, counted: () => void, queried: (req: express.Request) => Promise<void> = async () => {}) =>
    app.get("/produto/:id", async (req, res) => {
      counted();
      const [row] = await t.db.select({ name: products.name, priceCents: products.priceCents }).from(products).where(eq(products.id, Number(req.params.id)));
      await queried(req);
      if (!row) return void res.status(404).type("html").send("<p>Produto não encontrado</p>");
      const nonce = String(res.locals.cspNonce);
      res.type("html").send(`<!doctype html><html><head><script nonce="${nonce}">1</script></head><body><h1>${row.name}</h1><p data-preco="${row.priceCents}"></p><script nonce="${nonce}">2</script></body></html>`);
    });

  beforeAll(async () => {
    t = await createTestDatabase();
    const pages = await storefrontCachedPages();
    fs.rmSync(socketPath, { force: true });
    // The render worker: renders every request it gets (its own cache is left out: a render ahead is rendered whatever it keeps).
    const renderApp = express();
    productPage(
      renderApp,
      () => (aheadRenders += 1),
      async (req) => {
        if (req.headers[RENDER_AHEAD_HEADER] !== undefined && holdAhead) await holdAhead;
      },
    );
    renderServer = http.createServer(frontDoor(renderApp, { steps: [securityHeaders({ enforceCsp: true, https: false })], log }));
    renderServer.listen(socketPath);
    await new Promise((resolve) => renderServer.once("listening", resolve));

    pageCache = startPageCache(t.db, { pages, listener: { initialRetryMs: 50, maxRetryMs: 200 }, renderAheadOn: socketPath });
    const app = express();
    app.use(compression());
    app.use(pageCache.middleware);
    productPage(app, () => (shopperRenders += 1));
    ({ server: shopServer, origin } = await startFrontDoorServer(app, pageCache.answer));
    await until(() => pageCache.cache.isEnabled);
  });

  afterAll(async () => {
    await new Promise((resolve) => shopServer?.close(resolve));
    await pageCache?.close();
    await new Promise((resolve) => renderServer?.close(resolve));
    fs.rmSync(socketPath, { force: true });
    await t?.close();
  });

  async function get(target: string) {
    // A browser's user agent: Node's own is a crawler's to isbot, and crawlers' pages are not rendered ahead.
    const response = await fetch(`${origin}${target}`, { headers: { "accept-encoding": "gzip", "user-agent": BROWSER } });
    const body = await response.text();
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1] ?? "";
    return { cache: response.headers.get("x-page-cache"), price: Number(/data-preco="(\d+)"/.exec(body)?.[1]), body, nonce };
  }

  async function until(condition: () => boolean | Promise<boolean>) {
    for (let attempt = 0; attempt < 400; attempt += 1) {
      if (await condition()) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error("condition not met");
  }

  const priceNow = async () => (await t.db.select({ priceCents: products.priceCents }).from(products).where(eq(products.id, PRODUCT_ID)))[0]!.priceCents!;

  it("renders a changed product page again before anyone asks, and serves it as a hit with the new price", async () => {
    const page = `/produto/${PRODUCT_ID}`;
    await until(async () => (await get(page)).cache === "hit");
    const oldPrice = await priceNow();
    expect((await get(page)).price).toBe(oldPrice);
    const [shoppers, ahead] = [shopperRenders, aheadRenders];

    await t.pool.query("update products set price_cents = coalesce(price_cents, 10000) + 100 where id = $1", [PRODUCT_ID]);
    const newPrice = await priceNow();
    // Nobody asks: the page is fresh again by itself, rendered by the render worker.
    await until(() => pageCache.cache.freshSize === pageCache.cache.size && aheadRenders > ahead);
    const answer = await get(page);
    expect(answer).toMatchObject({ cache: "hit", price: newPrice });
    expect(shopperRenders).toBe(shoppers);
    // Kept split at the render worker's nonce and sent with this response's own.
    expect(answer.nonce).not.toBe("");
    expect(answer.body.split(`nonce="${answer.nonce}"`)).toHaveLength(3);
  });

  it("never calls a page fresh with an old price: a change heard during the render ahead keeps its page stale", async () => {
    const page = `/produto/${PRODUCT_ID}`;
    await until(async () => (await get(page)).cache === "hit");
    let heard = 0;
    const renderAheadOnChange = pageCache.cache.onChanged;
    pageCache.cache.onChanged = (keys) => {
      heard += 1;
      renderAheadOnChange?.(keys);
    };
    let release!: () => void;
    holdAhead = new Promise((resolve) => (release = resolve));
    const ahead = aheadRenders;
    await t.pool.query("update products set price_cents = price_cents + 100 where id = $1", [PRODUCT_ID]);
    const firstChange = await priceNow();
    // Heard: the page is stale, and its render ahead has read the first price and is held at the render worker.
    await until(() => heard === 1 && aheadRenders > ahead);
    const during = await get(page);
    expect(during).toMatchObject({ cache: "stale" });
    // A second change, heard before that render's page comes back: the page it brings shows the first price.
    await t.pool.query("update products set price_cents = price_cents + 100 where id = $1", [PRODUCT_ID]);
    const secondChange = await priceNow();
    await until(() => heard === 2);
    holdAhead = undefined;
    release();
    const answers: Awaited<ReturnType<typeof get>>[] = [];
    await until(async () => {
      const answer = await get(page);
      answers.push(answer);
      return answer.cache === "hit" && answer.price === secondChange;
    });
    // Whatever came before the last render ahead was kept: stale, or the newest price, never a hit with an older one.
    for (const answer of answers) if (answer.cache === "hit") expect(answer.price).toBe(secondChange);
    expect(answers.some((answer) => answer.cache === "hit" && answer.price === firstChange)).toBe(false);
    expect(aheadRenders).toBeGreaterThan(ahead + 1);
    pageCache.cache.onChanged = renderAheadOnChange;
  });
});
