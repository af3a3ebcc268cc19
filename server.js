// Starts the shop: the database and its seed, then the HTTP server. `npm start` runs the production
// build in WEB_CONCURRENCY processes (one per core by default, server/workers.ts): this process
// prepares the database and keeps the workers running; each worker serves requests. With one process
// (WEB_CONCURRENCY=1, a 1-core machine) or in development (`npm run dev`: Vite in middleware mode),
// this process does both.
import cluster from "node:cluster";
import http from "node:http";
import compression from "compression";
import express from "express";

const DEVELOPMENT = process.env.NODE_ENV !== "production";
/** On a stop, requests in flight get this long to finish before their connections are closed. */
const STOP_GRACE_MS = 10_000;
/** How the primary tells its workers where the database it prepared is. */
const WORKER_DATABASE_URL = "ERICK_WORKER_DATABASE_URL";
/** How the primary tells the workers serving shoppers where the render workers listen (server/crawler-renders.ts). */
const RENDER_WORKERS_SOCKET = "ERICK_RENDER_WORKERS_SOCKET";
/** And a render worker where to listen. */
const RENDER_WORKER_LISTEN = "ERICK_RENDER_WORKER_LISTEN";

const viteDevServer = DEVELOPMENT
  ? await import("vite").then((vite) => vite.createServer({ server: { middlewareMode: true } }))
  : undefined;
const serverModule = viteDevServer
  ? await viteDevServer.ssrLoadModule("./server/app.ts")
  : await import("./build/server/index.js");

// The addresses the page cache keeps, as the routes declare them in their modules' `handle`.
const cachedPages = viteDevServer ? undefined : await serverModule.cachedStorefrontPages();

serverModule.leaveShutdownSignalsToTheServer();
const { log } = serverModule;

