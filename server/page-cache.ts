// A cache of whole storefront pages, the same for every shopper: nothing personal is in them (who is
// signed in comes after hydration from /api/eu, app/lib/account/personal-view.ts), so signed-in shoppers are
// served from it too. Rendering a page costs the Node process 13–50 ms of CPU (React on the server);
// a hit costs 0.3–0.5 ms.
//
//   catalogue, shops, settings, media or reviews change (any writer, any app instance)
//     ──statement trigger pg_notify (sent on commit; migrations 0006, 0017)──▶ PostgreSQL
//   PostgreSQL ──LISTEN, one connection per app process──▶ PageCache.changed(scope)
//
// A change to products, their stock or their reviews names the products and their shops (migration
// 0017): the pages that link one of those products (its own page, lists, related products) and the
// lists that could now show them (home, /produtos without a shop, that shop's route and ?loja=) go
// stale; the rest stay fresh. Units count only as far as the pages show them (capped at the settings'
// maxUnitsPerLine, migration 0055): a sale from a deep shelf makes no page stale. Any other change makes every page stale. A stale page is still served
// (stale-while-revalidate): the first request to find it stale renders it again, and every request
// meanwhile gets the stale page, so 200 shoppers opening a product page after its price changed cost
// one render, not 200. With several worker processes, the primary lets one of them render the page and
// hands its page to the others (server/page-render-peers.ts). A page older than MAX_AGE is treated as
// stale too, so its age never sends every request of a busy minute to render it at once.
//
// The cache serves only while its LISTEN connection is up: a missed notification could otherwise leave
// a stale page. Each response still gets its own CSP nonce: the page is kept split at the nonce it was
// rendered with, and joined with the new one. Stock shown may lag an order by the notification's
// round trip and one render; the checkout checks stock on the server anyway.
//
// Split by job: this file keeps the pages and decides what is stale; ./page-bodies.ts joins and
// gzips a kept page around a response's nonce; ./page-cache-handlers.ts answers requests from it and
// keeps what the app renders; ./page-cache-start.ts listens for the changes and puts them together.
import type { CachedPages, PageScope } from "./cached-pages";
import { byteLength, deflatedParts, partChecksums, type PageBody } from "./page-bodies";
import { RENDER_CLAIM_MS, type SharedPage } from "./page-render-peers";

export const STOREFRONT_CHANGES_CHANNEL = "erick_storefront_changes";

export type PageToKeep = {
  contentType: string;
  cacheControl: string | null;
  /** The body split at the nonce it was rendered with. */
  parts: string[];
  /** The page's path and query (`/produtos?loja=sports`): which lists it is, for the change scopes. */
  url?: string;
};

/** What a change touched: some products and their shops, or (null) anything at all. */
export type StorefrontChange = { productIds: ReadonlySet<number>; shopSlugs: ReadonlySet<string> } | null;

export type CachedPage = PageBody & {
  contentType: string;
  cacheControl: string | null;
  bytes: number;
  storedAt: number;
  scope: PageScope;
  /** A change touched it since it was rendered (or it aged): served while one request renders it again. */
  stale: boolean;
  /** Until when a render of it is under way, here or in another process (0: none). */
  revalidatingUntil: number;
  /** Asked for again since it was first kept: out of reach of pages asked for once (see `keep`). */
  askedAgain: boolean;
};
/** When a render started: the change count, for this process's own renders, and the time, for other processes. */
export type RenderToken = { sequence: number; startedAt: number };

/** The time on the machine's clock, in milliseconds, the same in every process (unlike performance.now). */
const wallClock = () => performance.timeOrigin + performance.now();

/**
 * A notification's payload (migration 0017): `products=1,2;shops=calcados` names the products a change
 * touched; anything else (empty: settings, shops, media, a bulk change…) means any page may be touched.
 * It names data, never addresses: which pages show those products and shops is the routes' declaration
 * (server/cached-pages.ts).
 */
