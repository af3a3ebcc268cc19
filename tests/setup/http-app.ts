// The app's real Express handler (server/app.ts) on a free loopback port, with a test file's load
// context, for tests that must go through everything a browser's request goes through:
//
//   const http = await startHttpApp(app.context);     // app from createTestContext(t)
//   await fetch(`${http.origin}/admin`, { headers: { cookie } });
//   const routeModule = await http.loadModule("/app/routes/admin/products.tsx");
//   afterAll(() => http.close());
//
// Vite loads server/app.ts as `npm run dev` does (module loading only: no file watching, hot reload
// or dependency pre-bundling), and the route modules are read from the sources.
import fs from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import express, { type Express } from "express";
import { createServer } from "vite";
import routeConfig from "~/routes";
import type { LoadContext } from "~/server/load-context.server";
import type { Logger } from "~/server/log/logger.server";

export type HttpApp = { origin: string; loadModule: (file: string) => Promise<Record<string, unknown>>; close: () => Promise<void> };

/**
 * `withSecurityHeaders`: the security headers server.js puts in front of the app, as in production.
 * `requestLog`: server.js's request logging in front of it, writing to that logger.
 * `pageCache`: a page cache's middleware (server/page-cache.ts), mounted behind the security headers
 * (whose nonce it needs) as server.js mounts it.
 */
export async function startHttpApp(
  context: LoadContext,
  {
    withSecurityHeaders = false,
    requestLog,
    pageCache,
  }: { withSecurityHeaders?: boolean; requestLog?: { logger: Logger; trustProxy: boolean }; pageCache?: express.RequestHandler } = {},
): Promise<HttpApp> {
  const cacheDir = await fs.mkdtemp(path.join(os.tmpdir(), "erick-http-app-vite-"));
  const vite = await createServer({
    configFile: path.resolve("vite.config.ts"),
    server: { middlewareMode: true, hmr: false, watch: null, ws: false },
    appType: "custom",
    logLevel: "error",
    cacheDir,
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  const { createApp } = (await vite.ssrLoadModule("/server/app.ts")) as { createApp: (services: LoadContext & { close: () => Promise<void> }) => Express };
  const app = createApp({ ...context, close: async () => {} });
  if (requestLog) {
    const { requestLogging } = (await vite.ssrLoadModule("/server/request-log.ts")) as {
      requestLogging: (logger: Logger, options: { trustProxy: boolean }) => express.RequestHandler;
    };
    const outer = express();
    outer.disable("x-powered-by");
    outer.set("trust proxy", requestLog.trustProxy ? "loopback" : false);
    outer.use(requestLogging(requestLog.logger, { trustProxy: requestLog.trustProxy }));
    outer.use(app);
    return listen(outer, vite, cacheDir);
  }
  if (withSecurityHeaders || pageCache) {
    const { securityHeaders } = (await vite.ssrLoadModule("/server/security-headers.ts")) as {
      securityHeaders: (options: { enforceCsp: boolean; https: boolean; mediaUrl?: string }) => express.RequestHandler;
    };
    const outer = express();
    outer.use(securityHeaders({ enforceCsp: true, https: false, mediaUrl: context.config.mediaUrl }));
    if (pageCache) outer.use(pageCache);
    outer.use(app);
    outer.disable("x-powered-by");
    return listen(outer, vite, cacheDir);
  }
  return listen(app, vite, cacheDir);
}

async function listen(app: Express, vite: Awaited<ReturnType<typeof createServer>>, cacheDir: string): Promise<HttpApp> {
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    loadModule: (file) => vite.ssrLoadModule(file),
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await vite.close();
      await fs.rm(cacheDir, { recursive: true, force: true });
    },
  };
}

export type RouteEntry = { id: string; file: string; pattern: string; index: boolean };

/** Every route of app/routes.ts, with its full path pattern ("admin/pedidos/:id"). */
export function allRoutes(entries: RouteConfigEntry[] = routeConfig as RouteConfigEntry[], parent = ""): RouteEntry[] {
  return entries.flatMap((entry) => {
    const pattern = entry.path ? [parent, entry.path].filter(Boolean).join("/") : parent;
    const route = { id: entry.id ?? entry.file.replace(/\.[jt]sx?$/, ""), file: entry.file, pattern, index: entry.index === true };
    return [route, ...allRoutes(entry.children ?? [], pattern)];
  });
}
