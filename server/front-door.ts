import type { IncomingMessage, ServerResponse } from "node:http";
import type { Express, NextFunction, Request, RequestHandler, Response } from "express";
import type { Logger } from "~/server/log/logger.server";

export type FrontDoorOptions = {
  /** The middleware every answer needs, in order (the request log, the security headers…). */
  steps: RequestHandler[];
  /** Sends a response that needs nothing more (a page-cache hit): true when it did. */
  answer?: (req: Request, res: Response) => boolean;
  log: Logger;
};

/**
 * The server's request handler. Every request first goes through `steps`, called one after the other
 * without Express's router; then a response `answer` can give at once is sent, and anything else goes
 * to `app`. Most requests of a busy hour are page-cache hits, and for a hit the router, `compression`
 * and the app's own middleware cost more than the rest of it (docs/benchmarks-history.md, issue 29).
 */
export function frontDoor(app: Express, { steps, answer, log }: FrontDoorOptions) {
  return (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const req = incoming as Request;
    const res = outgoing as Response;
    // What Express's app.handle and router do first, so that the steps have its request and response
    // methods (req.path, req.ip, res.status…) and req.originalUrl; the app does it again, harmlessly.
    req.originalUrl = req.url;
    req.res = res;
    res.req = req;
    Object.setPrototypeOf(req, app.request);
    Object.setPrototypeOf(res, app.response);
    res.locals = Object.create(null) as Response["locals"];
    let index = 0;
    const next: NextFunction = (error?: unknown) => {
      if (error !== undefined && error !== null && error !== "route") return failed(error);
      const step = steps[index++];
      try {
        if (step) return void step(req, res, next);
        if (answer?.(req, res)) return;
      } catch (thrown) {
        return failed(thrown);
      }
      app(req, res);
    };
    // The steps are ours and do not fail; if one ever does, the shopper gets a page in Portuguese,
    // and the log the error, not the page.
    const failed = (error: unknown) => {
      log.error({ err: error }, "front door");
      if (res.headersSent) return void res.destroy();
      res.status(500).type("text/plain; charset=utf-8").send("Erro interno. Tente novamente em instantes.");
    };
    next();
  };
}
