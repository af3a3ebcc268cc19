// The storefront catalogue (app/server/catalog/products.server.ts) against a real PostgreSQL holding the seed.
import fs from "node:fs";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { media, products, settings, shops, storeLocations } from "#database/schema";
import { SEED_PRODUCTS, type SeedProduct } from "#database/seed/products";
import { PAGE_SIZE, type PriceBand, type ProductSummary } from "~/lib/catalog/catalog";
import { parseProductFilters, type ProductFilters } from "~/lib/catalog/product-filters";
import {
  createProduct,
  featuredProducts,
  getProduct,
  listProducts,
  listShops,
  listStoreLocations,
  productStock,
  relatedProducts,
} from "~/server/catalog/products.server";
import type { Database } from "~/server/db/database.server";
import { suggestSearch } from "~/server/catalog/product-search.server";
import { seedDatabase } from "~/server/seed/seed.server";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { setVariantUnitsAt } from "../setup/variant-stock";
import { shownStockCap, variantIndex } from "~/lib/catalog/variants";

const filters = (partial: Partial<ProductFilters> = {}): ProductFilters => ({
  q: "",
  category: null,
  shop: null,
  price: "all",
  size: null,
  page: 1,
  ...partial,
});

/** Every product matching the filters, walking all pages. */
async function listAll(db: Database, partial: Partial<ProductFilters>) {
  const first = await listProducts(db, filters(partial));
  const all = [...first.products];
  for (let page = 2; page <= first.pageCount; page++) {
    all.push(...(await listProducts(db, filters({ ...partial, page }))).products);
  }
  return all;
}

const names = (list: { name: string }[]) => list.map((product) => product.name).sort();

/** Written here, apart from the app's normalizeSearchText, so the test does not check the code against itself. */
const fold = (text: string) => text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
const seedNames = (keep: (product: SeedProduct) => boolean) => SEED_PRODUCTS.filter(keep).map((p) => p.name).sort();

