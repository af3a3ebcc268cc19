// The page cache for the app's database: a LISTEN connection for the storefront's changes, the cache
// (server/page-cache.ts) and its handlers (server/page-cache-handlers.ts), put together.
import type pg from "pg";
import { dedicatedClients, type Database } from "../app/server/db/database.server";
import { listenConnection } from "../app/server/db/listen-connection.server";
import { PageCache, parseStorefrontChange, STOREFRONT_CHANGES_CHANNEL, type PageCacheOptions, type StorefrontChange } from "./page-cache";
import { pageCacheHandlers, type PageCacheMiddlewareOptions } from "./page-cache-handlers";
import { renderAhead } from "./render-ahead";

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
    crawlerRenders,
    mustRender,
    renderAheadOn,
    ...options
  }: PageCacheOptions &
    PageCacheMiddlewareOptions & {
      listener?: StorefrontChangeListenerOptions;
      alsoFollowing?: StorefrontDataCache[];
      /** The render workers' socket: the pages a change touches are rendered there again at once (server/render-ahead.ts). */
      renderAheadOn?: string;
    },
) {
  const newClient = dedicatedClients(db, "erick-page-cache");
  const cache = new PageCache(options);
  peers?.onFinished((key, outcome) => {
    if (outcome.kind === "page") cache.storeShared(key, outcome.page);
    else if (outcome.kind === "forget") cache.forget(key);
    else cache.abandonRevalidation(key);
  });
  const listener = listenForStorefrontChanges(newClient, [cache, ...alsoFollowing], listenerOptions);
  const { middleware, answer } = pageCacheHandlers(cache, { variantOf, peers, crawlerRenders, mustRender });
  const ahead = renderAheadOn ? renderAhead({ cache, peers, socketPath: renderAheadOn, plainVariant: variantOf ? variantOf(undefined) : "" }) : undefined;
  return {
    cache,
    middleware,
    answer,
    close: async () => {
      ahead?.close();
      crawlerRenders?.close();
      await listener.close();
    },
  };
}
