import { describe, expect, it } from "vitest";
import { SEED_SHOPS, SEED_STORE_LOCATIONS } from "#database/seed/shops";
import { CATEGORIES } from "~/lib/catalog/categories";
import { generateBenchProducts } from "./bench-catalog-products";

const products = [...generateBenchProducts(5_000, 42)];

describe("generateBenchProducts", () => {
  it("gives the same products for the same seed, and others for another seed", () => {
    expect([...generateBenchProducts(200, 42)]).toEqual(products.slice(0, 200));
    expect([...generateBenchProducts(200, 43)]).not.toEqual(products.slice(0, 200));
  });

  it("uses only the catalogue's categories, shops and store locations, and all of them", () => {
    const shopSlugs = SEED_SHOPS.map((shop) => shop.slug as string);
    for (const product of products) {
      expect(CATEGORIES).toContain(product.category);
      expect(shopSlugs).toContain(product.shop);
      const location = SEED_STORE_LOCATIONS.find((candidate) => candidate.slug === product.location);
      expect(location?.shop).toBe(product.shop);
    }
    expect(new Set(products.map((product) => product.category)).size).toBe(CATEGORIES.length);
    expect(new Set(products.map((product) => product.shop)).size).toBe(SEED_SHOPS.length);
  });

  it("prices in centavos, about 10% to consult and 15% discounted, the old price above the new", () => {
    for (const product of products) {
      if (product.priceCents === null) {
        expect(product.oldPriceCents).toBeNull();
        continue;
      }
      expect(Number.isInteger(product.priceCents)).toBe(true);
      expect(product.priceCents).toBeGreaterThanOrEqual(10_00);
      expect(product.priceCents).toBeLessThan(500_00);
      if (product.oldPriceCents !== null) expect(product.oldPriceCents).toBeGreaterThan(product.priceCents);
    }
    const share = (test: (product: (typeof products)[number]) => boolean) => products.filter(test).length / products.length;
    expect(share((product) => product.priceCents === null)).toBeGreaterThan(0.07);
    expect(share((product) => product.priceCents === null)).toBeLessThan(0.13);
    expect(share((product) => product.oldPriceCents !== null)).toBeGreaterThan(0.1);
    expect(share((product) => product.oldPriceCents !== null)).toBeLessThan(0.16);
  });

  it("has sizes for shoes and clothes, stock with some zeros, a few featured, and varied names", () => {
    const shoes = products.filter((product) => product.shop === "calcados");
    expect(shoes.every((product) => product.sizes.length >= 3)).toBe(true);
    expect(products.some((product) => product.subcategory === "Roupas" && product.sizes.includes("M"))).toBe(true);
    expect(products.filter((product) => product.subcategory === "Bolas").every((product) => product.sizes.length === 0)).toBe(true);
    expect(products.every((product) => product.stock >= 0 && product.colors.length >= 1)).toBe(true);
    expect(products.some((product) => product.stock === 0)).toBe(true);
    const featured = products.filter((product) => product.featured).length;
    expect(featured).toBeGreaterThan(0);
    expect(featured).toBeLessThan(products.length * 0.02);
    expect(new Set(products.map((product) => product.name)).size).toBeGreaterThan(products.length / 2);
  });
});
