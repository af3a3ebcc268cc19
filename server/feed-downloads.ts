import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import type express from "express";
import { FEED_FORMATS, FEED_PATHS } from "~/lib/channels/channels";
import { feedResponse } from "~/server/channels/feeds.server";
import { shopPublicOrigin } from "~/server/group/public-origin.server";
import { log } from "~/server/log/logger.server";
import type { Services } from "~/server/services.server";

/**
 * The catalogue feeds (/feeds/meta.csv, /feeds/google.xml), sent by Express instead of React Router's
 * adapter: the adapter races each read of a body against a promise that settles only when the response
 * closes (`Promise.race`), and V8 keeps every race's result, each chunk of the body, until it does. A
 * page is a few KB; a feed is 200–370 MB at 100,000 products, all of it held to the end. Piped, each
 * chunk goes once the socket (or `compression`) took it, and without a flush per chunk.
 * The routes (app/routes/feeds/) answer the same through the adapter when this is not mounted.
 */
export function feedDownloads(services: Pick<Services, "db" | "config">): express.RequestHandler {
  return (req, res, next) => {
    const format = FEED_FORMATS.find((candidate) => FEED_PATHS[candidate] === req.path);
    if (!format || (req.method !== "GET" && req.method !== "HEAD")) return next();
    void send(req, res, format).catch(next);
  };

  async function send(req: express.Request, res: express.Response, format: (typeof FEED_FORMATS)[number]) {
    const ifNoneMatch = req.get("if-none-match");
    const request = new Request(new URL(req.originalUrl, "http://feed.invalid"), {
      method: req.method,
      headers: ifNoneMatch === undefined ? {} : { "if-none-match": ifNoneMatch },
    });
    const response = await feedResponse(request, services, format, await shopPublicOrigin(services));
    res.status(response.status);
    response.headers.forEach((value, name) => res.setHeader(name, value));
    if (!response.body) {
      res.end();
      return;
    }
    // A client that hangs up mid-feed destroys the response: the body is cancelled, its transaction ends.
    await pipeline(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>), res).catch((error: unknown) => {
      if (!res.writableFinished && (error as NodeJS.ErrnoException).code !== "ERR_STREAM_PREMATURE_CLOSE") {
        log.warn({ err: error }, `feed ${format}: sending stopped`);
      }
    });
  }
}