describe("catalogue on the seeded database", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t?.close());

  it("lists the 20 seeded products on one page, newest first", async () => {
    const result = await listProducts(t.db, filters());
    expect(SEED_PRODUCTS).toHaveLength(20);
    expect(result.total).toBe(20);
    expect(result.page).toBe(1);
    expect(result.pageCount).toBe(1);
    expect(result.products).toHaveLength(20);
    expect(names(result.products)).toEqual(seedNames(() => true));
    const ids = result.products.map((product) => product.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    // The seed inserts oldest first, so the list opens with the seed list's last product.
    expect(result.products[0]!.name).toBe(SEED_PRODUCTS.at(-1)!.name);
  });

  it("fills in the summaries: shop, prices, discount, stock and a cover image on disk", async () => {
    const { products: list } = await listProducts(t.db, filters());
    const sandal = list.find((product) => product.name === "Sandália Rasteira Trançada")!;
    expect(sandal).toMatchObject({
      category: "Feminino",
      shop: { slug: "calcados", name: "Erick Calçados" },
      priceCents: 5990,
      oldPriceCents: 7990,
      discountPercent: 25,
      inStock: true,
      featured: true,
    });
    expect(list.find((product) => product.name === "Sandália Infantil com Luzinha")!.inStock).toBe(false);
    expect(list.find((product) => product.name === "Bota Cano Curto Feminina")!).toMatchObject({
      priceCents: null,
      discountPercent: null,
    });
    for (const product of list) {
      expect(product.image, product.name).not.toBeNull();
      for (const width of product.image!.widths) {
        expect(fs.existsSync(path.join(t.mediaDir, `${product.image!.key}-${width}.webp`)), product.name).toBe(true);
      }
    }
  });

  describe("search ignores case and accents", () => {
    it.each([
      ["tenis", ["Tênis Casual Masculino em Couro", "Tênis de Corrida com Amortecimento"]],
      ["SANDALIA", ["Sandália Rasteira Trançada", "Sandália Infantil com Luzinha"]],
      ["Tênis", ["Tênis Casual Masculino em Couro", "Tênis de Corrida com Amortecimento"]],
      ["  relogio   DIGITAL ", ["Relógio Digital Unissex"]],
      ["termica", ["Garrafa Térmica Esportiva 1 L"]],
    ])("%j", async (q, mustFind) => {
      const found = names(await listAll(t.db, { q }));
      expect(found).toEqual(expect.arrayContaining(mustFind));
      // Every product whose name or description holds every word is found (more may be: other fields, word forms).
      const words = fold(q).split(/\s+/).filter(Boolean);
      expect(found).toEqual(expect.arrayContaining(seedNames((p) => words.every((w) => fold(`${p.name} ${p.description}`).includes(w)))));
    });

    it("needs every word to match", async () => {
      expect(names(await listAll(t.db, { q: "tenis couro" }))).toEqual(["Tênis Casual Masculino em Couro"]);
      expect(await listAll(t.db, { q: "tenis panela" })).toEqual([]);
    });

    it("searches the description too", async () => {
      // "antiderrapante" only appears in the casual sneaker's description.
      expect(names(await listAll(t.db, { q: "ANTIDERRAPANTE" }))).toEqual(["Tênis Casual Masculino em Couro"]);
    });

    it("treats LIKE wildcards as plain characters", async () => {
      for (const q of ["%", "_", "\\", "t_nis", "t%s"]) {
        const result = await listProducts(t.db, filters({ q }));
        expect(result.total, q).toBe(0);
        expect(result.products, q).toEqual([]);
      }
      // Punctuation around a word is not part of it.
      expect(names(await listAll(t.db, { q: "%tenis" }))).toEqual(names(await listAll(t.db, { q: "tenis" })));
    });

    it("finds nothing for an unknown word, with a normal empty page", async () => {
      expect(await listProducts(t.db, filters({ q: "xyzzy" }))).toEqual({
        products: [],
        total: 0,
        totalCapped: false,
        page: 1,
        pageCount: 1,
      });
    });
  });

  describe("search in the shop's words", () => {
    const shopOf = new Map(SEED_PRODUCTS.map((product) => [product.name, product.shop]));

    it("finds a shop's products by its name, with or without the cedilla, singular or plural, the shop's first", async () => {
      const shoeShop = seedNames((product) => product.shop === "calcados");
      const { products: ranked } = await listProducts(t.db, filters({ q: "calçado" }));
      // Erick Calçados' products, best first; after them only what the Portuguese stemmer joins to the
      // same stem ("calça" in a description).
      expect(ranked.slice(0, shoeShop.length).map((product) => product.name).sort()).toEqual(shoeShop);
      expect(ranked.length).toBeLessThanOrEqual(shoeShop.length + 1);
      for (const q of ["calcado", "CALÇADOS"]) {
        expect(names(await listAll(t.db, { q })), q).toEqual(names(ranked));
      }
    });

    it("matches Portuguese word forms: esporte → Esportivo, Esportiva; infantis → Infantil", async () => {
      const sports = names(await listAll(t.db, { q: "esporte" }));
      expect(sports).toEqual(expect.arrayContaining(["Tênis de Corrida com Amortecimento", "Chuteira Society", "Garrafa Térmica Esportiva 1 L"]));
      const children = names(await listAll(t.db, { q: "infantis" }));
      expect(children).toEqual(expect.arrayContaining(["Sapatênis Infantil com Velcro", "Sandália Infantil com Luzinha", "Conjunto Infantil de Moletom"]));
      expect(children).toEqual(names(await listAll(t.db, { q: "infantil" })));
      const { products: childrensShoes } = await listProducts(t.db, filters({ q: "calçado infantil" }));
      expect(names(childrensShoes.slice(0, 2))).toEqual(["Sandália Infantil com Luzinha", "Sapatênis Infantil com Velcro"]);
      expect(childrensShoes.slice(0, 2).every((product) => shopOf.get(product.name) === "calcados")).toBe(true);
    });

    it("finds categories, subcategories and brands", async () => {
      expect(names(await listAll(t.db, { q: "brinquedos" }))).toEqual(["Boneca de Pano Artesanal", "Carrinho de Controle Remoto"]);
      expect(names(await listAll(t.db, { q: "penalty" }))).toEqual(["Bola de Futebol de Campo", "Chuteira Society"]);
    });

    it("ranks the best match first: the word in the name before the word in the description", async () => {
      const { products: ranked } = await listProducts(t.db, filters({ q: "tenis" }));
      const firstWithout = ranked.findIndex((product) => !fold(product.name).includes("tenis"));
      const lastWith = ranked.map((product) => fold(product.name).includes("tenis")).lastIndexOf(true);
      expect(lastWith).toBeGreaterThanOrEqual(0);
      if (firstWithout >= 0) expect(firstWithout).toBeGreaterThan(lastWith);
    });

    it("suggests the catalogue's nearest word for a typo, only when it finds products", async () => {
      expect(await listProducts(t.db, filters({ q: "tênus" }))).toMatchObject({ total: 0 });
      expect(await suggestSearch(t.db, "tênus")).toEqual({ query: "tenis", display: "tênis" });
      expect(await suggestSearch(t.db, "sandalha")).toEqual({ query: "sandalia", display: "sandália" });
      expect(await suggestSearch(t.db, "sandalha infantil")).toEqual({ query: "sandalia infantil", display: "sandália infantil" });
      // Known words and nonsense get no suggestion.
      expect(await suggestSearch(t.db, "tenis")).toBeNull();
      expect(await suggestSearch(t.db, "xyzzy")).toBeNull();
    });
  });

  describe("filters", () => {
    it.each(["Feminino", "Masculino", "Infantil", "Esportivo", "Variedades", "Kids", "Sports", "Magazine"] as const)(
      "category %s",
      async (category) => {
        const found = await listAll(t.db, { category });
        expect(found.length).toBeGreaterThan(0);
        expect(found.every((product) => product.category === category)).toBe(true);
        expect(names(found)).toEqual(seedNames((p) => p.category === category));
      },
    );

    it.each(["calcados", "variedades", "kids", "sports"] as const)("shop %s", async (shop) => {
      const found = await listAll(t.db, { shop });
      expect(found.length).toBeGreaterThan(0);
      expect(found.every((product) => product.shop.slug === shop)).toBe(true);
      expect(names(found)).toEqual(seedNames((p) => p.shop === shop));
    });

    const bands: [Exclude<PriceBand, "all">, (cents: number | null) => boolean][] = [
      ["under100", (cents) => cents !== null && cents < 100_00],
      ["100to200", (cents) => cents !== null && cents >= 100_00 && cents < 200_00],
      ["over200", (cents) => cents !== null && cents >= 200_00],
      ["consult", (cents) => cents === null],
    ];
    it.each(bands)("price band %s", async (price, inBand) => {
      const found = await listAll(t.db, { price });
      expect(found.length).toBeGreaterThan(0);
      expect(found.every((product) => inBand(product.priceCents))).toBe(true);
      expect(names(found)).toEqual(seedNames((p) => inBand(p.priceCents)));
    });

    it("the price bands split the whole catalogue", async () => {
      const totals = await Promise.all(
        bands.map(async ([price]) => (await listProducts(t.db, filters({ price }))).total),
      );
      expect(totals.reduce((sum, total) => sum + total, 0)).toBe(20);
      expect((await listProducts(t.db, filters({ price: "consult" }))).total).toBe(3);
    });

    it("combines filters", async () => {
      const found = await listAll(t.db, { shop: "calcados", category: "Feminino", price: "under100" });
      expect(names(found)).toEqual(["Sandália Rasteira Trançada"]);
      const sports = await listAll(t.db, { shop: "sports", q: "TENIS", price: "over200" });
      expect(names(sports)).toEqual(["Tênis de Corrida com Amortecimento"]);
    });
  });

  describe("garbage in the URL gives a normal result", () => {
    it("clamps a huge page number to the last page", async () => {
      const parsed = parseProductFilters(new URLSearchParams("pagina=999999999999&categoria=Nada&loja=x&preco=-5"));
      const result = await listProducts(t.db, parsed);
      expect(result.page).toBe(1);
      expect(result.pageCount).toBe(1);
      expect(result.total).toBe(20);
      expect(result.products).toHaveLength(20);
    });

    it("clamps a page number past the end of a filtered list", async () => {
      const result = await listProducts(t.db, filters({ shop: "kids", page: 10_000 }));
      expect(result).toMatchObject({ page: 1, pageCount: 1 });
      expect(result.products.length).toBe(result.total);
      expect(result.total).toBeGreaterThan(0);
    });

    it("survives a long, odd search text", async () => {
      const parsed = parseProductFilters(new URLSearchParams({ q: `'; drop table products; -- ${"ç".repeat(300)}`, pagina: "-3" }));
      const result = await listProducts(t.db, parsed);
      expect(result).toEqual({ products: [], total: 0, totalCapped: false, page: 1, pageCount: 1 });
      expect((await listProducts(t.db, filters())).total).toBe(20);
    });
  });

  describe("getProduct", () => {
    it("returns the product with its images, location and details", async () => {
      const [listed] = (await listProducts(t.db, filters({ q: "chuteira society" }))).products;
      const product = await getProduct(t.db, listed!.id);
      expect(product).toMatchObject({
        id: listed!.id,
        name: "Chuteira Society",
        brand: "Penalty",
        subcategory: "Futebol",
        storeLocationName: expect.any(String),
        shop: { slug: "sports" },
      });
      // Units per size × colour, in grid order, and the demo leaves some sizes sold out.
      expect(product!.variantStock).toHaveLength(product!.sizes.length * Math.max(product!.colors.length, 1));
      expect(product!.variantStock).toContain(0);
      expect(product!.inStock).toBe(true);
      expect(product!.maxUnitsPerLine).toBe(10);
      // The demo gallery: front and angle, the front first (the cover).
      expect(product!.images).toHaveLength(2);
      expect(product!.images[0]).toEqual(product!.image);
    });

    it("shows a shelf up to the cap the storefront-change triggers compare, lists and 'Retire hoje' too; /api/estoque the exact units", async () => {
      const [listed] = (await listProducts(t.db, filters({ q: "chuteira society" }))).products;
      const [variant] = (await t.pool.query<{ id: number; store: number; size: string; color: string }>(
        "select id, erick_product_home_store(product_id) as store, size, color from product_variants where product_id = $1 order by id limit 1",
        [listed!.id],
      )).rows;
      const index = variantIndex(listed!, variant!.size || null, variant!.color || null);
      const before = (await t.pool.query("select units from variant_stock where variant_id = $1 and store_location_id = $2", [variant!.id, variant!.store])).rows[0];
      await setVariantUnitsAt(t.pool, variant!.id, variant!.store, 57);
      try {
        for (const maxUnitsPerLine of [10, 2, 30]) {
          await t.pool.query(`update settings set data = jsonb_set(data, '{maxUnitsPerLine}', $1::jsonb) where id = 1`, [String(maxUnitsPerLine)]);
          const cap = shownStockCap(maxUnitsPerLine);
          expect((await t.pool.query("select erick_shown_stock_cap() as cap")).rows[0].cap).toBe(cap);
          const product = await getProduct(t.db, listed!.id);
          expect(product!.maxUnitsPerLine).toBe(maxUnitsPerLine);
          expect(product!.variantStock[index]).toBe(cap);
          expect(product!.pickupTowns.some((town) => town.units[index] === cap)).toBe(true);
          const [inList] = (await listProducts(t.db, filters({ q: "chuteira society" }))).products;
          expect(inList!.variantStock[index]).toBe(cap);
          const [exact] = await productStock(t.db, [listed!.id]);
          expect(exact!.variantStock[index]).toBe(57);
        }
      } finally {
        await t.pool.query(`update settings set data = data - 'maxUnitsPerLine' where id = 1`);
        await setVariantUnitsAt(t.pool, variant!.id, variant!.store, before?.units ?? 0);
      }
    });

    it.each([999_999, 0, -1, 1.5, Number.NaN, 2 ** 31, Number.MAX_SAFE_INTEGER + 2])(
      "returns null for id %s",
      async (id) => {
        expect(await getProduct(t.db, id)).toBeNull();
      },
    );
  });

  it("relatedProducts: same category, without the product itself", async () => {
    const [scarpin] = (await listProducts(t.db, filters({ q: "scarpin" }))).products;
    const related = await relatedProducts(t.db, scarpin!);
    expect(related.map((product) => product.id)).not.toContain(scarpin!.id);
    expect(related.every((product) => product.category === "Feminino")).toBe(true);
    expect(names(related)).toEqual(seedNames((p) => p.category === "Feminino" && p.name !== scarpin!.name));
  });

  it("featuredProducts: at most 4, all featured, newest first", async () => {
    const featured = await featuredProducts(t.db);
    expect(featured).toHaveLength(4);
    expect(featured.every((product) => product.featured)).toBe(true);
    const expected = SEED_PRODUCTS.filter((p) => p.featured).map((p) => p.name).reverse().slice(0, 4);
    expect(featured.map((product) => product.name)).toEqual(expected);
  });

  it("lists the 4 shops and the 6 store locations in order", async () => {
    expect((await listShops(t.db)).map((shop) => shop.slug)).toEqual(["calcados", "variedades", "kids", "sports"]);
    const locations = await listStoreLocations(t.db);
    expect(locations).toHaveLength(6);
    expect(locations.map((location) => location.shopSlug)).toEqual([
      "calcados",
      "variedades",
      "calcados",
      "variedades",
      "kids",
      "sports",
    ]);
  });

  it("seeding an already seeded database adds nothing", async () => {
    const snapshot = async () => ({
      products: (await t.db.select({ n: count() }).from(products))[0]!.n,
      shops: (await t.db.select({ n: count() }).from(shops))[0]!.n,
      locations: (await t.db.select({ n: count() }).from(storeLocations))[0]!.n,
      media: (await t.db.select({ n: count() }).from(media))[0]!.n,
      settings: (await t.db.select({ n: count() }).from(settings))[0]!.n,
      files: fs.readdirSync(t.mediaDir).length,
    });
    const before = await snapshot();
    expect(before).toMatchObject({ products: 20, shops: 4, locations: 6, media: 40, settings: 1 });
    expect(await seedDatabase(t.db, t.media)).toEqual({ seeded: false });
    expect(await snapshot()).toEqual(before);
  });
});