export function parseStorefrontChange(payload: string | undefined): StorefrontChange {
  const match = /^products=([\d,]+);shops=([a-z0-9,-]*)$/.exec(payload ?? "");
  if (!match) return null;
  return {
    productIds: new Set(match[1]!.split(",").map(Number)),
    shopSlugs: new Set(match[2]!.split(",").filter(Boolean)),
  };
}

function affects(change: StorefrontChange, scope: PageScope): boolean {
  if (change === null) return true;
  for (const id of scope.productIds) if (change.productIds.has(id)) return true;
  return scope.list !== null && (scope.list.shop === null || change.shopSlugs.has(scope.list.shop));
}

/** How many changes are remembered for pages being rendered; a render older than those is not kept. */
const CHANGE_LOG_LENGTH = 1_000;

export type PageCacheOptions = {
  /** Which addresses are kept and what each shows, from the routes' declarations (server/cached-pages.ts). */
  pages: CachedPages;
  /** Total size of the kept pages as kept: plain, or deflated alone once asked for again (./page-bodies.ts). */
  maxBytes?: number;
  /**
   * The share of maxBytes that pages asked for again may take; the rest is for pages asked for once,
   * which is all a flood of one-off addresses can push out.
   */
  askedAgainShare?: number;
  /** A safety net only (changes mark pages stale at once): an older page is stale. */
  maxAgeMs?: number;
  /** An older page is not served at all, not even while it renders again. */
  maxStaleAgeMs?: number;
  now?: () => number;
};

/** Pages by address, least recently used dropped first. */
export class PageCache {
  private readonly pages = new Map<string, CachedPage>();
  private bytes = 0;
  /** Of which pages asked for again. */
  private askedAgainBytes = 0;
  /** Counts changes; a render's token is the count when it started. */
  private sequence = 0;
  /** The latest changes, oldest first, each with its place in the sequence and when it was heard. */
  private changes: { sequence: number; at: number; change: StorefrontChange }[] = [];
  private enabled = false;
  private readonly options: Required<PageCacheOptions>;

  constructor(options: PageCacheOptions) {
    this.options = { maxBytes: 32 * 1024 * 1024, askedAgainShare: 0.75, maxAgeMs: 60_000, maxStaleAgeMs: 10 * 60_000, now: Date.now, ...options };
  }

  get size(): number {
    return this.pages.size;
  }

  /** Pages kept and not stale. */
  get freshSize(): number {
    let count = 0;
    for (const page of this.pages.values()) if (!page.stale) count += 1;
    return count;
  }

  /** The addresses kept, as the routes declare them. */
  get cachedPages(): CachedPages {
    return this.options.pages;
  }

  get isEnabled(): boolean {
    return this.enabled;
  }

  /** Serving and storing start when the change notifications are heard, and stop when they might be missed. */
  setEnabled(enabled: boolean) {
    this.enabled = enabled;
    this.clear();
  }

  /** Forgets every page, and any page whose rendering started before now. */
  clear() {
    this.remember(null);
    this.pages.clear();
    this.bytes = 0;
    this.askedAgainBytes = 0;
  }

  /**
   * Told the keys of the pages each change touched, once they are marked stale, the most recently
   * asked for first: rendered ahead in that order (server/render-ahead.ts), the home page and the
   * lists shoppers keep asking for come before the long tail.
   */
  onChanged: ((keys: string[]) => void) | undefined;

  /** Marks the pages a change touched stale (all of them for null), and any of them being rendered. */
  changed(change: StorefrontChange) {
    this.remember(change);
    const touched: string[] = [];
    for (const [key, page] of this.pages) {
      if (!affects(change, page.scope)) continue;
      page.stale = true;
      touched.push(key);
    }
    // The map keeps the least recently used first.
    if (touched.length > 0) this.onChanged?.(touched.reverse());
  }

  private remember(change: StorefrontChange) {
    this.sequence += 1;
    this.changes.push({ sequence: this.sequence, at: wallClock(), change });
    if (this.changes.length > CHANGE_LOG_LENGTH) this.changes.splice(0, this.changes.length - CHANGE_LOG_LENGTH);
  }

