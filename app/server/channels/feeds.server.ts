// The catalogue feeds (/feeds/meta.csv, /feeds/google.xml): one generator, two formats.
//
//   request ──▶ FeedCache (per process) ──kept and unchanged──▶ 304, or the kept file
//                   │ stale or none
//                   ▼ one generation per feed at a time (joined by the requests that arrive meanwhile)
//   advisory lock (one generation per feed across workers and instances)
//     ──▶ repeatable-read transaction, keyset pages of 500 products ──▶ file in DATA_DIR/feeds + hash
//
// The file, not memory, holds the feed (100,000 products × 5 variants is about 300 MB of CSV), and is
// streamed to the response. Its ETag is the hash of its bytes, so every worker and instance that
// generated the same catalogue answers the same ETag, and a platform's conditional fetch costs a 304
// whichever process takes it. The storefront's change notifications (server/page-cache.ts, also sent
// for the channel tables by migration 0012) mark the kept feeds stale; while they cannot be heard
// (and in development), every request generates again, one at a time.
import { createHash } from "node:crypto";
import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { FEED_FORMATS, type FeedFormat } from "~/lib/channels/channels";
import type { AppConfig } from "../config.server";
import type { Database } from "../db/database.server";
import { log } from "../log/logger.server";
import { getSettings } from "../group/settings.server";
import { feedCatalogPages } from "./feed-catalog.server";
import { FEED_WRITERS } from "./feed-formats.server";
import { feedEntry } from "./feed-items.server";

/** What each feed's links say to the shop's reports about where the visit came from. */
const FEED_UTM_SOURCE: Record<FeedFormat, string> = { meta: "meta", google: "google" };
/** pg_advisory locks of the app are 727_0xx; the feeds take one each. */
const FEED_LOCKS: Record<FeedFormat, number> = { meta: 727_010, google: 727_011 };
/** How long a request waits for another worker's generation of the same feed before a 503. */
const LOCK_WAIT_MS = 120_000;
/** Feed files older than this are leftovers of a process that stopped (none is streamed this long). */
const LEFTOVER_AGE_MS = 24 * 60 * 60 * 1000;

export type GeneratedFeed = {
  format: FeedFormat;
  file: string;
  etag: string;
  lastModified: Date;
  bytes: number;
  items: number;
  /** Products that cannot be listed (no picture, price or description). */
  leftOut: number;
  /** Products the admin left out of the feeds (themselves or their shop). */
  excluded: number;
};

export class FeedBusyError extends Error {}

type Running = { token: number; result: Promise<GeneratedFeed> };

/**
 * One process's feeds: the last one generated of each format (kept while the change notifications
 * say nothing changed), and the generation running, which requests join instead of starting another.
 */
export class FeedCache {
  private enabled = false;
  private token = 0;
  private readonly kept = new Map<FeedFormat, GeneratedFeed>();
  private readonly running = new Map<FeedFormat, Running>();
  /** Each format's last files: the newest two stay (a response may still be reading the older). */
  private readonly files = new Map<FeedFormat, GeneratedFeed[]>();
  private sequence = 0;
  private leftoversRemoved = false;

  setEnabled(enabled: boolean) {
    this.enabled = enabled;
    this.clear();
  }

  /** The catalogue changed: kept feeds, and generations started before now, are stale. */
  clear() {
    this.token += 1;
    this.kept.clear();
  }

  async feed(format: FeedFormat, generate: (file: string) => Promise<Omit<GeneratedFeed, "file" | "lastModified">>, dir: string): Promise<GeneratedFeed> {
    for (;;) {
      const kept = this.enabled ? this.kept.get(format) : undefined;
      if (kept) return kept;
      const running = this.running.get(format);
      if (!running) return this.start(format, generate, dir).result;
      // Joined when it read the catalogue after the last change (or when no change can be heard);
      // otherwise awaited, and the next round starts a fresh one (once, for every request waiting).
      if (!this.enabled || running.token === this.token) return running.result;
      await running.result.catch(() => {});
    }
  }

  private start(format: FeedFormat, generate: (file: string) => Promise<Omit<GeneratedFeed, "file" | "lastModified">>, dir: string): Running {
    const token = this.token;
    const result = (async () => {
      await fs.mkdir(dir, { recursive: true });
      if (!this.leftoversRemoved) {
        this.leftoversRemoved = true;
        await removeLeftovers(dir);
      }
      this.sequence += 1;
      const file = path.join(dir, `${format}-${process.pid}-${this.sequence}`);
      try {
        const generated = await generate(`${file}.part`);
        await fs.rename(`${file}.part`, file);
        const previous = this.files.get(format)?.[0];
        // The same bytes as before keep their date, so If-Modified-Since agrees with If-None-Match.
        const lastModified = previous?.etag === generated.etag ? previous.lastModified : new Date(Math.floor(Date.now() / 1000) * 1000);
        const feed: GeneratedFeed = { ...generated, file, lastModified };
        const files = [feed, ...(this.files.get(format) ?? [])];
        this.files.set(format, files.slice(0, 2));
        await Promise.all(files.slice(2).map((old) => fs.rm(old.file, { force: true })));
        if (this.enabled && token === this.token) this.kept.set(format, feed);
        return feed;
      } catch (error) {
        await fs.rm(`${file}.part`, { force: true });
        throw error;
      } finally {
        this.running.delete(format);
      }
    })();
    const running = { token, result };
    this.running.set(format, running);
    return running;
  }
}

