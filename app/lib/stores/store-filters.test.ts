import { describe, expect, it } from "vitest";
import {
  distinctSorted,
  filterStoreLocations,
  NO_STORE_FILTERS,
  parseStoreFilters,
  resolveStoreFilters,
  storeFilterOptions,
  storeFiltersToSearch,
} from "./store-filters";

const LOCATIONS = [
  { name: "Calçados Barreiros", city: "Barreiros", category: "Calçados" },
  { name: "Variedades Barreiros", city: "Barreiros", category: "Variedades" },
  { name: "Calçados Sirinhaém", city: "Sirinhaém", category: "Calçados" },
  { name: "Variedades Sirinhaém", city: "Sirinhaém", category: "Variedades" },
  { name: "Magazine e Kids", city: "Barreiros", category: "Magazine e Kids" },
  { name: "Sports", city: "Barreiros", category: "Sports" },
];

describe("store filters", () => {
  it("reads ?cidade= and ?categoria=, trimmed, empty meaning 'Todas'", () => {
    expect(parseStoreFilters(new URLSearchParams("cidade=+Sirinha%C3%A9m+&categoria=Cal%C3%A7ados"))).toEqual({
      city: "Sirinhaém",
      category: "Calçados",
    });
    expect(parseStoreFilters(new URLSearchParams(""))).toEqual(NO_STORE_FILTERS);
    expect(parseStoreFilters(new URLSearchParams("cidade=&categoria="))).toEqual(NO_STORE_FILTERS);
    expect(parseStoreFilters(new URLSearchParams(`cidade=${"x".repeat(500)}`)).city).toHaveLength(100);
  });

  it("writes only the filters that are set", () => {
    expect(storeFiltersToSearch(NO_STORE_FILTERS)).toBe("");
    expect(storeFiltersToSearch({ city: "Sirinhaém", category: "" })).toBe("?cidade=Sirinha%C3%A9m");
    const search = storeFiltersToSearch({ city: "Barreiros", category: "Magazine e Kids" });
    expect(parseStoreFilters(new URLSearchParams(search))).toEqual({ city: "Barreiros", category: "Magazine e Kids" });
  });

  it("offers each city and category once, in alphabetical order", () => {
    expect(storeFilterOptions(LOCATIONS)).toEqual({
      cities: ["Barreiros", "Sirinhaém"],
      categories: ["Calçados", "Magazine e Kids", "Sports", "Variedades"],
    });
    expect(distinctSorted(["Ébano", "eixo", "Abacate", "eixo"])).toEqual(["Abacate", "Ébano", "eixo"]);
  });

  it("matches URL values to the options ignoring case and accents, and drops unknown ones", () => {
    expect(resolveStoreFilters({ city: "sirinhaem", category: "CALCADOS" }, LOCATIONS)).toEqual({
      city: "Sirinhaém",
      category: "Calçados",
    });
    expect(resolveStoreFilters({ city: "Recife", category: "" }, LOCATIONS)).toEqual(NO_STORE_FILTERS);
  });

  it("filters by city, by category and by both", () => {
    const names = (city: string, category: string) =>
      filterStoreLocations(LOCATIONS, { city, category }).map((location) => location.name);
    expect(names("", "")).toHaveLength(6);
    expect(names("Sirinhaém", "")).toEqual(["Calçados Sirinhaém", "Variedades Sirinhaém"]);
    expect(names("", "Calçados")).toEqual(["Calçados Barreiros", "Calçados Sirinhaém"]);
    expect(names("Barreiros", "Variedades")).toEqual(["Variedades Barreiros"]);
    expect(names("Sirinhaém", "Sports")).toEqual([]);
  });
});
