// Starts the shop: the database and its seed, then the HTTP server. `npm start` runs the production
// build; `npm run dev` runs Vite in middleware mode for development.
import compression from "compression";
import express from "express";

const DEVELOPMENT = process.env.NODE_ENV !== "production";

const viteDevServer = DEVELOPMENT
  ? await import("vite").then((vite) => vite.createServer({ server: { middlewareMode: true } }))
  : undefined;
const serverModule = viteDevServer
  ? await viteDevServer.ssrLoadModule("./server/app.ts")
  : await import("./build/server/index.js");

let config;
try {
  config = serverModule.loadConfig();
} catch (error) {
  if (error instanceof serverModule.ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const services = await serverModule.startServices(config);
const app = express();
app.disable("x-powered-by");
app.use(
  serverModule.securityHeaders({
    enforceCsp: !viteDevServer,
    https: config.publicUrl?.startsWith("https://") ?? false,
  }),
);
app.use(compression());
// Whole pages for anonymous visitors, dropped whenever the catalogue changes (server/page-cache.ts).
// Before the static files: its pages are none of them, and a hit then skips their file look-up.
const pageCache = viteDevServer ? undefined : serverModule.startPageCache(services.db);
if (pageCache) app.use(pageCache.middleware);
if (viteDevServer) {
  app.use(viteDevServer.middlewares);
} else {
  // Vite fingerprints everything under /assets, so it can be cached for a year.
  app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
  app.use(express.static("build/client", { maxAge: "1h", index: false }));
}
app.use(serverModule.createApp(services));

const server = app.listen(config.port, () => {
  console.log(`Loja no ar em http://localhost:${config.port}`);
});

let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: encerrando…`);
  server.close();
  server.closeAllConnections?.();
  await viteDevServer?.close();
  await pageCache?.close();
  await services.close();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
