/**
 * Whether and how the page cache (server/page-cache.ts) keeps a route's page, said once, in the route
 * module's `handle` (`export const handle = { pageCache: { … } } satisfies CachedPageHandle`). The
 * cache reads every route's declaration with its path from the route table (server/cached-pages.ts):
 * which addresses it keeps, and which of them a product change makes stale. A route without one is
 * never kept. Only pages every shopper sees alike may declare one (their loaders read no session:
 * tests/integration/shared-pages.test.ts).
 *
 * A kept page also goes stale when a product it links (`productPath`) changes, whatever it declares.
 */
export type PageCaching = {
  /** The route parameter holding the product the page is about (`produto/:id`): a product id, nothing else is kept. */
  productParam?: string;
  /**
   * The page lists products, so a changed product of that shop may now appear on it: the shop whose
   * products it lists, from its address (null: every shop's), as its loader reads it.
   */
  listsShop?: (url: URL) => string | null;
  /**
   * Query parameters the page applies in the browser only, after hydration (the product page's size and
   * colour named by a feed's link): the server renders the same page whatever they say, so they are
   * left out of its key, and a value no one asked for before is a hit, not a render.
   */
  browserParams?: readonly string[];
};

export type CachedPageHandle = { pageCache?: PageCaching };

/** A route's declaration, from its `handle` whatever that is (the server's route table, or `useMatches` in the browser). */
export function pageCachingOf(handle: unknown): PageCaching | undefined {
  // Optional chaining reads nothing from undefined or null, and a primitive has no `pageCache`.
  return (handle as CachedPageHandle | null | undefined)?.pageCache;
}
