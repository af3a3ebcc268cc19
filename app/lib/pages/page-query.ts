// What a storefront address's query string means to the pages: the page cache keys on the parameters
// the pages read (server/page-cache.ts), so a click's id (tracking-params.ts), a campaign's tags or any
// other parameter no page reads leave it the same page.
import { COLOR_PARAM, SIZE_PARAM } from "../channels/channels";
import { PAGE_PARAM } from "../lists/page-param";

/**
 * Every query parameter a cacheable storefront page reads, on the server or in the browser: the list
 * filters (app/lib/catalog/product-filters.ts), the product page's preselected size and colour and its
 * review notice, the stores page's filters (app/lib/stores/store-filters.ts) and the cart's coupon.
 * A page that comes to read another one must add it here, or two addresses that differ in it would
 * share one kept page.
 */
export const STOREFRONT_PAGE_PARAMS: ReadonlySet<string> = new Set([
  "q",
  "categoria",
  "loja",
  "preco",
  SIZE_PARAM,
  PAGE_PARAM,
  COLOR_PARAM,
  "avaliacao",
  "cidade",
  "cupom",
]);

/**
 * The query the storefront pages read, in one order: only STOREFRONT_PAGE_PARAMS, sorted by name (each
 * name's values in the order given), encoded one way. `?fbclid=x&cor=Azul&tamanho=38` and
 * `?tamanho=38&cor=Azul` are the same page. Empty string when none is left; else starting with '?'.
 * `appliedInBrowser`: parameters this page reads only in the browser (its route's `browserParams`,
 * page-caching.ts), left out too.
 */
export function pageQuery(search: string, appliedInBrowser: readonly string[] = []): string {
  const read = [...new URLSearchParams(search)].filter(([name]) => STOREFRONT_PAGE_PARAMS.has(name) && !appliedInBrowser.includes(name));
  if (read.length === 0) return "";
  // A stable sort keeps each name's values in their order.
  read.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `?${new URLSearchParams(read).toString()}`;
}
