// The storefront's side of stock per size × colour on a real PostgreSQL holding the seed: the list's
// "Tamanho" filter (only sizes on the shelf, products with that size on the shelf) and /api/estoque,
// the cart's re-check.
import { and, eq, gt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, productVariants } from "#database/schema";
import type { ProductStock } from "~/lib/cart/cart-stock";
import { parseProductFilters } from "~/lib/catalog/product-filters";
import { loader as stockLoader } from "~/routes/api/cart-stock";
import routes from "~/routes";
import { inStockSizes, inStockSizesQuery, listProducts } from "~/server/catalog/products.server";
import type { LoadContext } from "~/server/load-context.server";
import { browserRequest, run } from "../setup/signed-in";
import { setVariantStockByIds } from "../setup/variant-stock";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t?.close());

/** Read straight from the tables, apart from the code under test: active products with `size` on the shelf. */
async function namesWithSize(size: string): Promise<string[]> {
  const rows = await t.db
    .selectDistinct({ name: products.name })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(products.active, true), eq(productVariants.size, size), gt(productVariants.stock, 0)));
  return rows.map((row) => row.name).sort();
}

async function sizesOnShelf(): Promise<string[]> {
  const rows = await t.db
    .selectDistinct({ size: productVariants.size })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(products.active, true), gt(productVariants.stock, 0)));
  return rows.map((row) => row.size).filter(Boolean);
}

const list = async (query: string) => {
  const page = await listProducts(t.db, parseProductFilters(new URLSearchParams(query)));
  return page.products.map((product) => product.name).sort();
};

describe("the list's Tamanho filter", () => {
  it("offers exactly the sizes some active product has on the shelf, numbers first in order, then letters", async () => {
    const sizes = await inStockSizes(t.db);
    expect([...sizes].sort()).toEqual((await sizesOnShelf()).sort());
    // The seed has children's sizes (2–10), shoe sizes (24–44): numerically, never "10" before "2".
    expect(sizes.indexOf("2")).toBeLessThan(sizes.indexOf("10"));
    const numbers = sizes.map(Number);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  });

  it("drops a size once its last unit is gone or its product leaves the shop", async () => {
    // The size on the fewest products' shelves, read from the seed rather than assumed.
    const { rows } = await t.db.execute<{ size: string }>(sql`
      select size from product_variants where stock > 0 and size <> ''
      group by size order by count(distinct product_id), size limit 1`);
    const size = rows[0]!.size;
    const onShelf = await t.db
      .select({ id: productVariants.id, productId: productVariants.productId, stock: productVariants.stock })
      .from(productVariants)
      .where(and(eq(productVariants.size, size), gt(productVariants.stock, 0)));
    expect(await inStockSizes(t.db)).toContain(size);

    await setVariantStockByIds(t.pool, (await t.db.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.size, size))).map((row) => row.id), 0);
    expect(await inStockSizes(t.db)).not.toContain(size);
    expect(await list(`tamanho=${size}`)).toEqual([]);

    // One unit back on one product's shelf: the size and that product are back.
    const [back] = onShelf;
    await setVariantStockByIds(t.pool, [back!.id], back!.stock);
    const [product] = await t.db.select({ name: products.name }).from(products).where(eq(products.id, back!.productId));
    expect(await inStockSizes(t.db)).toContain(size);
    expect(await list(`tamanho=${encodeURIComponent(size)}`)).toEqual([product!.name]);

    await t.db.update(products).set({ active: false }).where(eq(products.id, back!.productId));
    expect(await inStockSizes(t.db)).not.toContain(size);
    await t.db.update(products).set({ active: true }).where(eq(products.id, back!.productId));
    for (const variant of onShelf) {
      await setVariantStockByIds(t.pool, [variant.id], variant.stock);
    }
    expect(await inStockSizes(t.db)).toContain(size);
  });

  it("lists the products with that size on the shelf in any colour, with the other filters", async () => {
    for (const size of await inStockSizes(t.db)) {
      expect(await list(`tamanho=${encodeURIComponent(size)}`), size).toEqual(await namesWithSize(size));
    }
    // A product that offers a size sold out in every colour is not listed for it (the seed sells some out).
    const { rows } = await t.db.execute<{ name: string; size: string }>(sql`
      select p.name, v.size from products p join product_variants v on v.product_id = p.id
      where p.active and v.size <> '' group by p.name, v.size having max(v.stock) = 0 limit 1`);
    expect(rows.length).toBe(1);
    expect(await list(`tamanho=${encodeURIComponent(rows[0]!.size)}`)).not.toContain(rows[0]!.name);

    const size = (await inStockSizes(t.db))[0]!;
    const feminine = await list("categoria=Feminino");
    expect(await list(`tamanho=${size}&categoria=Feminino`)).toEqual(
      (await namesWithSize(size)).filter((name) => feminine.includes(name)),
    );
    expect(await list("tamanho=nenhum")).toEqual([]);
  });

  it("walks the size index instead of reading every variant", async () => {
    // With sequential scans priced out, the plan shows the loose index scan can use the partial index.
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      // ANALYZE: a plain EXPLAIN leaves out the sub-plan each step runs.
      const { rows } = await tx.execute<{ "QUERY PLAN": string }>(sql`explain (analyze, costs off) ${inStockSizesQuery()}`);
      return rows.map((row) => row["QUERY PLAN"]).join("\n");
    });
    expect(plan).toContain("Index Only Scan using product_variants_size_idx");
  });
});