  /** Whether a change since this process's render began touched what the page shows (or is too old to tell). */
  private changedSince(token: number, scope: PageScope): boolean {
    if (token === this.sequence) return false;
    const oldest = this.changes[0]?.sequence ?? this.sequence + 1;
    if (token < oldest - 1) return true;
    return this.changes.some(({ sequence, change }) => sequence > token && affects(change, scope));
  }

  /**
   * The same for a render in another process, by the clock: a change heard here after that render began
   * may have been committed after its queries ran. One heard before was committed before.
   */
  private changedSinceTime(startedAt: number, scope: PageScope): boolean {
    const oldest = this.changes[0];
    if (this.changes.length >= CHANGE_LOG_LENGTH && oldest && oldest.at >= startedAt) return true;
    return this.changes.some(({ at, change }) => at >= startedAt && affects(change, scope));
  }

  /** A token to pass to `store`: a page rendered across a change to what it shows may hold old data and is not kept. */
  startRendering(): RenderToken {
    return { sequence: this.sequence, startedAt: wallClock() };
  }

  /**
   * True once for a stale page: the caller renders it again (and stores or `abandonRevalidation`s);
   * until then every other caller is served the stale page.
   */
  claimRevalidation(key: string): boolean {
    const page = this.pages.get(key);
    const now = this.options.now();
    if (!page || !page.stale || page.revalidatingUntil > now) return false;
    // Until then, a render that never ends (another process that died) keeps nobody on the stale page.
    page.revalidatingUntil = now + RENDER_CLAIM_MS;
    return true;
  }

  /** The render claimed did not give a page to keep: the next request for it tries again. */
  abandonRevalidation(key: string) {
    const page = this.pages.get(key);
    if (page) page.revalidatingUntil = 0;
  }

  /** The address no longer gives a page to keep (a product removed now redirects): its old page goes. */
  forget(key: string) {
    const page = this.pages.get(key);
    if (page) this.drop(key, page);
  }

  private drop(key: string, page: CachedPage) {
    this.pages.delete(key);
    this.bytes -= page.bytes;
    if (page.askedAgain) this.askedAgainBytes -= page.bytes;
  }

  /** The page to send without any decision: kept and fresh, or stale while a render of it is under way. */
  servable(key: string): CachedPage | undefined {
    const page = this.get(key);
    return page && (!page.stale || page.revalidatingUntil > this.options.now()) ? page : undefined;
  }

  get(key: string): CachedPage | undefined {
    if (!this.enabled) return undefined;
    const page = this.pages.get(key);
    if (!page) return undefined;
    const age = this.options.now() - page.storedAt;
    if (age > this.options.maxStaleAgeMs) {
      this.drop(key, page);
      return undefined;
    }
    if (age > this.options.maxAgeMs) page.stale = true;
    this.pages.delete(key);
    this.pages.set(key, page);
    if (!page.askedAgain) {
      page.askedAgain = true;
      this.deflate(page);
      this.askedAgainBytes += page.bytes;
      this.keepWithinBudget();
    }
    return page;
  }

  /**
   * Keeps the page this process rendered, and returns it as the other processes may keep it (undefined:
   * nothing kept, and the claim on rendering it again is given up).
   */
  store(key: string, token: RenderToken, { contentType, cacheControl, parts: text, url }: PageToKeep): SharedPage | undefined {
    if (!this.enabled) return undefined;
    const scope = this.options.pages.scopeOf(url, text.join(""));
    // Rendered across a change to what it shows: it may hold old data (see `keep`). Decided before
    // any copy is made of a page that will not be kept.
    const renderedStale = this.changedSince(token.sequence, scope);
    if (renderedStale && !this.pages.get(key)?.stale) {
      this.abandonRevalidation(key);
      return undefined;
    }
    const parts = text.map((part) => Buffer.from(part, "utf8"));
    if (byteLength(parts) > this.options.maxBytes / 16) {
      this.abandonRevalidation(key);
      return undefined;
    }
    const kept = this.keep(key, { contentType, cacheControl, parts, deflated: null, scope, stale: renderedStale });
    return { contentType, cacheControl, parts, deflated: kept.deflated ?? undefined, url, renderStartedAt: token.startedAt };
  }

