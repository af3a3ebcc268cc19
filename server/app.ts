import "react-router";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { CLIENT_IP_HEADER } from "~/server/auth/auth.server";
import { refuseCrossSiteWrites } from "./cross-site-writes";
import { withMethodNotAllowed } from "./method-not-allowed";
import type { Services } from "~/server/services.server";
import "~/server/load-context.server";
import { discardUnreadBodies } from "./unread-body";

export { loadConfig, ConfigError } from "~/server/config.server";
export { startServices } from "~/server/services.server";
export { securityHeaders } from "./security-headers";
export { startPageCache } from "./page-cache";

/** The React Router part of the Express app; server.js adds compression and static files around it. */
export function createApp(services: Services) {
  const app = express();
  app.disable("x-powered-by");
  app.use(discardUnreadBodies);
  // Before anything that could act on a request: no write sent by another site's page runs at all.
  app.use(refuseCrossSiteWrites(services.config));
  // Media files get a random name when stored and are never rewritten, so they cache for a year.
  app.use(
    "/media",
    express.static(services.config.mediaDir, { immutable: true, maxAge: "1y", index: false, fallthrough: false }),
  );
  // Behind a reverse proxy every request comes from the proxy: TRUST_PROXY says whose
  // X-Forwarded-For to believe, so each shopper keeps their own rate-limit counters.
  app.set("trust proxy", services.config.trustProxy);
  // The only client address the auth layer trusts (rate limits, sessions): the connection's, or what
  // Express derives from X-Forwarded-For when `trust proxy` is configured. A client-sent value is replaced.
  app.use((req, _res, next) => {
    req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? "";
    next();
  });
  app.use(
    createRequestHandler({
      build: () => import("virtual:react-router/server-build").then(withMethodNotAllowed),
      getLoadContext: (_req, res) => ({
        db: services.db,
        config: services.config,
        auth: services.auth,
        sendEmail: services.sendEmail,
        cspNonce: String(res.locals.cspNonce ?? ""),
      }),
    }),
  );
  return app;
}
