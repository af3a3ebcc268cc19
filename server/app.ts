import "react-router";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import type { Services } from "~/server/services.server";
import "~/server/load-context.server";

export { loadConfig, ConfigError } from "~/server/config.server";
export { startServices } from "~/server/services.server";

/** The React Router part of the Express app; server.js adds compression and static files around it. */
export function createApp(services: Services) {
  const app = express();
  app.disable("x-powered-by");
  // Media files get a random name when stored and are never rewritten, so they cache for a year.
  app.use(
    "/media",
    express.static(services.config.mediaDir, { immutable: true, maxAge: "1y", index: false, fallthrough: false }),
  );
  app.use(
    createRequestHandler({
      build: () => import("virtual:react-router/server-build"),
      getLoadContext: () => ({ db: services.db, config: services.config }),
    }),
  );
  return app;
}