  /** Keeps a page another process rendered (after this one was told not to), unless a fresh one is here. */
  storeShared(key: string, shared: SharedPage) {
    if (!this.enabled) return;
    const current = this.pages.get(key);
    if (current && !current.stale) return;
    const text = shared.parts.map((part) => Buffer.from(part.buffer, part.byteOffset, part.byteLength));
    const scope = this.options.pages.scopeOf(shared.url, text.map((part) => part.toString("utf8")).join(""));
    const renderedStale = this.changedSinceTime(shared.renderStartedAt, scope);
    if (renderedStale && !current) return;
    const deflated = shared.deflated?.map((part) => Buffer.from(part.buffer, part.byteOffset, part.byteLength)) ?? null;
    this.keep(key, { contentType: shared.contentType, cacheControl: shared.cacheControl, parts: text, deflated, scope, stale: renderedStale });
  }

  /**
   * A page rendered across a change to what it shows may hold old data: `stale` keeps it so. It still
   * replaces an older stale page, or a page changed every second and rendered in more than a second
   * would never be refreshed; the next request renders it again.
   *
   * A new page has been asked for once; a page asked for again is kept apart from those (a segmented
   * LRU): past the budget, the least recently used page asked for once goes first, and pages asked for
   * again lose their place only to each other (past their share, the least recently used of them
   * counts as asked for once again). So every new address a client makes up (a size no one sells, a
   * parameter in the list with a new value each time) pushes out at most the pages asked for once.
   */
  private keep(key: string, { parts, ...page }: Pick<CachedPage, "contentType" | "cacheControl" | "deflated" | "scope" | "stale"> & { parts: Buffer[] }): CachedPage {
    const checksums = partChecksums(parts);
    // Deflated already (a page another process shared): the plain parts are not kept beside them.
    const keptParts = page.deflated ? null : parts;
    const bytes = byteLength(page.deflated ?? parts);
    const previous = this.pages.get(key);
    if (previous) this.drop(key, previous);
    const askedAgain = previous?.askedAgain ?? false;
    const kept: CachedPage = { ...page, parts: keptParts, ...checksums, bytes, storedAt: this.options.now(), revalidatingUntil: 0, askedAgain };
    this.pages.set(key, kept);
    this.bytes += bytes;
    if (askedAgain) {
      this.deflate(kept);
      this.askedAgainBytes += kept.bytes;
    }
    this.keepWithinBudget();
    return kept;
  }

  /** Deflates a kept page's parts once (server/page-bodies.ts), in place of the plain parts in the budget. */
  private deflate(page: CachedPage) {
    if (page.deflated || !page.parts) return;
    page.deflated = deflatedParts(page.parts);
    const added = byteLength(page.deflated) - byteLength(page.parts);
    page.parts = null;
    page.bytes += added;
    this.bytes += added;
  }

  private keepWithinBudget() {
    const { maxBytes, askedAgainShare } = this.options;
    if (this.askedAgainBytes > maxBytes * askedAgainShare) {
      for (const old of this.pages.values()) {
        if (this.askedAgainBytes <= maxBytes * askedAgainShare) break;
        if (!old.askedAgain) continue;
        old.askedAgain = false;
        this.askedAgainBytes -= old.bytes;
      }
    }
    if (this.bytes <= maxBytes) return;
    for (const [oldKey, old] of this.pages) {
      if (this.bytes <= maxBytes) break;
      if (!old.askedAgain) this.drop(oldKey, old);
    }
    for (const [oldKey, old] of this.pages) {
      if (this.bytes <= maxBytes) break;
      this.drop(oldKey, old);
    }
  }
}
