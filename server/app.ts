import "react-router";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { CLIENT_IP_HEADER } from "~/server/auth/auth.server";
import type { RequestLogFields } from "~/server/log/logger.server";
import { refuseCrossSiteWrites } from "./cross-site-writes";
import { healthChecks } from "./health";
import { refuseUnknownMethods, withMethodNotAllowed } from "./method-not-allowed";
import type { Services } from "~/server/services.server";
import type { GroupDataCache } from "~/server/read-models/storefront-shell.server";
import type { CategoryNewestCache } from "~/server/catalog/category-newest-cache.server";
import "~/server/load-context.server";
import { discardUnreadBodies } from "./unread-body";
import { answerAbsoluteFormAsPath } from "./request-target";
import { mediaFiles } from "./media-files";
import { cachedPagesOf, type CachedPages } from "./cached-pages";
import { feedDownloads } from "./feed-downloads";

export { loadConfig } from "~/server/config.server";
export { ConfigError } from "~/server/config/config-error.server";
export { checkListenAddress } from "~/server/config/listen-address.server";
export { connectServices, prepareDatabase, startServices } from "~/server/services.server";
export { leaveShutdownSignalsToTheServer } from "~/server/db/embedded-postgres.server";
export { securityHeaders } from "./security-headers";
export { PAGE_BROTLI } from "./page-cache-handlers";
export { startPageCache } from "./page-cache-start";
export { precompressedAssets } from "./precompressed-assets";
export { coordinatePageRenders, workerRenderPeers } from "./page-render-peers";
export { sessionCookieIn } from "~/server/auth/guards.server";
export { GroupDataCache } from "~/server/read-models/storefront-shell.server";
export { CategoryNewestCache } from "~/server/catalog/category-newest-cache.server";
export { closeOrderEventStreams } from "~/server/orders/order-events.server";
export { startWorkers } from "./workers";
export { crawlerRenders, makeRenderWorkersSocket, RENDER_AHEAD_HEADER, yieldCoresToShoppers } from "./crawler-renders";
export { frontDoor } from "./front-door";
export { requestLogging } from "./request-log";
export { answerAbsoluteFormAsPath } from "./request-target";
export { isWorkerRequestNotice, log, noteRequestInWorker } from "~/server/log/logger.server";

/**
 * The React Router part of the Express app; server.js adds compression and static files around it.
 * `groupDataCache`: the storefront shell's group data kept between requests, cleared by the page cache's
 * change notifications (server.js passes the one it gave `startPageCache`); `categoryNewestCache` the same
 * for the product pages' related products.
 */
export function createApp(services: Services & { groupDataCache?: GroupDataCache; categoryNewestCache?: CategoryNewestCache }) {
  const app = express();
  app.disable("x-powered-by");
  // server.js does this first too; here for the app on its own (tests, one-process tools).
  app.use(answerAbsoluteFormAsPath);
  // First: a health check reads no session and no body.
  app.use(healthChecks(services.db));
  app.use(refuseUnknownMethods);
  app.use(discardUnreadBodies);
  // Before anything that could act on a request: no write sent by another site's page runs at all.
  app.use(refuseCrossSiteWrites(services.config));
  app.use("/media", mediaFiles(services.config));
  // Behind a reverse proxy every request comes from the proxy: TRUST_PROXY says whose
  // X-Forwarded-For to believe, so each shopper keeps their own rate-limit counters.
  app.set("trust proxy", services.config.trustProxy);
  // The only client address the auth layer trusts (rate limits, sessions): the connection's, or what
  // Express derives from X-Forwarded-For when `trust proxy` is configured. A client-sent value is replaced.
  app.use((req, _res, next) => {
    req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? "";
    next();
  });
  // The security middleware set defaults (Cache-Control on private pages, Referrer-Policy); a route's
  // own header replaces the default instead of adding a second, contradicting value. Fetch's Headers
  // give each name once, joined, except Set-Cookie, which may repeat.
  app.use((_req, res, next) => {
    const append = res.append.bind(res);
    res.append = (field: string, value?: string | string[]) => (field.toLowerCase() === "set-cookie" ? append(field, value) : res.set(field, value));
    next();
  });
  app.use(feedDownloads(services));
  app.use(
    reactRouterHandler((_req, res) => ({
      db: services.db,
      config: services.config,
      auth: services.auth,
      emails: services.emails,
      cspNonce: String(res.locals.cspNonce ?? ""),
      groupDataCache: services.groupDataCache,
      categoryNewestCache: services.categoryNewestCache,
      requestLog: res.locals.requestLog as RequestLogFields | undefined,
    })),
  );
  return app;
}

/** The pages the page cache keeps, as the build's routes declare them (server/cached-pages.ts). */
export async function cachedStorefrontPages(): Promise<CachedPages> {
  const build = await import("virtual:react-router/server-build");
  return cachedPagesOf(
    Object.values(build.routes).flatMap((route) =>
      route ? [{ id: route.id, parentId: route.parentId, path: route.path, index: route.index, handle: route.module.handle }] : [],
    ),
  );
}

type GetLoadContext = NonNullable<Parameters<typeof createRequestHandler>[0]["getLoadContext"]>;

/**
 * React Router's handler. Given a function for the build, it calls it and derives its route table
 * (flattening and ranking every route, ~0.5 ms) again on every request: development needs that to
 * pick up edits. The production build never changes, so there it gets the build itself, once.
 */
function reactRouterHandler(getLoadContext: GetLoadContext): express.RequestHandler {
  const loadBuild = () => import("virtual:react-router/server-build").then(withMethodNotAllowed);
  if (import.meta.env.DEV) return createRequestHandler({ build: loadBuild, getLoadContext });
  const handler = loadBuild().then((build) => createRequestHandler({ build, getLoadContext }));
  return (req, res, next) => {
    handler.then((handle) => handle(req, res, next), next);
  };
}
