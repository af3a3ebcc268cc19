import { describe, expect, it } from "vitest";
import { isFootwear, SHOE_SIZES, sizeGuideFor } from "./size-guide-data";

const base = { name: "Produto", subcategory: "", shop: { slug: "variedades" }, sizes: [] as string[] };

describe("isFootwear", () => {
  it("counts everything in the shoe shop", () => {
    expect(isFootwear({ ...base, name: "Bolsa", shop: { slug: "calcados" } })).toBe(true);
  });

  it("recognises footwear in other shops by name or subcategory, ignoring accents and case", () => {
    expect(isFootwear({ ...base, name: "Tênis de Corrida com Amortecimento", shop: { slug: "sports" } })).toBe(true);
    expect(isFootwear({ ...base, name: "Chuteira Society", shop: { slug: "sports" } })).toBe(true);
    expect(isFootwear({ ...base, name: "Par infantil", subcategory: "Sandálias", shop: { slug: "kids" } })).toBe(true);
    expect(isFootwear({ ...base, name: "BOTAS DE CHUVA" })).toBe(true);
  });

  it("does not mistake clothing or other goods for footwear", () => {
    expect(isFootwear({ ...base, name: "Conjunto Infantil de Moletom", subcategory: "Roupas", shop: { slug: "kids" } })).toBe(false);
    expect(isFootwear({ ...base, name: "Bola de Futebol de Campo", subcategory: "Bolas", shop: { slug: "sports" } })).toBe(false);
    expect(isFootwear({ ...base, name: "Camiseta Botafogo" })).toBe(false);
  });
});

describe("sizeGuideFor", () => {
  it("shows the shoe table rows of the product's sizes", () => {
    const guide = sizeGuideFor({ ...base, shop: { slug: "calcados" }, sizes: ["37", "38"] });
    expect(guide.kind).toBe("shoes");
    expect(guide.rows.map((row) => row.size)).toEqual(["37", "38"]);
  });

  it("falls back to the whole table when a size is not in it", () => {
    const guide = sizeGuideFor({ ...base, shop: { slug: "calcados" }, sizes: ["37/38"] });
    expect(guide.rows).toHaveLength(SHOE_SIZES.length);
  });

  it("uses the children's table for numbered clothing and the adult one for letters", () => {
    expect(sizeGuideFor({ ...base, name: "Conjunto de Moletom", sizes: ["2", "4"] }).kind).toBe("kids-clothing");
    const adult = sizeGuideFor({ ...base, name: "Camiseta", sizes: ["P", "M", "G"] });
    expect(adult.kind).toBe("adult-clothing");
    expect(adult.rows.map((row) => row.size)).toEqual(["P", "M", "G"]);
  });
});
