// The catalogue feeds (/feeds/meta.csv, /feeds/google.xml): one generator, two formats, streamed.
//
//   If-None-Match ──▶ the change counter (one query, feed-version.server.ts) ──same──▶ 304
//   otherwise ──▶ repeatable-read transaction: the counter (the ETag) and the settings, then keyset
//                 pages of 500 products, each page written to the response as the client takes it
//
// The first byte goes out as soon as the first page is read; the feed (100,000 products × 5 variants
// is about 300 MB of CSV) is never whole in memory or on disk: a page or two ahead of the client. The
// ETag is the catalogue's change count in the feed's own snapshot, with the origin and the code's
// revision of the formats, so every worker and instance that reads the same catalogue answers the same
// ETag, and a platform's conditional fetch costs a 304 from a worker that never built the feed.
import { createHash } from "node:crypto";
import { FEED_FORMATS, type FeedFormat } from "~/lib/channels/channels";
import type { Database } from "../db/database.server";
import { log } from "../log/logger.server";
import { getSettings } from "../group/settings.server";
import { feedCatalogPages, type FeedCatalogProduct } from "./feed-catalog.server";
import { FEED_WRITERS } from "./feed-formats.server";
import { feedEntry } from "./feed-items.server";
import { foldWhenLong, storefrontChangeCount } from "./feed-version.server";

/** What each feed's links say to the shop's reports about where the visit came from. */
const FEED_UTM_SOURCE: Record<FeedFormat, string> = {
  meta: "meta",
  google: "google",
};
/**
 * The formats' revision: part of the ETag, so a release that writes the same catalogue differently
 * (a new column, another escaping) is fetched again. Raise it with any change to what a feed says.
 */
const FEED_FORMAT_REVISION = 2;
/** Feeds streamed at once by this process; a request beyond them waits for one to end. */
const MAX_STREAMS = 2;
/** How long a request waits for a place before a 503 (the platforms retry). */
const STREAM_WAIT_MS = 30_000;

/** `"meta-1234-AbCdEfGhIj"`: the format, the change count, and a hash of the origin and the formats' revision. */
export function feedEtag(format: FeedFormat, changeCount: number, origin: string): string {
  const variant = createHash("sha256").update(`${FEED_FORMAT_REVISION}\n${origin}`).digest("base64url").slice(0, 10);
  return `"${format}-${changeCount}-${variant}"`;
}

/** RFC 9110: weak comparison of If-None-Match with the ETag (a `*` matches any). */
function matchesIfNoneMatch(ifNoneMatch: string, etag: string): boolean {
  const tags = ifNoneMatch.split(",").map((tag) => tag.trim().replace(/^W\//, ""));
  return tags.includes("*") || tags.includes(etag);
}

/**
 * Heap and array buffers a feed may leave behind before it asks for a full collection. A page's rows,
 * entries and bytes live across two scavenges (a page is read, written and sent over several), so V8
 * promotes them, about 4 MB of old generation per 500 products, and collects them only when the old
 * generation reaches a limit set from the live heap: about +100 MB of resident memory for one feed at
 * 20,000 products even with nothing held (docs/benchmarks.md, "Feeds at 100,000 products"). A full
 * collection of a worker's ~50 MB live heap takes 10–40 ms, one per about 1,600 products.
 */
const FEED_GARBAGE_BUDGET = 16 * 2 ** 20;
/** V8's full collection: the workers run with `--expose-gc` (server/workers.ts); absent elsewhere (tests, one process). */
const collectGarbage = (globalThis as { gc?: () => void }).gc;

/** The heap and array buffers in use: what a feed's garbage adds to. */
function heldMemory(): number {
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

/** At most MAX_STREAMS feeds generated at once by this process: each holds a transaction and a connection. */
class StreamPlaces {
  private used = 0;
  private readonly waiting: (() => void)[] = [];

  /** A place, or false after STREAM_WAIT_MS. */
  async take(): Promise<boolean> {
    if (this.used < MAX_STREAMS) {
      this.used += 1;
      return true;
    }
    return new Promise<boolean>((resolve) => {
      const grant = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(grant), 1);
        resolve(false);
      }, STREAM_WAIT_MS);
      this.waiting.push(grant);
    });
  }

  release() {
    const next = this.waiting.shift();
    if (next) next();
    else this.used -= 1;
  }
}

const places = new StreamPlaces();

type OpenedFeed = { etag: string; body: ReadableStream<Uint8Array> };

/**
 * One feed of the whole catalogue as a stream: one repeatable-read transaction (one moment of the
 * catalogue, whose change count is the ETag), read in keyset pages, a page read when the client has
 * taken the one before. Resolves once the ETag is known; `done` runs when the stream ends either way.
 */