let config;
try {
  config = serverModule.loadConfig();
  // HOST checked by listening on it, before the data directory, the database or the keys exist.
  await serverModule.checkListenAddress(config.host);
} catch (error) {
  if (error instanceof serverModule.ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
log.level = config.logLevel;

/**
 * Express with everything around the app: security headers, compression, the page cache, static files.
 * `renderWorkersSocket`: where crawlers' misses are rendered instead; `listenPath`: a render worker's
 * socket, in place of the shop's address.
 */
function startWebServer(services, onListening, { renderWorkersSocket, listenPath } = {}) {
  const app = express();
  app.disable("x-powered-by");
  // The client's address as the request log and the app see it (server/app.ts sets the same).
  app.set("trust proxy", config.trustProxy);
  // What every response needs, at the front door (server/front-door.ts), before a page-cache hit is sent.
  const steps = [
    // `GET http://host/path`: answered as the path, before the log, the page cache and static files look at it.
    serverModule.answerAbsoluteFormAsPath,
    // First, so that page-cache hits and static files are logged too (health checks are not).
    serverModule.requestLogging(log, { trustProxy: config.trustProxy }),
    serverModule.securityHeaders({
      enforceCsp: !viteDevServer,
      https: config.publicUrl?.startsWith("https://") ?? false,
      mediaUrl: config.mediaUrl,
    }),
  ];
  app.use(compression({ brotli: serverModule.PAGE_BROTLI }));
  // Whole storefront pages, the same for every shopper, re-rendered after a change (server/page-cache.ts).
  // Hits are sent at the front door; its middleware, before the static files (its pages are none of
  // them), renders and keeps the rest.
  // The storefront shell's settings, shops and stores between requests, cleared by the same notifications.
  // Not in a render worker: a render ahead may reach it before its own notification of the change does,
  // and must read the change (server/render-ahead.ts).
  const groupDataCache = viteDevServer || listenPath ? undefined : new serverModule.GroupDataCache();
  // Each category's newest products, for the product pages' related products: the same notifications.
  const categoryNewestCache = viteDevServer || listenPath ? undefined : new serverModule.CategoryNewestCache();
  const pageCache = viteDevServer
    ? undefined
    : serverModule.startPageCache(services.db, {
        pages: cachedPages,
        alsoFollowing: [groupDataCache, categoryNewestCache].filter((cache) => cache !== undefined),
        // The same page for every shopper; with a session cookie, the form that links the style sheet.
        variantOf: (cookie) => (serverModule.sessionCookieIn(cookie, services.auth) ? "session" : "no-session"),
        // One worker renders a stale page for all of them (server/page-render-peers.ts); render workers
        // keep their own pages (crawlers').
        peers: cluster.isWorker && !listenPath ? serverModule.workerRenderPeers() : undefined,
        crawlerRenders: renderWorkersSocket ? serverModule.crawlerRenders(renderWorkersSocket) : undefined,
        // The pages a change touches rendered again there at once (server/render-ahead.ts).
        renderAheadOn: renderWorkersSocket,
        // On a render worker's own socket: a render ahead is rendered whatever it keeps.
        mustRender: listenPath ? (req) => req.headers[serverModule.RENDER_AHEAD_HEADER] !== undefined : undefined,
      });
  if (pageCache) app.use(pageCache.middleware);
  if (viteDevServer) {
    app.use(viteDevServer.middlewares);
  } else {
    // Vite fingerprints everything under /assets, so it can be cached for a year.
    // Scripts and styles as the build compressed them, when the browser takes Brotli.
    app.use("/assets", serverModule.precompressedAssets("build/client/assets"), express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
    // Only names with an extension (/favicon.svg) can be files here: pages skip the look-up on disk.
    const publicFiles = express.static("build/client", { maxAge: "1h", index: false });
    app.use((req, res, next) => (/\.[^/]*$/.test(req.path) ? publicFiles(req, res, next) : next()));
  }
  app.use(serverModule.createApp({ ...services, groupDataCache, categoryNewestCache }));
  const server = http.createServer(serverModule.frontDoor(app, { steps, answer: pageCache?.answer, log }));
  if (listenPath) server.listen(listenPath, onListening);
  else server.listen(config.port, config.host, onListening);
  // A port taken or an address gone since the configuration was checked: said plainly, not as an
  // unhandled 'error' event's stack trace.
  server.on("error", (error) => {
    log.fatal({ err: error }, `Não foi possível escutar em ${config.host ?? "todos os endereços"}:${config.port} (${error.code ?? error.message}): verifique HOST e PORT.`);
    process.exit(1);
  });
  return {
    // No new connections; idle keep-alive ones close now, live-order streams end with a retry hint,
    // requests in flight finish (a stuck client is cut after STOP_GRACE_MS).
    close: async () => {
      const closed = new Promise((resolve) => server.close(resolve));
      server.closeIdleConnections();
      // Live order streams never finish by themselves: ended now, with a hint to reconnect in 2 s.
      await serverModule.closeOrderEventStreams(services.db);
      const deadline = setTimeout(() => server.closeAllConnections(), STOP_GRACE_MS);
      await closed;
      clearTimeout(deadline);
      await viteDevServer?.close();
      await pageCache?.close();
    },
  };
}

/** Runs `stop` once, on the first SIGINT or SIGTERM, then exits 0. */
function onSignals(stop, { quiet = false } = {}) {
  let stopping = false;
  const shutdown = async (signal) => {
    if (stopping) return;
    stopping = true;
    if (!quiet) log.info(`${signal}: stopping`);
    await stop();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

const announce = (processes) => () =>
  log.info(`Shop listening on http://${config.host ?? "localhost"}:${config.port}${processes > 1 ? ` (${processes} processes)` : ""}`);

if (viteDevServer || config.webConcurrency === 1) {
  const services = await serverModule.startServices(config);
  const web = startWebServer(services, announce(1));
  onSignals(async () => {
    await web.close();
    await services.close();
  });
} else if (cluster.isPrimary) {
  const database = await serverModule.prepareDatabase(config);
  // Crawlers' misses rendered by workers of their own at a low priority (server/crawler-renders.ts).
  const renderSocket = config.renderWorkers > 0 ? serverModule.makeRenderWorkersSocket() : undefined;
  const workers = serverModule.startWorkers({
    count: config.webConcurrency,
    env: { [WORKER_DATABASE_URL]: database.url, ...(renderSocket ? { [RENDER_WORKERS_SOCKET]: renderSocket.path } : {}) },
    others: renderSocket ? { count: config.renderWorkers, env: { [WORKER_DATABASE_URL]: database.url, [RENDER_WORKER_LISTEN]: renderSocket.path } } : undefined,
  });
  // The workers log the requests; this process printed the start's action items, and repeats them on a
  // terminal once the workers' first burst of requests is over (app/server/log/terminal-lines.server.ts).
  cluster.on("message", (_worker, message) => {
    if (serverModule.isWorkerRequestNotice(message)) serverModule.noteRequestInWorker();
  });
  // The render workers keep their own pages: the shoppers' workers' are not sent to them.
  serverModule.coordinatePageRenders(cluster, { takesPages: (worker) => !workers.isOther(worker) });
  // Workers first (each closes its pool), then the database they were using.
  onSignals(async () => {
    await workers.stop();
    renderSocket?.remove();
    await database.close();
  });
  try {
    await workers.ready;
    announce(config.webConcurrency)();
  } catch (error) {
    log.error(error instanceof Error ? error.message : String(error));
    await workers.stop();
    renderSocket?.remove();
    await database.close();
    process.exit(1);
  }
} else {
  const services = serverModule.connectServices(config, process.env[WORKER_DATABASE_URL]);
  const listenPath = process.env[RENDER_WORKER_LISTEN];
  // A render worker takes only the time the shoppers' workers leave (server/crawler-renders.ts).
  if (listenPath) log.info(`render worker ${process.pid}: ${serverModule.yieldCoresToShoppers()}`);
  const web = startWebServer(services, undefined, { renderWorkersSocket: process.env[RENDER_WORKERS_SOCKET], listenPath });
  // A SIGINT from a terminal reaches the whole process group: the primary stops the database once
  // every worker has exited.
  onSignals(
    async () => {
      await web.close();
      await services.close();
    },
    { quiet: true },
  );
}
