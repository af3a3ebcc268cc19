import { normalizeSearchText } from "../format/search-text";

/** The stores page filters as kept in the URL (?cidade=&categoria=); "" means 'Todas'. */
export type StoreFilters = { city: string; category: string };
export const NO_STORE_FILTERS: StoreFilters = { city: "", category: "" };

type Filterable = { city: string; category: string };

export function parseStoreFilters(params: URLSearchParams): StoreFilters {
  const read = (name: string) => (params.get(name) ?? "").trim().slice(0, 100);
  return { city: read("cidade"), category: read("categoria") };
}

export function storeFiltersToSearch(filters: StoreFilters): string {
  const params = new URLSearchParams();
  if (filters.city) params.set("cidade", filters.city);
  if (filters.category) params.set("categoria", filters.category);
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** Distinct values in a stable alphabetical order, for the filter selects. */
export function distinctSorted(values: string[]): string[] {
  return [...new Set(values)].sort((a, b) => a.localeCompare(b, "pt-BR"));
}

export function storeFilterOptions(locations: Filterable[]) {
  return {
    cities: distinctSorted(locations.map((location) => location.city)),
    categories: distinctSorted(locations.map((location) => location.category)),
  };
}

/**
 * Matches what the URL says to the real options ignoring case and accents, so a shared link typed as
 * `?cidade=sirinhaem` still works; an unknown value falls back to 'Todas'.
 */
export function resolveStoreFilters(filters: StoreFilters, locations: Filterable[]): StoreFilters {
  const { cities, categories } = storeFilterOptions(locations);
  const pick = (value: string, options: string[]) =>
    value ? (options.find((option) => normalizeSearchText(option) === normalizeSearchText(value)) ?? "") : "";
  return { city: pick(filters.city, cities), category: pick(filters.category, categories) };
}

/** Expects filters already resolved against the same locations. */
export function filterStoreLocations<T extends Filterable>(locations: T[], filters: StoreFilters): T[] {
  return locations.filter(
    (location) =>
      (!filters.city || location.city === filters.city) && (!filters.category || location.category === filters.category),
  );
}