async function removeLeftovers(dir: string) {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const now = Date.now();
  await Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      const stat = await fs.stat(file).catch(() => null);
      if (stat && now - stat.mtimeMs > LEFTOVER_AGE_MS) await fs.rm(file, { force: true });
    }),
  );
}

/** Without the server's cache (development, tests): one per database, never kept, still one generation at a time. */
const uncachedFeeds = new WeakMap<Database, FeedCache>();

export function feedCacheFor(db: Database, cache: FeedCache | undefined): FeedCache {
  if (cache) return cache;
  let fallback = uncachedFeeds.get(db);
  if (!fallback) {
    fallback = new FeedCache();
    uncachedFeeds.set(db, fallback);
  }
  return fallback;
}

/**
 * Writes one feed of the whole catalogue to `file`: one repeatable-read transaction (one moment of
 * the catalogue), read in keyset pages, each page written before the next is read.
 */
export async function writeFeed(db: Database, format: FeedFormat, origin: string, file: string) {
  const writer = FEED_WRITERS[format];
  const out = createWriteStream(file);
  const hash = createHash("sha256");
  let bytes = 0;
  const write = async (text: string) => {
    if (!text) return;
    const chunk = Buffer.from(text, "utf8");
    hash.update(chunk);
    bytes += chunk.length;
    if (!out.write(chunk)) await once(out, "drain");
  };
  const counts = { items: 0, leftOut: 0, excluded: 0 };
  const started = performance.now();
  try {
    await db.transaction(async (lockTx) => {
      // Taken on a connection of its own, before the feed's transaction starts: its snapshot is then
      // taken after another worker's generation of the same feed has finished. Asked again and again
      // rather than waited for in one query, which would outlast the pool's 15 s query timeout.
      const deadline = Date.now() + LOCK_WAIT_MS;
      while (!(await lockTx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(${FEED_LOCKS[format]}) as locked`)).rows[0]?.locked) {
        if (Date.now() > deadline) throw new FeedBusyError(`feed ${format}: another generation held the lock for ${LOCK_WAIT_MS} ms`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      await db.transaction(
        async (tx) => {
          const settings = await getSettings(tx);
          await write(writer.head({ title: settings.storeName, link: origin, description: `Catálogo de ${settings.storeName}` }));
          for await (const page of feedCatalogPages(tx)) {
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
              for (const item of entry.items) chunk += writer.item(item);
              counts.items += entry.items.length;
            }
            await write(chunk);
          }
          await write(writer.tail);
        },
        { isolationLevel: "repeatable read", accessMode: "read only" },
      );
    });
    out.end();
    await once(out, "finish");
  } catch (error) {
    out.destroy();
    throw error;
  }
  // The products left out are reported here and, one by one, on /admin/canais.
  log.info(
    `feed ${format}: ${counts.items} items, ${counts.leftOut} products left out (no picture, price or description), ` +
      `${counts.excluded} left out by the admin; ${bytes} bytes in ${Math.round(performance.now() - started)} ms`,
  );
  return { format, etag: `"${format}-${hash.digest("base64url").slice(0, 27)}"`, bytes, ...counts };
}

/** RFC 9110: If-None-Match decides when present (weak comparison); If-Modified-Since only without it. */
function notModified(request: Request, feed: GeneratedFeed): boolean {
  const ifNoneMatch = request.headers.get("if-none-match");
  if (ifNoneMatch !== null) {
    const tags = ifNoneMatch.split(",").map((tag) => tag.trim().replace(/^W\//, ""));
    return tags.includes("*") || tags.includes(feed.etag);
  }
  const since = Date.parse(request.headers.get("if-modified-since") ?? "");
  return Number.isFinite(since) && feed.lastModified.getTime() <= since;
}

/**
 * The feed as a response: 304 when the client has it, else the file streamed. `origin`: the shop's
 * public origin (shopPublicOrigin), which every link and image in the feed starts with.
 */
export async function feedResponse(
  request: Request,
  { db, config, feedCache }: { db: Database; config: AppConfig; feedCache?: FeedCache },
  format: FeedFormat,
  origin: string,
): Promise<Response> {
  if (!FEED_FORMATS.includes(format)) throw new Error(`unknown feed ${format}`);
  let feed: GeneratedFeed;
  try {
    feed = await feedCacheFor(db, feedCache).feed(format, (file) => writeFeed(db, format, origin, file), path.join(config.dataDir, "feeds"));
  } catch (error) {
    if (!(error instanceof FeedBusyError)) throw error;
    log.warn(error.message);
    return new Response("O catálogo está sendo gerado. Tente novamente em instantes.", {
      status: 503,
      headers: { "Retry-After": "60", "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const headers = new Headers({
    ETag: feed.etag,
    "Last-Modified": feed.lastModified.toUTCString(),
    // The platforms fetch hourly; a proxy or the browser asks again every time.
    "Cache-Control": "no-cache",
    "X-Feed-Items": String(feed.items),
    "X-Feed-Left-Out": String(feed.leftOut),
  });
  if (notModified(request, feed)) return new Response(null, { status: 304, headers });
  headers.set("Content-Type", FEED_WRITERS[format].contentType);
  headers.set("Content-Length", String(feed.bytes));
  if (request.method === "HEAD") return new Response(null, { status: 200, headers });
  const body = Readable.toWeb(createReadStream(feed.file)) as ReadableStream<Uint8Array>;
  return new Response(body, { status: 200, headers });
}
