// The addresses the page cache keeps and what each one shows, read from the route table: each route
// declares in its module's `handle` whether its page is kept and what makes it stale
// (app/lib/pages/page-caching.ts), and its path comes from app/routes.ts. Renaming a route moves the
// cache with it; nothing here spells a storefront address.
import { pageCachingOf, type PageCaching } from "../app/lib/pages/page-caching";
import { pageQuery } from "../app/lib/pages/page-query";

/** A route as the server build has it (`build.routes`), or as app/routes.ts gives it, flattened. */
export type RouteEntry = { id: string; parentId?: string; path?: string; index?: boolean; handle?: unknown };

/** What a kept page shows: the products it is about, and whether it is a list (of one shop, or of all: null). */
export type PageScope = { productIds: Set<number>; list: { shop: string | null } | null };

export type CachedPages = {
  /**
   * Whether a GET of this path (as sent: not decoded, case as written) may be kept. An allowlist spelt
   * as the storefront links its pages: React Router matches paths case-insensitively and decoded, so
   * `/Checkout` is the checkout page (whose form carries a per-visit idempotency key), and a path the
   * table does not spell exactly is simply not kept.
   */
  isCached: (pathname: string) => boolean;
  /**
   * The query a kept page is kept under: the parameters the storefront's pages read, in one order
   * (app/lib/pages/page-query.ts), less those its route applies only in the browser (`browserParams`).
   */
  keyQuery: (pathname: string, search: string) => string;
  /** The products and lists the page at `url` (path and query) shows, from its route's declaration and its links. */
  scopeOf: (url: string | undefined, html: string) => PageScope;
};

/** A product id in an address, as the storefront writes one (`productPath`). */
const PRODUCT_ID = "[1-9]\\d{0,9}";

type CachedRoute = { pattern: RegExp; caching: PageCaching };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The route's full path, its parents' paths joined, as segments. */
function segmentsOf(route: RouteEntry, byId: Map<string, RouteEntry>): string[] {
  const segments: string[] = [];
  for (let at: RouteEntry | undefined = route; at; at = at.parentId ? byId.get(at.parentId) : undefined) {
    if (at.path) segments.unshift(...at.path.split("/").filter(Boolean));
  }
  return segments;
}

/** A regular expression for the route's path: `:id` (its declared product parameter) captured as a product id. */
function patternOf(route: RouteEntry, caching: PageCaching, byId: Map<string, RouteEntry>, link: boolean): RegExp {
  const parts = segmentsOf(route, byId).map((segment) => {
    if (segment === `:${caching.productParam}`) return `(${link ? "\\d{1,10}" : PRODUCT_ID})`;
    if (segment.startsWith(":") || segment.includes("*") || segment.endsWith("?")) {
      throw new Error(`A kept page's address may hold only its declared product parameter: route ${route.id} has ${segment}`);
    }
    return escapeRegExp(segment);
  });
  const path = `/${parts.join("/")}`;
  return link ? new RegExp(`href="${path}"`, "g") : new RegExp(`^${path}$`);
}

export function cachedPagesOf(routes: readonly RouteEntry[]): CachedPages {
  const byId = new Map(routes.map((route) => [route.id, route]));
  const cached: CachedRoute[] = [];
  const productLinks: RegExp[] = [];
  for (const route of routes) {
    const caching = pageCachingOf(route.handle);
    if (!caching) continue;
    cached.push({ pattern: patternOf(route, caching, byId, false), caching });
    if (caching.productParam) productLinks.push(patternOf(route, caching, byId, true));
  }
  const routeFor = (pathname: string) => {
    for (const route of cached) {
      const match = route.pattern.exec(pathname);
      if (match) return { caching: route.caching, productId: match[1] === undefined ? undefined : Number(match[1]) };
    }
    return undefined;
  };
  return {
    isCached: (pathname) => routeFor(pathname) !== undefined,
    keyQuery: (pathname, search) => pageQuery(search, routeFor(pathname)?.caching.browserParams),
    scopeOf(url, html) {
      const productIds = new Set<number>();
      for (const link of productLinks) for (const [, id] of html.matchAll(link)) productIds.add(Number(id));
      if (url === undefined) return { productIds, list: null };
      const address = new URL(url, "http://pagina");
      const found = routeFor(address.pathname);
      if (found?.productId !== undefined) productIds.add(found.productId);
      const listsShop = found?.caching.listsShop;
      return { productIds, list: listsShop ? { shop: listsShop(address) } : null };
    },
  };
}
