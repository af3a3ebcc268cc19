import { describe, expect, it } from "vitest";
import { filtersToSearch, parseProductFilters } from "./product-filters";

const parse = (query: string, preset: Parameters<typeof parseProductFilters>[1] = null) =>
  parseProductFilters(new URLSearchParams(query), preset);

describe("parseProductFilters", () => {
  it("reads every filter", () => {
    expect(parse("q=tênis&categoria=Feminino&loja=sports&preco=100to200&pagina=3")).toEqual({
      q: "tênis",
      category: "Feminino",
      shop: "sports",
      price: "100to200",
      page: 3,
    });
  });

  it("ignores garbage instead of failing", () => {
    expect(parse("categoria=Nada&loja=x&preco=-5&pagina=abc")).toEqual({
      q: "",
      category: null,
      shop: null,
      price: "all",
      page: 1,
    });
    expect(parse("pagina=99999999999").page).toBe(10_000);
    expect(parse("pagina=-4").page).toBe(1);
    expect(parse(`q=${"a".repeat(500)}`).q).toHaveLength(100);
  });

  it("keeps the shop a route preselects", () => {
    expect(parse("loja=sports", "calcados").shop).toBe("calcados");
  });
});

describe("filtersToSearch", () => {
  it("round-trips and leaves out defaults", () => {
    const filters = parse("q=bolsa&preco=consult&pagina=2");
    expect(filtersToSearch(filters)).toBe("?q=bolsa&preco=consult&pagina=2");
    expect(filtersToSearch({ price: "all", page: 1 })).toBe("");
    expect(filtersToSearch({ shop: "kids" }, { includeShop: false })).toBe("");
  });
});
