// First-start seed (app/server/seed/seed.server.ts) on an empty, migrated database. Kept apart from
// catalog.test.ts because rendering and encoding the 20 demo images takes seconds: in its own file it
// runs beside the others.
import fs from "node:fs";
import path from "node:path";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { media, products, settings, shops, storeLocations } from "#database/schema";
import { SHOP_SLUGS } from "~/lib/catalog/catalog";
import { listProducts } from "~/server/catalog/products.server";
import { seedDatabase } from "~/server/seed/seed.server";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

const allProducts = { q: "", category: null, shop: null, price: "all", size: null, page: 1 } as const;

describe("seed on an empty database", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase({ seeded: false });
  });
  afterAll(() => t?.close());

  // Encoding the 40 demo images is CPU-bound: ~6 s on an idle 2-core machine, far more when busy.
  it("seeds once, even when two instances start at the same moment", async () => {
    expect((await listProducts(t.db, allProducts)).total).toBe(0);
    const results = await Promise.all([seedDatabase(t.db, t.media), seedDatabase(t.db, t.media)]);
    expect(results.map((result) => result.seeded).sort()).toEqual([false, true]);
    expect((await listProducts(t.db, allProducts)).total).toBe(20);
    expect((await t.db.select({ n: count() }).from(shops))[0]!.n).toBe(4);
    // A row per shop route of the code, in its order, each with the menu's name.
    const shopRows = await t.db.select({ slug: shops.slug, shortName: shops.shortName }).from(shops).orderBy(shops.position);
    expect(shopRows.map((shop) => shop.slug)).toEqual([...SHOP_SLUGS]);
    expect(shopRows.map((shop) => shop.shortName)).toEqual(["Calçados", "Variedades", "Magazine e Kids", "Sports"]);
    expect((await t.db.select({ n: count() }).from(storeLocations))[0]!.n).toBe(6);
    expect((await t.db.select({ n: count() }).from(settings))[0]!.n).toBe(1);

    // Every product got its cover, and the files are in the media directory.
    const { products: list } = await listProducts(t.db, allProducts);
    for (const product of list) {
      expect(product.image, product.name).not.toBeNull();
      expect(fs.existsSync(path.join(t.mediaDir, `${product.image!.key}-og.jpg`)), product.name).toBe(true);
    }

    const files = fs.readdirSync(t.mediaDir).length;
    expect(await seedDatabase(t.db, t.media)).toEqual({ seeded: false });
    expect((await t.db.select({ n: count() }).from(products))[0]!.n).toBe(20);
    expect((await t.db.select({ n: count() }).from(media))[0]!.n).toBe(40);
    expect(fs.readdirSync(t.mediaDir).length).toBe(files);
  }, 90_000);
});
