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
// Compressing a 50–100 KB page again on every hit would cost more than the rest of the hit (2–3 ms of
// CPU), so the parts are also kept deflated, each ending on a byte boundary, and a hit's gzip body is
// those pieces with the nonce between them as stored (uncompressed) deflate blocks: a valid gzip
// stream for the cost of its checksum. A page is deflated when it is first asked for again, not when
// it is kept: most addresses of the long tail (a product no one else opens, a size no one sells) are
// asked for once, and deflating a 110 KB page cost their render 5–8 ms of the main thread for nothing.
import { promisify } from "node:util";
import { brotliCompress, crc32, deflateRawSync, gzip, constants as zlibConstants } from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { isbot } from "isbot";
import type pg from "pg";
import { dedicatedClients, type Database } from "../app/server/db/database.server";
import { listenConnection } from "../app/server/db/listen-connection.server";
import type { CachedPages, PageScope } from "./cached-pages";
import { crc32Combine, crc32Shift } from "./crc32-combine";
import { RENDER_CLAIM_MS, type RenderOutcome, type RenderPeers, type SharedPage } from "./page-render-peers";

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

type CachedPage = {
  contentType: string;
  cacheControl: string | null;
  /** The body's parts in UTF-8. */
  parts: Buffer[];
  /**
   * Each part as raw deflate blocks, none final, ending on a byte boundary (a sync flush); null until
   * the page is first asked for again (a page asked for again always has them).
   */
  deflated: Buffer[] | null;
  /** Each part's CRC-32 and its crc32Shift, for the gzip trailer (crc32-combine.ts). */
  checksums: number[];
  shifts: number[];
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
  /** Total size of the kept pages, plain and deflated. */
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

  /** Marks the pages a change touched stale (all of them for null), and any of them being rendered. */
  changed(change: StorefrontChange) {
    this.remember(change);
    for (const page of this.pages.values()) if (affects(change, page.scope)) page.stale = true;
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
    if (parts.reduce((sum, part) => sum + part.length, 0) > this.options.maxBytes / 16) {
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
  private keep(key: string, page: Pick<CachedPage, "contentType" | "cacheControl" | "parts" | "deflated" | "scope" | "stale">): CachedPage {
    const bytes = [...page.parts, ...(page.deflated ?? [])].reduce((sum, part) => sum + part.length, 0);
    const previous = this.pages.get(key);
    if (previous) this.drop(key, previous);
    const checksums = page.parts.map((part) => crc32(part));
    const shifts = page.parts.map((part) => crc32Shift(part.length));
    const askedAgain = previous?.askedAgain ?? false;
    const kept: CachedPage = { ...page, checksums, shifts, bytes, storedAt: this.options.now(), revalidatingUntil: 0, askedAgain };
    this.pages.set(key, kept);
    this.bytes += bytes;
    if (askedAgain) {
      this.deflate(kept);
      this.askedAgainBytes += kept.bytes;
    }
    this.keepWithinBudget();
    return kept;
  }

  /** Deflates a kept page's parts once (see the top of this file), counting them in the budget. */
  private deflate(page: CachedPage) {
    if (page.deflated) return;
    page.deflated = deflatedParts(page.parts);
    const added = page.deflated.reduce((sum, part) => sum + part.length, 0);
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

/**
 * Pages every shopper sees alike, signed in or not: a page whose route declares it kept. Their loaders read no session
 * (tests/integration/shared-pages.test.ts holds them to it); `Authorization` is some other client's.
 */
function isCacheableRequest(req: Request, pages: CachedPages): boolean {
  return req.method === "GET" && !req.headers.authorization && pages.isCached(req.path);
}

/**
 * The page's own path and the query parameters the pages read on the server, in one order
 * (`keyQuery`: a click's `fbclid`, a campaign's `utm_source` or the product page's `?tamanho=`, applied
 * in the browser, are the same page as none), plus what the app reads of
 * the request: the Host and forwarded headers (the share previews use the request's origin when
 * PUBLIC_URL is unset), so a forged Host gets its own entry; and whether it is a crawler, which gets
 * the page rendered whole instead of streamed.
 */
export function cacheKey(req: Pick<Request, "protocol" | "headers" | "originalUrl" | "path">, variant: string, pages: Pick<CachedPages, "keyQuery">): string {
  const { host = "", "x-forwarded-host": forwardedHost = "", "x-forwarded-proto": forwardedProto = "" } = req.headers;
  const bot = isCrawler(req.headers["user-agent"] ?? "") ? "bot" : "browser";
  const queryAt = req.originalUrl.indexOf("?");
  const address = queryAt < 0 ? req.originalUrl : `${req.originalUrl.slice(0, queryAt)}${pages.keyQuery(req.path, req.originalUrl.slice(queryAt))}`;
  return `${req.protocol} ${host} ${String(forwardedHost)} ${String(forwardedProto)} ${bot} ${variant} ${address}`;
}

/**
 * Answers remembered per header value: a few user agents and Accept-Encoding values make most of a
 * busy hour's requests, and isbot's regular expression and Express's encoding negotiation were the
 * largest parts of a hit's own work. Forgotten all at once past a thousand values.
 */
class RememberedAnswers<T> {
  private readonly answers = new Map<string, T>();
  get(value: string, answer: () => T): T {
    const known = this.answers.get(value);
    if (known !== undefined) return known;
    if (this.answers.size >= 1_000) this.answers.clear();
    const found = answer();
    this.answers.set(value, found);
    return found;
  }
}

const crawlers = new RememberedAnswers<boolean>();
const gzipTakers = new RememberedAnswers<boolean>();
const pageEncodings = new RememberedAnswers<string>();
const isCrawler = (userAgent: string) => crawlers.get(userAgent, () => isbot(userAgent));

function isCacheableResponse(res: Response): boolean {
  const contentType = String(res.getHeader("content-type") ?? "");
  const cacheControl = String(res.getHeader("cache-control") ?? "");
  return (
    res.statusCode === 200 &&
    contentType.startsWith("text/html") &&
    !res.hasHeader("set-cookie") &&
    !/private|no-store|no-cache/.test(cacheControl)
  );
}

/**
 * A part of the page failed after its status went out (a streamed section whose data was refused, or
 * the render timed out): React marks that boundary for the browser to render (`<!--$!-->`, `$RX("…")`).
 * Such a page is sent, but not kept.
 */
function renderedWhole(html: string): boolean {
  return !html.includes("<!--$!-->") && !html.includes('$RX("');
}

function deflatedParts(parts: Buffer[]): Buffer[] {
  return parts.map((part) => deflateRawSync(part, { finishFlush: zlibConstants.Z_SYNC_FLUSH }));
}

/** The page with `nonce` between its parts. */
export function joinedPage(page: Pick<CachedPage, "parts">, nonce: string): Buffer {
  const separator = Buffer.from(nonce, "utf8");
  return Buffer.concat(page.parts.flatMap((part, index) => (index === 0 ? [part] : [separator, part])));
}

// RFC 1952 header: deflate, no flags, no time, unknown OS.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
// RFC 1951: an empty final stored block (BFINAL=1, BTYPE=00, LEN=0, NLEN=0xffff).
const FINAL_EMPTY_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

/** A non-final stored deflate block holding `data` (at most 65,535 bytes), to follow a sync flush. */
function storedBlock(data: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.writeUInt16LE(data.length, 1);
  header.writeUInt16LE(~data.length & 0xffff, 3);
  return Buffer.concat([header, data]);
}

/** Nonces have one length (24 characters): its crc32Shift, worked out once. */
const nonceShifts = new Map<number, number>();
function nonceShift(length: number): number {
  let shift = nonceShifts.get(length);
  if (shift === undefined) {
    shift = crc32Shift(length);
    nonceShifts.set(length, shift);
  }
  return shift;
}

/** The page with `nonce` between its parts, gzipped, without compressing anything again. */
export function gzippedPage(page: Pick<CachedPage, "parts" | "deflated" | "checksums" | "shifts">, nonce: string): Buffer {
  const separator = Buffer.from(nonce, "utf8");
  const separatorChecksum = crc32(separator);
  const separatorShift = nonceShift(separator.length);
  const nonceBlock = storedBlock(separator);
  // Deflated when first asked for again: only a page got some other way lacks them.
  const deflated = page.deflated ?? deflatedParts(page.parts);
  const pieces: Buffer[] = [GZIP_HEADER];
  let checksum = 0;
  let size = 0;
  page.parts.forEach((part, index) => {
    if (index > 0) {
      pieces.push(nonceBlock);
      checksum = crc32Combine(checksum, separatorChecksum, separator.length, separatorShift);
      size += separator.length;
    }
    pieces.push(deflated[index]!);
    checksum = index === 0 ? page.checksums[0]! : crc32Combine(checksum, page.checksums[index]!, part.length, page.shifts[index]);
    size += part.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(checksum >>> 0, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  pieces.push(FINAL_EMPTY_BLOCK, trailer);
  return Buffer.concat(pieces);
}

type WriteArgs = [chunk: unknown, ...rest: unknown[]];

/**
 * Brotli for the browsers that take it (all current ones), at quality 3 with a 256 KB window: a
 * rendered page compresses in about half the CPU of `compression`'s default (quality 4, 4 MB window),
 * 4% larger (a product list: 25.3 KB instead of 24.4 KB), still smaller than the gzip the page cache
 * serves anonymous visitors. Pages are well under 256 KB, so the smaller window loses nothing. Used by
 * server.js's `compression` for every other response too.
 */
export const PAGE_BROTLI = {
  params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 3, [zlibConstants.BROTLI_PARAM_LGWIN]: 18 },
};

/** How long a kept page's render may take from its first part to its end and still be sent whole. */
export const WHOLE_PAGE_WAIT_MS = 250;

const brotliCompressed = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * A rendered page that will be kept, compressed in one piece on the thread pool and sent with its
 * length. Streamed through `compression`, each of React's passes was a flush: a compression call, a
 * thread-pool round trip and a socket write apiece, about a tenth of a render's CPU; the shopper waits
 * instead for the deferred parts (related products, reviews: a few ms on a miss), WHOLE_PAGE_WAIT_MS
 * at the most.
 */
async function sendWhole(req: Request, res: Response, body: Buffer, end: (chunk: Buffer) => unknown) {
  const encoding = pageEncodings.get(String(req.headers["accept-encoding"] ?? ""), () => req.acceptsEncodings("br", "gzip", "identity") || "identity");
  const sent = encoding === "br" ? await brotliCompressed(body, PAGE_BROTLI) : encoding === "gzip" ? await gzipped(body) : body;
  if (res.destroyed) return;
  res.vary("Accept-Encoding");
  // With Content-Encoding set, `compression` leaves the body alone.
  if (sent !== body) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", sent.length);
  end(sent);
}

export type PageCacheMiddlewareOptions = {
  /**
   * Which of a page's few shared forms a request gets, from its Cookie header: the root layout links
   * the style sheet instead of inlining it for a browser holding a session cookie (root.tsx), so the
   * server gives "session" and "no-session" (never who: the page is the same for every session).
   */
  variantOf?: (cookieHeader: string | undefined) => string;
  /** The other worker processes: one of all of them renders a stale page (server/page-render-peers.ts). */
  peers?: RenderPeers;
};

/**
 * `answer`, asked at the front door (server/front-door.ts) after the security headers (which make
 * this response's nonce), sends the pages that need no decision. `middleware`, Express middleware
 * mounted behind `compression` (which compresses the pages rendered; a hit comes gzipped already, or
 * plain for a client that takes no gzip), decides the rest: which request renders a stale page, here
 * or in another process, and what is kept. Both set `X-Page-Cache` on the pages they consider: `hit`,
 * `stale` (served while another request renders it again), `miss` (rendered: none kept, or stale and
 * this request renders it again).
 */
export function pageCacheHandlers(cache: PageCache, { variantOf = () => "", peers }: PageCacheMiddlewareOptions = {}) {
  const serve = (req: Request, res: Response, page: CachedPage, nonce: string) => {
    res.status(200);
    res.setHeader("Content-Type", page.contentType);
    if (page.cacheControl) res.setHeader("Cache-Control", page.cacheControl);
    res.setHeader("X-Page-Cache", page.stale ? "stale" : "hit");
    res.vary("Accept-Encoding");
    const gzip = gzipTakers.get(String(req.headers["accept-encoding"] ?? ""), () => req.acceptsEncodings("gzip", "identity") === "gzip");
    // With Content-Encoding set, `compression` leaves the body alone.
    if (gzip) res.setHeader("Content-Encoding", "gzip");
    const body = gzip ? gzippedPage(page, nonce) : joinedPage(page, nonce);
    res.setHeader("Content-Length", body.length);
    res.end(body);
  };

  /** Lets the app render the page, and keeps what it sent. `revalidating`: this request claimed the stale page's render. */
  const render = (req: Request, res: Response, next: NextFunction, key: string, nonce: string, revalidating: boolean) => {
    const endClaim = (outcome: RenderOutcome) => {
      if (outcome.kind === "abandon") cache.abandonRevalidation(key);
      else if (outcome.kind === "forget") cache.forget(key);
      if (revalidating) peers?.finished(key, outcome);
    };
    res.setHeader("X-Page-Cache", "miss");
    const token = cache.startRendering();
    const chunks: Buffer[] = [];
    const collect = (chunk: unknown, encoding: unknown) => {
      if (typeof chunk === "string") chunks.push(Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
    };
    const write = res.write as (...args: WriteArgs) => boolean;
    const end = res.end as (...args: unknown[]) => Response;
    // A page to keep is sent whole (sendWhole); any other answer (a redirect, a 404, a cookie) as it
    // comes, and so is a page whose deferred parts take longer than WHOLE_PAGE_WAIT_MS: what is
    // rendered goes out then (the header and the product, while the reviews' query is slow).
    let whole: boolean | undefined;
    /** The page as sendWhole took it, kept from the same bytes below. */
    let sentWhole: Buffer | undefined;
    let held: WriteArgs[] = [];
    let waiting: ReturnType<typeof setTimeout> | undefined;
    const startStreaming = () => {
      whole = false;
      for (const args of held) write.apply(res, args);
      held = [];
      (res as Response & { flush?: () => void }).flush?.();
    };
    const decide = () => {
      if (whole !== undefined) return;
      whole = isCacheableResponse(res);
      if (whole) waiting = setTimeout(startStreaming, WHOLE_PAGE_WAIT_MS);
    };
    res.write = function (this: Response, ...args: WriteArgs) {
      decide();
      collect(args[0], args[1]);
      if (!whole) return write.apply(this, args);
      // Its callback is called now: the chunk is the page's, whichever way it goes out.
      const callback = args.find((arg) => typeof arg === "function") as (() => void) | undefined;
      held.push(args.filter((arg) => typeof arg !== "function") as WriteArgs);
      if (callback) process.nextTick(callback);
      return true;
    } as Response["write"];
    res.end = function (this: Response, ...args: unknown[]) {
      decide();
      clearTimeout(waiting);
      if (typeof args[0] !== "function") collect(args[0], args[1]);
      if (!whole) return end.apply(this, args);
      sentWhole = Buffer.concat(chunks);
      sendWhole(req, res, sentWhole, (body) => end.call(this, body)).catch((error: unknown) => res.destroy(error instanceof Error ? error : undefined));
      return this;
    } as Response["end"];
    // 'finish' only when the whole body went out: an aborted page is never kept ('close' comes
    // either way, after 'finish' when there was one).
    let finished = false;
    res.once("finish", () => {
      finished = true;
      if (!isCacheableResponse(res)) return revalidating ? endClaim({ kind: "forget" }) : undefined;
      const html = (sentWhole ?? Buffer.concat(chunks)).toString("utf8");
      if (!renderedWhole(html)) return endClaim({ kind: "abandon" });
      const kept = cache.store(key, token, {
        contentType: String(res.getHeader("content-type")),
        cacheControl: res.hasHeader("cache-control") ? String(res.getHeader("cache-control")) : null,
        parts: html.split(nonce),
        url: req.originalUrl,
      });
      if (revalidating) peers?.finished(key, kept ? { kind: "page", page: kept } : { kind: "abandon" });
    });
    res.once("close", () => {
      clearTimeout(waiting);
      if (!finished && revalidating) endClaim({ kind: "abandon" });
    });
    next();
  };

  /** The request's page key and nonce, when it asks for a page the cache may hold. */
  const lookUp = (req: Request, res: Response) => {
    const nonce = typeof res.locals.cspNonce === "string" ? res.locals.cspNonce : "";
    if (!cache.isEnabled || !nonce || !isCacheableRequest(req, cache.cachedPages)) return undefined;
    return { key: cacheKey(req, variantOf(req.headers.cookie), cache.cachedPages), nonce };
  };

  /**
   * Sends the page at once when no decision is needed (a hit, or a stale page while another request
   * renders it): true when it did. server/front-door.ts asks this before Express's router.
   */
  const answer = (req: Request, res: Response): boolean => {
    const found = lookUp(req, res);
    const page = found && cache.servable(found.key);
    if (!found || !page) return false;
    serve(req, res, page, found.nonce);
    return true;
  };

  const middleware = (req: Request, res: Response, next: NextFunction) => {
    const found = lookUp(req, res);
    if (!found) return next();
    const { key, nonce } = found;
    const page = cache.get(key);
    const revalidating = page ? cache.claimRevalidation(key) : false;
    if (page && !revalidating) return serve(req, res, page, nonce);
    if (!page || !peers) return render(req, res, next, key, nonce, revalidating);
    // Another process may be rendering it already: then its page follows, and this one stays stale.
    void peers.claim(key).then((granted) => (granted ? render(req, res, next, key, nonce, true) : serve(req, res, page, nonce)));
  };
  return { middleware, answer };
}

export type StorefrontChangeListenerOptions = { initialRetryMs?: number; maxRetryMs?: number };

/**
 * What the storefront-change notifications keep fresh: the page cache, and what else keeps storefront
 * data. A cache with `changed` is told what each change touched; the others are cleared.
 */
export type StorefrontDataCache = Pick<PageCache, "clear" | "setEnabled"> & { changed?: (change: StorefrontChange) => void };

/**
 * Keeps a LISTEN connection on STOREFRONT_CHANGES_CHANNEL: each notification marks the page cache's
 * touched pages stale and clears the other caches; they are on only while the connection is up, and
 * reconnecting (with backoff) starts them empty.
 */
export function listenForStorefrontChanges(
  newClient: () => pg.Client,
  caches: StorefrontDataCache | StorefrontDataCache[],
  { initialRetryMs, maxRetryMs }: StorefrontChangeListenerOptions = {},
): { close: () => Promise<void> } {
  const all = [caches].flat();
  const setEnabled = (enabled: boolean) => all.forEach((cache) => cache.setEnabled(enabled));
  const connection = listenConnection({
    newClient,
    channel: STOREFRONT_CHANGES_CHANNEL,
    logName: "page-cache",
    onNotification: (payload) => {
      const change = parseStorefrontChange(payload);
      for (const cache of all) {
        if (cache.changed) cache.changed(change);
        else cache.clear();
      }
    },
    onListening: () => setEnabled(true),
    onLost: () => setEnabled(false),
    initialRetryMs,
    maxRetryMs,
  });
  connection.start();
  return {
    async close() {
      setEnabled(false);
      await connection.stop();
    },
  };
}

/**
 * The page cache for the app's database, listening on a connection of its own; `alsoFollowing`: other
 * caches of storefront data that the same notifications clear (the shell's GroupDataCache).
 */
export function startPageCache(
  db: Database,
  {
    listener: listenerOptions,
    alsoFollowing = [],
    variantOf,
    peers,
    ...options
  }: PageCacheOptions & PageCacheMiddlewareOptions & { listener?: StorefrontChangeListenerOptions; alsoFollowing?: StorefrontDataCache[] },
) {
  const newClient = dedicatedClients(db, "erick-page-cache");
  const cache = new PageCache(options);
  peers?.onFinished((key, outcome) => {
    if (outcome.kind === "page") cache.storeShared(key, outcome.page);
    else if (outcome.kind === "forget") cache.forget(key);
    else cache.abandonRevalidation(key);
  });
  const listener = listenForStorefrontChanges(newClient, [cache, ...alsoFollowing], listenerOptions);
  const { middleware, answer } = pageCacheHandlers(cache, { variantOf, peers });
  return { cache, middleware, answer, close: listener.close };
}