describe("catalogue with more products than a page", () => {
  let t: TestDatabase;
  const extra: { name: string; priceCents: number | null }[] = [
    { name: "Caneca Limite 99,99", priceCents: 99_99 },
    { name: "Caneca Limite 100,00", priceCents: 100_00 },
    { name: "Caneca Limite 199,99", priceCents: 199_99 },
    { name: "Caneca Limite 200,00", priceCents: 200_00 },
    { name: "Caneca Grátis", priceCents: 0 },
    ...Array.from({ length: 25 }, (_, index) => ({ name: `Caneca Estampada ${index + 1}`, priceCents: 25_00 + index })),
  ];
  let inactiveId: number;

  beforeAll(async () => {
    t = await createTestDatabase();
    const [variedades] = await t.db.select().from(shops).where(eq(shops.slug, "variedades"));
    for (const product of extra) {
      await createProduct(t.db, {
        ...product,
        description: "Caneca de cerâmica para café.",
        category: "Variedades",
        shopId: variedades!.id,
        stock: 3,
      });
    }
    inactiveId = await createProduct(t.db, {
      name: "Caneca Fora de Linha",
      description: "Não vende mais.",
      category: "Variedades",
      shopId: variedades!.id,
      priceCents: 10_00,
      active: false,
    });
  });
  afterAll(() => t?.close());

  it("pages through all 50 active products without gaps or repeats", async () => {
    const first = await listProducts(t.db, filters());
    expect(first).toMatchObject({ total: 50, page: 1, pageCount: Math.ceil(50 / PAGE_SIZE) });
    const pages: ProductSummary[][] = [];
    for (let page = 1; page <= first.pageCount; page++) {
      const result = await listProducts(t.db, filters({ page }));
      expect(result.page).toBe(page);
      expect(result.products.length).toBe(page < first.pageCount ? PAGE_SIZE : 50 - PAGE_SIZE * (first.pageCount - 1));
      pages.push(result.products);
    }
    const ids = pages.flat().map((product) => product.id);
    expect(new Set(ids).size).toBe(50);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(ids).not.toContain(inactiveId);

    const past = await listProducts(t.db, filters({ page: 10_000 }));
    expect(past.page).toBe(first.pageCount);
    expect(past.products.map((product) => product.id)).toEqual(pages.at(-1)!.map((product) => product.id));
  });

  it("stops counting at the limit: says so, and pages only as far as it counted", async () => {
    const exact = await listProducts(t.db, filters(), { countLimit: 50 });
    expect(exact).toMatchObject({ total: 50, totalCapped: false, pageCount: Math.ceil(50 / PAGE_SIZE) });

    const capped = await listProducts(t.db, filters(), { countLimit: PAGE_SIZE + 1 });
    expect(capped).toMatchObject({ total: PAGE_SIZE + 1, totalCapped: true, page: 1, pageCount: 2 });
    expect(capped.products).toHaveLength(PAGE_SIZE);
    const last = await listProducts(t.db, filters({ page: 10_000 }), { countLimit: PAGE_SIZE + 1 });
    expect(last).toMatchObject({ page: 2, pageCount: 2, totalCapped: true });
    expect(last.products[0]!.id).toBeLessThan(capped.products.at(-1)!.id);

    const searched = await listProducts(t.db, filters({ q: "caneca" }), { countLimit: 3 });
    expect(searched).toMatchObject({ total: 3, totalCapped: true });
  });

  it("puts the band limits in the right band (the spec's bands in reais)", async () => {
    const bandOf = async (price: PriceBand) => names(await listAll(t.db, { price, q: "caneca limite" }));
    expect(await bandOf("under100")).toEqual(["Caneca Limite 99,99"]);
    expect(await bandOf("100to200")).toEqual(["Caneca Limite 100,00", "Caneca Limite 199,99"]);
    expect(await bandOf("over200")).toEqual(["Caneca Limite 200,00"]);
    expect(await bandOf("consult")).toEqual([]);
    // Free is a price, not "consult".
    expect(names(await listAll(t.db, { price: "under100", q: "gratis" }))).toEqual(["Caneca Grátis"]);
  });

  it("hides inactive products from the list, search, related and the product page", async () => {
    expect(await listAll(t.db, { q: "fora de linha" })).toEqual([]);
    expect(await getProduct(t.db, inactiveId)).toBeNull();
    const related = await relatedProducts(t.db, { id: -1, category: "Variedades" }, 100);
    expect(related.map((product) => product.id)).not.toContain(inactiveId);
  });

  it("relatedProducts returns at most 4 of the same category, never the product itself", async () => {
    const [mug] = (await listProducts(t.db, filters({ q: "caneca estampada 25" }))).products;
    const related = await relatedProducts(t.db, mug!);
    expect(related).toHaveLength(4);
    expect(related.every((product) => product.category === "Variedades" && product.id !== mug!.id)).toBe(true);
    expect(await relatedProducts(t.db, mug!, 2)).toHaveLength(2);
  });

  it("a product without images has no cover and an empty gallery", async () => {
    const [mug] = (await listProducts(t.db, filters({ q: "caneca limite 100,00" }))).products;
    expect(mug!.image).toBeNull();
    const detail = await getProduct(t.db, mug!.id);
    expect(detail).toMatchObject({ image: null, images: [], storeLocationName: null, priceCents: 100_00 });
  });
});