function openFeedStream(db: Database, format: FeedFormat, origin: string, done: () => void): Promise<OpenedFeed> {
  return new Promise<OpenedFeed>((resolve, reject) => {
    let opened = false;
    const started = performance.now();
    const transaction = db.transaction(
      async (tx) => {
        // The first statement takes the snapshot: the count and the pages are the same moment.
        const { count, unfolded } = await storefrontChangeCount(tx);
        foldWhenLong(db, unfolded, (error) => log.warn({ err: error }, "feeds: folding the change counter failed"));
        const settings = await getSettings(tx);
        const { body, finished } = feedBody(feedCatalogPages(tx), format, origin, settings.storeName, started);
        opened = true;
        resolve({ etag: feedEtag(format, count, origin), body });
        // The transaction stays open (its snapshot, its connection) until the stream ends.
        await finished;
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    transaction
      .catch((error: unknown) => {
        if (!opened) reject(error instanceof Error ? error : new Error(String(error)));
        else log.error({ err: error }, `feed ${format}: the transaction failed`);
      })
      .finally(done);
  });
}

/** What a feed wrote, for its log line. */
type FeedCounts = { items: number; leftOut: number; excluded: number; bytes: number };

/**
 * The feed's bytes as the client takes them: the head at once, then a page's text per pull, then the
 * tail. `finished` resolves when the stream ends (read to the end, failed or cancelled), after which
 * nothing reads `pages` any more.
 */
function feedBody(
  pages: AsyncGenerator<FeedCatalogProduct[]>,
  format: FeedFormat,
  origin: string,
  storeName: string,
  started: number,
): { body: ReadableStream<Uint8Array>; finished: Promise<void> } {
  const writer = FEED_WRITERS[format];
  const encoder = new TextEncoder();
  const counts: FeedCounts = { items: 0, leftOut: 0, excluded: 0, bytes: 0 };
  const collectWhenOverBudget = garbageCollection();
  let cancelled = false;
  let reading: Promise<void> = Promise.resolve();
  let finish!: () => void;
  const finished = new Promise<void>((resolveFinished) => (finish = resolveFinished));
  const bytes = (text: string) => {
    const chunk = encoder.encode(text);
    counts.bytes += chunk.byteLength;
    return chunk;
  };
  async function read(controller: ReadableStreamDefaultController<Uint8Array>) {
    try {
      // Pages of products that all left out write nothing: read on until there is text.
      for (;;) {
        const next = await pages.next();
        if (cancelled) return;
        if (next.done) {
          if (writer.tail) controller.enqueue(bytes(writer.tail));
          controller.close();
          // The products left out are reported here and, one by one, on /admin/canais.
          log.info(
            `feed ${format}: ${counts.items} items, ${counts.leftOut} products left out (no picture, price or description), ` +
              `${counts.excluded} left out by the admin; ${counts.bytes} bytes in ${Math.round(performance.now() - started)} ms`,
          );
          finish();
          return;
        }
        const chunk = pageText(next.value, format, origin, counts);
        if (chunk) {
          controller.enqueue(bytes(chunk));
          collectWhenOverBudget();
          return;
        }
      }
    } catch (error) {
      // The status went out with the headers: the body stops short, and the client sees a cut download.
      log.error({ err: error }, `feed ${format}: reading the catalogue failed mid-stream`);
      controller.error(error);
      finish();
    }
  }
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(bytes(writer.head({ title: storeName, link: origin, description: `Catálogo de ${storeName}` })));
      },
      pull(controller) {
        reading = read(controller);
        return reading;
      },
      async cancel() {
        cancelled = true;
        // A page being read finishes on the transaction's connection before it commits.
        await reading;
        await pages.return(undefined).catch(() => {});
        finish();
      },
    },
    // One page ahead of the client, no more.
    { highWaterMark: 1 },
  );
  return { body, finished };
}

/** A page's products in the feed's format, counted; "" when every one of them is left out. */
function pageText(page: FeedCatalogProduct[], format: FeedFormat, origin: string, counts: FeedCounts): string {
  let chunk = "";
  for (const product of page) {
    if (product.excludedBy) {
      counts.excluded += 1;
      continue;
    }
    const entry = feedEntry(product, origin, FEED_UTM_SOURCE[format]);
    if (!entry.listed) {
      counts.leftOut += 1;
      continue;
    }
    chunk += FEED_WRITERS[format].items(entry.items);
    counts.items += entry.items.length;
  }
  return chunk;
}

/** A check to call after each page: a full collection once the feed's garbage passes FEED_GARBAGE_BUDGET. */
function garbageCollection(): () => void {
  let heldAfterCollection = collectGarbage ? heldMemory() : 0;
  return () => {
    if (collectGarbage && heldMemory() - heldAfterCollection > FEED_GARBAGE_BUDGET) {
      collectGarbage();
      heldAfterCollection = heldMemory();
    }
  };
}

/**
 * The feed as a response: 304 when the client has it (one query), else the feed streamed. `origin`: the
 * shop's public origin (shopPublicOrigin), which every link and image in the feed starts with.
 */
export async function feedResponse(request: Request, { db }: { db: Database }, format: FeedFormat, origin: string): Promise<Response> {
  if (!FEED_FORMATS.includes(format)) throw new Error(`unknown feed ${format}`);
  const headers = new Headers({
    // The platforms fetch hourly; a proxy or the browser asks again every time.
    "Cache-Control": "no-cache",
    "Content-Type": FEED_WRITERS[format].contentType,
  });
  const ifNoneMatch = request.headers.get("if-none-match");
  if (ifNoneMatch !== null || request.method === "HEAD") {
    const etag = feedEtag(format, (await storefrontChangeCount(db)).count, origin);
    headers.set("ETag", etag);
    if (ifNoneMatch !== null && matchesIfNoneMatch(ifNoneMatch, etag)) {
      headers.delete("Content-Type");
      return new Response(null, { status: 304, headers });
    }
    if (request.method === "HEAD") return new Response(null, { status: 200, headers });
  }
  if (!(await places.take())) {
    log.warn(`feed ${format}: ${MAX_STREAMS} feeds were being generated for ${STREAM_WAIT_MS} ms`);
    return new Response("O catálogo está sendo gerado. Tente novamente em instantes.", {
      status: 503,
      headers: {
        "Retry-After": "60",
        "Content-Type": "text/plain; charset=utf-8",
      },
    });
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    places.release();
  };
  const { etag, body } = await openFeedStream(db, format, origin, release).catch((error: unknown) => {
    release();
    throw error;
  });
  headers.set("ETag", etag);
  return new Response(body, { status: 200, headers });
}
