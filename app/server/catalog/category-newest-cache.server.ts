import type { ProductSummary } from "~/lib/catalog/catalog";

/** Past this many categories kept, the cache starts again empty (a shop has a few dozen). */
const MAX_KEPT = 1_000;

/**
 * The newest products of each category, kept between requests: every product page shows its
 * category's newest as related products, the same list for each product of the category. So the long
 * tail of product pages no one asked for before (each a render) reads it once per category, not once
 * a page. Like GroupDataCache it follows the page cache's change notifications (server/page-cache.ts):
 * any change to the storefront's tables (a price, a unit sold) drops it all, and while the LISTEN
 * connection is down nothing is kept.
 */
export class CategoryNewestCache {
  private enabled = false;
  private readonly kept = new Map<string, Promise<ProductSummary[]>>();

  setEnabled(enabled: boolean) {
    this.enabled = enabled;
    this.clear();
  }

  clear() {
    this.kept.clear();
  }

  /** A read started before a change is used by the requests that awaited it, never kept for later ones. */
  read(category: string, count: number, load: () => Promise<ProductSummary[]>): Promise<ProductSummary[]> {
    if (!this.enabled) return load();
    const key = `${count} ${category}`;
    const known = this.kept.get(key);
    if (known) return known;
    if (this.kept.size >= MAX_KEPT) this.kept.clear();
    const reading = load();
    this.kept.set(key, reading);
    reading.catch(() => {
      if (this.kept.get(key) === reading) this.kept.delete(key);
    });
    return reading;
  }
}
