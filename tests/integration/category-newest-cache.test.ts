// The product pages' related products kept per category between requests (CategoryNewestCache),
// following the page cache's change notifications on a real PostgreSQL: the same lists as without the
// cache, one read per category while nothing changes, a read again after a stock or price change.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CategoryNewestCache } from "~/server/catalog/category-newest-cache.server";
import { relatedProducts } from "~/server/catalog/products.server";
import type { ProductSummary } from "~/lib/catalog/catalog";
import { startPageCache } from "../../server/page-cache-start";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { storefrontCachedPages } from "../setup/cached-pages";

async function until(condition: () => boolean | Promise<boolean>) {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("condition not met");
}

/** Counts its reads of the database. */
class CountingCache extends CategoryNewestCache {
  loads = 0;

  override read(category: string, count: number, load: () => Promise<ProductSummary[]>) {
    return super.read(category, count, () => {
      this.loads += 1;
      return load();
    });
  }
}

describe("category newest cache (related products)", () => {
  let t: TestDatabase;
  let cache: CountingCache;
  let pageCache: ReturnType<typeof startPageCache>;
  let products: { id: number; category: string }[];

  beforeAll(async () => {
    t = await createTestDatabase();
    cache = new CountingCache();
    pageCache = startPageCache(t.db, { pages: await storefrontCachedPages(), listener: { initialRetryMs: 50, maxRetryMs: 200 }, alsoFollowing: [cache] });
    await until(() => pageCache.cache.isEnabled);
    products = (await t.pool.query<{ id: number; category: string }>("select id, category from products where active order by id")).rows;
  });

  afterAll(async () => {
    await pageCache?.close();
    await t?.close();
  });

  it("gives every product the same related products as without the cache, reading each category once", async () => {
    const categories = new Set(products.map((product) => product.category));
    for (const limit of [4, 2]) {
      const before = cache.loads;
      for (const product of products) {
        const cached = await relatedProducts(t.db, product, limit, cache);
        expect(cached, `${product.id}, ${limit}`).toEqual(await relatedProducts(t.db, product, limit));
        expect(cached.map((related) => related.id)).not.toContain(product.id);
      }
      expect(cache.loads - before).toBe(categories.size);
    }
  });

  it("reads again after a change to a product's stock or price", async () => {
    const [product] = products;
    const stockOf = async () => (await relatedProducts(t.db, { id: -1, category: product!.category }, 100, cache)).find((related) => related.id === product!.id);
    const before = cache.loads;
    const price = (await stockOf())!.priceCents;
    await stockOf();
    expect(cache.loads - before).toBe(1);
    await t.pool.query("update products set price_cents = coalesce(price_cents, 1000) + 100 where id = $1", [product!.id]);
    await until(async () => (await stockOf())!.priceCents !== price);
    expect(cache.loads - before).toBeGreaterThan(1);
  });

  it("keeps neither a failed read nor one that started before a change", async () => {
    const alone = new CategoryNewestCache();
    alone.setEnabled(true);
    let loads = 0;
    const failing = () => {
      loads += 1;
      return Promise.reject(new Error("database down"));
    };
    await expect(alone.read("Feminino", 5, failing)).rejects.toThrow("database down");
    await expect(alone.read("Feminino", 5, failing)).rejects.toThrow("database down");
    expect(loads).toBe(2);
    let finish!: (value: ProductSummary[]) => void;
    const slow = alone.read("Feminino", 5, () => new Promise<ProductSummary[]>((resolve) => (finish = resolve)));
    alone.clear();
    const afterChange = alone.read("Feminino", 5, () => Promise.resolve([]));
    finish([]);
    await Promise.all([slow, afterChange]);
    expect(alone.read("Feminino", 5, () => Promise.reject(new Error("not kept")))).toBe(afterChange);
  });

  it("reads every time while the change notifications are not heard", async () => {
    await pageCache.close();
    const before = cache.loads;
    await relatedProducts(t.db, products[0]!, 4, cache);
    await relatedProducts(t.db, products[0]!, 4, cache);
    expect(cache.loads - before).toBe(2);
  });
});