describe("/api/estoque", () => {
  const context = () => ({ db: t.db }) as unknown as LoadContext;
  const ask = (query: string) => run<{ products?: ProductStock[]; error?: string }>(stockLoader, browserRequest(`/api/estoque${query}`), context());

  it("is registered in app/routes.ts", () => {
    expect(routes.find((route) => route.path === "api/estoque")?.file).toBe("routes/api/cart-stock.ts");
  });

  it("answers each product's sizes, colours and units per variant, in grid order", async () => {
    const [sandal] = await t.db.select().from(products).where(eq(products.name, "Sandália Rasteira Trançada"));
    const [bag] = await t.db.select().from(products).where(eq(products.name, "Bolsa Transversal Feminina"));
    const answer = await ask(`?ids=${bag!.id},${sandal!.id},${sandal!.id}`);
    expect(answer.status).toBe(200);
    const byId = new Map(answer.data.products!.map((product) => [product.id, product]));
    expect(byId.size).toBe(2);
    const variants = await t.db.select().from(productVariants).where(eq(productVariants.productId, sandal!.id));
    const sandalStock = byId.get(sandal!.id)!;
    expect(sandalStock).toMatchObject({ sizes: sandal!.sizes, colors: sandal!.colors, active: true });
    for (const variant of variants) {
      const index = sandal!.sizes.indexOf(variant.size) * sandal!.colors.length + sandal!.colors.indexOf(variant.color);
      expect(sandalStock.variantStock[index], `${variant.size}/${variant.color}`).toBe(variant.stock);
    }
    expect(byId.get(bag!.id)!.variantStock.reduce((sum, units) => sum + units, 0)).toBe(bag!.stock);
  });

  it("says a product is no longer on sale and leaves out one that does not exist", async () => {
    const [hidden] = await t.db.insert(products).values({
      name: "Produto oculto",
      description: "",
      category: "Variedades",
      shopId: (await t.db.select({ shopId: products.shopId }).from(products).limit(1))[0]!.shopId,
      sizes: [],
      colors: [],
      active: false,
    }).returning({ id: products.id });
    const answer = await ask(`?ids=${hidden!.id},2147483647`);
    expect(answer.status).toBe(200);
    expect(answer.data.products).toEqual([{ id: hidden!.id, sizes: [], colors: [], active: false, variantStock: [] }]);
  });

  it("refuses malformed lists with a 400 in Portuguese, and is never cached", async () => {
    for (const query of ["", "?ids=", "?ids=abc", "?ids=1,-2", "?ids=0", "?ids=99999999999", `?ids=${Array.from({ length: 51 }, (_, i) => i + 1).join(",")}`]) {
      const answer = await ask(query);
      expect(answer.status, query).toBe(400);
      expect(answer.data.error).toMatch(/^Lista de produtos inválida/);
    }
    const response = (await stockLoader({ request: browserRequest("/api/estoque?ids=1"), context: context(), params: {} } as Parameters<typeof stockLoader>[0])) as Response;
    expect(response.headers.get("cache-control")).toBe("no-store");
  });
});
