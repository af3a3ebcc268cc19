// Share previews as a link unfurler reads them (open-graph-scraper fetching the app's real pages):
// every catalogue page has a picture, a shop's page its own, a product without photos the shop's, and
// product pages the product tags Meta reads. The pictures are real 1200 × 630 JPEGs.
import { eq, sql } from "drizzle-orm";
import ogs from "open-graph-scraper";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, shops } from "#database/schema";
import type { LoadContext } from "~/server/load-context.server";
import { createTestContext, TEST_ORIGIN } from "../setup/admin-session";
import { startHttpApp, type HttpApp } from "../setup/http-app";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestContext>>;
let http: HttpApp;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestContext(t);
  const context: LoadContext = { ...app.context, config: { ...app.context.config, mediaDir: t.mediaDir } };
  http = await startHttpApp(context);
  await fetch(`${http.origin}/`).then((response) => response.arrayBuffer());
});
afterAll(async () => {
  await http?.close();
  await app?.close();
  await t?.close();
});

async function unfurl(path: string) {
  const { result } = await ogs({
    url: `${http.origin}${path}`,
    // Its defaults, but a loopback address (no top-level domain) is a valid URL here.
    urlValidatorSettings: {
      allow_fragments: true,
      allow_protocol_relative_urls: false,
      allow_query_components: true,
      allow_trailing_dot: false,
      allow_underscores: false,
      protocols: ["http", "https"],
      require_host: true,
      require_port: false,
      require_protocol: false,
      require_tld: false,
      require_valid_protocol: true,
      validate_length: true,
    },
    customMetaTags: [
      { multiple: false, property: "product:price:amount", fieldName: "priceAmount" },
      { multiple: false, property: "product:price:currency", fieldName: "priceCurrency" },
      { multiple: false, property: "product:availability", fieldName: "availability" },
    ],
  });
  return result;
}

/** A share picture's URL starts with the shop's trusted origin (never the request's Host); fetched from the test's server. */
async function expectShareJpeg(url: string) {
  const { origin, pathname, search } = new URL(url);
  expect(origin).toBe(TEST_ORIGIN);
  const response = await fetch(`${http.origin}${pathname}${search}`);
  expect(response.status, url).toBe(200);
  expect(response.headers.get("content-type")).toBe("image/jpeg");
  const { width, height, format } = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
  expect([format, width, height]).toEqual(["jpeg", 1200, 630]);
}

describe("share previews", () => {
  it("give the home page, the lists, the shop pages and /lojas a picture, each shop its own", async () => {
    const images = new Map<string, string>();
    for (const path of ["/", "/produtos", "/lojas", "/calcados", "/variedades", "/kids", "/sports"]) {
      const result = await unfurl(path);
      const image = result.ogImage?.[0]?.url;
      expect(image, path).toBeTruthy();
      images.set(path, image!);
    }
    expect(images.get("/produtos")).toBe(images.get("/"));
    const shopImages = ["/calcados", "/variedades", "/kids", "/sports"].map((path) => images.get(path));
    expect(new Set(shopImages).size).toBe(4);
    expect(shopImages).not.toContain(images.get("/"));
    for (const image of new Set(images.values())) await expectShareJpeg(image);
  });

  it("give a product page its price, currency and availability, and a product without photos the shop's picture", async () => {
    const [product] = await t.db
      .select({ id: products.id, priceCents: products.priceCents, stock: products.stock, shopSlug: shops.slug })
      .from(products)
      .innerJoin(shops, eq(shops.id, products.shopId))
      .where(sql`${products.priceCents} is not null and ${products.active}`)
      .limit(1);
    const result = await unfurl(`/produto/${product!.id}`);
    expect(result.customMetaTags).toMatchObject({
      priceAmount: (product!.priceCents! / 100).toFixed(2),
      priceCurrency: "BRL",
      availability: product!.stock > 0 ? "in stock" : "out of stock",
    });
    expect(result.ogImage?.[0]?.url).toMatch(/\/media\/[0-9a-f]+-og\.jpg$/);

    await t.db.update(products).set({ images: [] }).where(eq(products.id, product!.id));
    const withoutPhotos = await unfurl(`/produto/${product!.id}`);
    expect(withoutPhotos.ogImage?.[0]?.url).toBe((await unfurl(`/${product!.shopSlug}`)).ogImage?.[0]?.url);
  });

  it("answers 404 for a picture of no shop", async () => {
    for (const path of ["/compartilhar/nenhuma.jpg", "/compartilhar/..%2Fsegredo.jpg", "/compartilhar/grupo.png"]) {
      expect((await fetch(`${http.origin}${path}`)).status, path).toBe(404);
    }
  });
});
