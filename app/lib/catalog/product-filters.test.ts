import { describe, expect, it } from "vitest";
import { filtersToSearch, hasActiveFilters, parseProductFilters, sizeGroups, sortSizes } from "./product-filters";

const parse = (query: string, preset: Parameters<typeof parseProductFilters>[1] = null) =>
  parseProductFilters(new URLSearchParams(query), preset);

describe("parseProductFilters", () => {
  it("reads every filter", () => {
    expect(parse("q=tênis&categoria=Feminino&loja=sports&preco=100to200&tamanho=38&pagina=3")).toEqual({
      q: "tênis",
      category: "Feminino",
      shop: "sports",
      price: "100to200",
      size: "38",
      page: 3,
    });
  });

  it("ignores garbage instead of failing", () => {
    expect(parse("categoria=Nada&loja=x&preco=-5&pagina=abc")).toEqual({
      q: "",
      category: null,
      shop: null,
      price: "all",
      size: null,
      page: 1,
    });
    expect(parse("tamanho=%20%20").size).toBeNull();
    expect(parse(`tamanho=${"4".repeat(21)}`).size).toBeNull();
    expect(parse("tamanho=%2010%20anos%20").size).toBe("10 anos");
    expect(parse("tamanho=%00%00%0F%C2%8F%00%00").size).toBeNull();
    expect(parse("tamanho=3%008").size).toBe("38");
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
    expect(filtersToSearch(parse("tamanho=GG&pagina=2"))).toBe("?tamanho=GG&pagina=2");
  });

  it("counts a size as an active filter", () => {
    expect(hasActiveFilters(parse(""), null)).toBe(false);
    expect(hasActiveFilters(parse("tamanho=38"), null)).toBe(true);
  });
});

describe("sortSizes", () => {
  it("puts numbers in numeric order, then PP to XG, then the rest", () => {
    expect(sortSizes(["GG", "10 anos", "40", "P", "Único", "2", "M", "38", "PP", "10", "4", "XG", "G", "36/37"])).toEqual([
      "2",
      "4",
      "10",
      "38",
      "40",
      "PP",
      "P",
      "M",
      "G",
      "GG",
      "XG",
      "10 anos",
      "36/37",
      "Único",
    ]);
    expect(sortSizes(["35,5", "35", "36"])).toEqual(["35", "35,5", "36"]);
  });
});

describe("sizeGroups", () => {
  it("keeps shoe sizes apart from clothing sizes, each in reading order", () => {
    expect(sizeGroups(["41", "2", "GG", "24", "10", "P", "35,5", "Único", "44"])).toEqual([
      { label: "Calçados", sizes: ["24", "35,5", "41", "44"] },
      { label: "Roupas", sizes: ["2", "10", "P", "GG", "Único"] },
    ]);
    expect(sizeGroups(["38", "39"])).toEqual([{ label: "Calçados", sizes: ["38", "39"] }]);
    expect(sizeGroups([])).toEqual([]);
  });
});
