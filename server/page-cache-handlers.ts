// The page cache at the door (server/page-cache.ts keeps the pages): which requests and responses it
// considers, their key, a hit sent from the kept body, and a miss rendered by the app and kept.
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { isbot } from "isbot";
import type { CachedPages } from "./cached-pages";
import { gzippedPage, joinedPage } from "./page-bodies";
import type { CachedPage, PageCache } from "./page-cache";
import type { RenderOutcome, RenderPeers } from "./page-render-peers";
import type { CrawlerRenders } from "./crawler-renders";

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

/** What a key says of the request it was made for (`cacheKey`), or undefined when a header held a space. */
export function requestOfKey(key: string): { protocol: string; host: string; forwardedHost: string; forwardedProto: string; bot: boolean; variant: string; address: string } | undefined {
  const fields = key.split(" ");
  if (fields.length !== 7) return undefined;
  const [protocol, host, forwardedHost, forwardedProto, bot, variant, address] = fields as [string, string, string, string, string, string, string];
  return { protocol, host, forwardedHost, forwardedProto, bot: bot === "bot", variant, address };
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

/** Whether an answer may be kept, by its status and headers: a page the same for everyone. */
export function isKeepableAnswer(status: number, header: (name: string) => unknown): boolean {
  const contentType = String(header("content-type") ?? "");
  const cacheControl = String(header("cache-control") ?? "");
  return status === 200 && contentType.startsWith("text/html") && header("set-cookie") === undefined && !/private|no-store|no-cache/.test(cacheControl);
}

function isCacheableResponse(res: Response): boolean {
  return isKeepableAnswer(res.statusCode, (name) => res.getHeader(name));
}

/**
 * A part of the page failed after its status went out (a streamed section whose data was refused, or
 * the render timed out): React marks that boundary for the browser to render (`<!--$!-->`, `$RX("…")`).
 * Such a page is sent, but not kept.
 */
export function renderedWhole(html: string): boolean {
  return !html.includes("<!--$!-->") && !html.includes('$RX("');
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
  /** Where a crawler's page that is not kept here is rendered instead of here (server/crawler-renders.ts). */
  crawlerRenders?: CrawlerRenders;
  /**
   * Requests rendered whatever is kept (a render worker's renders ahead, server/render-ahead.ts): a page
   * kept here may predate a change that the process asking has heard of and this one not yet.
   */
  mustRender?: (req: Request) => boolean;
};

/** Lets the app render the page, and keeps what it sent. `revalidating`: this request claimed the stale page's render. */
function renderAndKeep(
  { cache, peers }: { cache: PageCache; peers: RenderPeers | undefined },
  { req, res, next }: { req: Request; res: Response; next: NextFunction },
  { key, nonce, revalidating }: { key: string; nonce: string; revalidating: boolean },
) {
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
}

/**
 * `answer`, asked at the front door (server/front-door.ts) after the security headers (which make
 * this response's nonce), sends the pages that need no decision. `middleware`, Express middleware
 * mounted behind `compression` (which compresses the pages rendered; a hit comes gzipped already, or
 * plain for a client that takes no gzip), decides the rest: which request renders a stale page, here
 * or in another process, and what is kept. Both set `X-Page-Cache` on the pages they consider: `hit`,
 * `stale` (served while another request renders it again), `miss` (rendered: none kept, or stale and
 * this request renders it again).
 */
export function pageCacheHandlers(cache: PageCache, { variantOf = () => "", peers, crawlerRenders, mustRender }: PageCacheMiddlewareOptions = {}) {
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
    if (found && mustRender?.(req)) return false;
    const page = found && cache.servable(found.key);
    if (!found || !page) return false;
    serve(req, res, page, found.nonce);
    return true;
  };

  const middleware = (req: Request, res: Response, next: NextFunction) => {
    const found = lookUp(req, res);
    if (!found) return next();
    const { key, nonce } = found;
    if (mustRender?.(req)) return renderAndKeep({ cache, peers: undefined }, { req, res, next }, { key, nonce, revalidating: false });
    const page = cache.get(key);
    if (!page && crawlerRenders && isCrawler(req.headers["user-agent"] ?? "")) {
      return crawlerRenders.forward(req, res, () => renderAndKeep({ cache, peers }, { req, res, next }, { key, nonce, revalidating: false }));
    }
    const revalidating = page ? cache.claimRevalidation(key) : false;
    if (page && !revalidating) return serve(req, res, page, nonce);
    if (!page || !peers) return renderAndKeep({ cache, peers }, { req, res, next }, { key, nonce, revalidating });
    // Another process may be rendering it already: then its page follows, and this one stays stale.
    void peers.claim(key).then((granted) => (granted ? renderAndKeep({ cache, peers }, { req, res, next }, { key, nonce, revalidating: true }) : serve(req, res, page, nonce)));
  };
  return { middleware, answer };
}
