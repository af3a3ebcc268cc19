import { PRICE_BANDS, SHOP_SLUGS, type PriceBand, type ShopSlug } from "./catalog";
import { CATEGORIES, type Category } from "./categories";
import { PAGE_PARAM } from "../lists/page-param";
import { oneLine } from "../format/plain-text";
import { searchQuery } from "../format/search-text";

export type ProductFilters = {
  q: string;
  category: Category | null;
  shop: ShopSlug | null;
  price: PriceBand;
  /** A size with units on the shelf (`tamanho`), or null. */
  size: string | null;
  page: number;
};

const MAX_QUERY_LENGTH = 100;
/** Sizes are short ("38", "GG", "10 anos"); anything longer names none. */
const MAX_SIZE_LENGTH = 20;
/** Beyond this a page number is nonsense; it is clamped rather than refused. */
const MAX_PAGE = 10_000;

/**
 * The shop a list shows: the page's own (a shop's route) or `?loja=`, else null (every shop's). Apart
 * from parseProductFilters so the list route's page-cache declaration (its `handle`, which the browser
 * loads too) reads the shop as the loader does without bringing the search text's rules along.
 */
export function listedShop(params: URLSearchParams, presetShop: ShopSlug | null = null): ShopSlug | null {
  return presetShop ?? SHOP_SLUGS.find((s) => s === params.get("loja")) ?? null;
}

/**
 * Reads the list filters from the URL. Anything unknown or malformed is ignored rather than an error,
 * so a mangled shared link still shows a normal page.
 */
export function parseProductFilters(params: URLSearchParams, presetShop: ShopSlug | null = null): ProductFilters {
  const q = searchQuery(params.get("q"), MAX_QUERY_LENGTH);
  const category = CATEGORIES.find((c) => c === params.get("categoria")) ?? null;
  const shop = listedShop(params, presetShop);
  const price = PRICE_BANDS.find((b) => b.value === params.get("preco"))?.value ?? "all";
  // Without control characters: PostgreSQL refuses a NUL byte in a query's text (a 500).
  const size = oneLine(params.get("tamanho") ?? "");
  const pageNumber = Number.parseInt(params.get(PAGE_PARAM) ?? "1", 10);
  const page = Number.isFinite(pageNumber) ? Math.min(Math.max(pageNumber, 1), MAX_PAGE) : 1;
  return { q, category, shop, price, size: size && size.length <= MAX_SIZE_LENGTH ? size : null, page };
}

/** The query string for a set of filters, leaving out defaults so URLs stay short and shareable. */
export function filtersToSearch(filters: Partial<ProductFilters>, options: { includeShop?: boolean } = {}): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.category) params.set("categoria", filters.category);
  if (filters.shop && options.includeShop !== false) params.set("loja", filters.shop);
  if (filters.price && filters.price !== "all") params.set("preco", filters.price);
  if (filters.size) params.set("tamanho", filters.size);
  if (filters.page && filters.page > 1) params.set(PAGE_PARAM, String(filters.page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

export function hasActiveFilters(filters: ProductFilters, presetShop: ShopSlug | null): boolean {
  return Boolean(filters.q || filters.category || (filters.shop && filters.shop !== presetShop) || filters.price !== "all" || filters.size);
}

/** Letter sizes from the smallest; PP is Brazilian for XS, XG/XGG/EG/EGG for the largest. */
const LETTER_SIZES = ["PP", "P", "M", "G", "GG", "XG", "XGG", "EG", "EGG"];
const NUMBER = /^\d+(?:[.,]\d+)?$/;

function sizeRank(size: string): [group: number, value: number] {
  if (NUMBER.test(size)) return [0, Number(size.replace(",", "."))];
  const letter = LETTER_SIZES.indexOf(size.toUpperCase());
  return letter >= 0 ? [1, letter] : [2, 0];
}

// Marked pure: the list page's browser chunk uses the filters but not sortSizes, and a bare `new` left
// the collator's construction in it.
const collator = /* @__PURE__ */ new Intl.Collator("pt-BR", { numeric: true, sensitivity: "base" });

/** Sizes as a shopper reads them: numbers in order (2, 4, 10, 34), then PP to XG, then the rest ("10 anos", "Único"). */
export function sortSizes(sizes: readonly string[]): string[] {
  return [...sizes].sort((a, b) => {
    const [groupA, valueA] = sizeRank(a);
    const [groupB, valueB] = sizeRank(b);
    return groupA - groupB || valueA - valueB || collator.compare(a, b);
  });
}

/** Brazilian shoe numbering starts here (a baby's 17); clothes numbered below it are children's ages (2 to 16). */
const FIRST_SHOE_SIZE = 17;

export type SizeGroup = { label: string; sizes: string[] };

/**
 * The size filter's groups, so a shopper looking for a shoe size does not read children's clothing
 * sizes among them: "Roupas" (PP to EGG, 2 to 16 and the rest), "Calçados" (17 and up, half sizes
 * included), each in reading order; an empty group is left out. Read from the size alone: a trouser
 * numbered 40 lands among the shoes (docs/search.md).
 */
export function sizeGroups(sizes: readonly string[]): SizeGroup[] {
  const sorted = sortSizes(sizes);
  const isShoe = (size: string) => NUMBER.test(size) && Number(size.replace(",", ".")) >= FIRST_SHOE_SIZE;
  return [
    { label: "Calçados", sizes: sorted.filter(isShoe) },
    { label: "Roupas", sizes: sorted.filter((size) => !isShoe(size)) },
  ].filter((group) => group.sizes.length > 0);
}
