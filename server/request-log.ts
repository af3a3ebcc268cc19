import { randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import type { Logger, RequestLogFields } from "~/server/log/logger.server";

/** An incoming X-Request-Id worth keeping: a proxy's id, not a place to smuggle text into the log. */
const REQUEST_ID = /^[\w.:-]{1,128}$/;
/** Health checks are asked every few seconds and say nothing about shoppers: not logged. */
const UNLOGGED = new Set(["/healthz", "/readyz"]);
/**
 * Scripts, styles, fonts and pictures: a page brings a dozen, so one person browsing wrote thousands
 * of lines that hid everything else. Served, they are logged at `debug` only; a failed one stays at `info`.
 */
const ASSET = /^\/(assets|media|fonts|feeds\/imagens|compartilhar)\/|\.(js|css|map|ico|png|svg|webp|jpe?g|gif|woff2?|webmanifest)$/;

/**
 * One line per request (asset files at `debug`) when its answer is finished (or the client went away): time, request id,
 * method, path (never the query string: reset and sign-in links carry tokens there), status, duration
 * in ms, the client's address (the one rate limits count: the browser's, behind a trusted proxy) and
 * the user id when signed in. Every response carries X-Request-Id; an incoming one is kept
 * only from a trusted proxy (`trustProxy`), so a shopper cannot choose the id of their own lines.
 */
/**
 * What the client was sent of the body: the bytes handed to the socket (after `compression`, which the
 * app mounts inside this), less what the socket still held when the client hung up (read at its 'end'
 * or 'error', before Node discards it: `bytesWritten` counts what is discarded too).
 */
function bodyBytesSent(res: ServerResponse): { sent: () => number; stop: () => void } {
  let handed = 0;
  const write = res.write as (chunk: unknown, encoding?: unknown, callback?: unknown) => boolean;
  res.write = function (this: ServerResponse, chunk: unknown, encoding?: unknown, callback?: unknown) {
    handed += typeof chunk === "string" ? Buffer.byteLength(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8") : chunk instanceof Uint8Array ? chunk.byteLength : 0;
    return write.call(this, chunk, encoding, callback);
  } as ServerResponse["write"];
  const socket = res.socket;
  let flushedAtHangUp: number | undefined;
  const hungUp = () => {
    flushedAtHangUp ??= socket!.bytesWritten - socket!.writableLength;
  };
  socket?.prependListener("end", hungUp);
  socket?.prependListener("error", hungUp);
  return {
    sent: () => Math.max(0, handed - (socket && flushedAtHangUp !== undefined ? socket.bytesWritten - flushedAtHangUp : 0)),
    stop: () => {
      socket?.off("end", hungUp);
      socket?.off("error", hungUp);
    },
  };
}

/**
 * A body of known length sent whole: the client may close the connection once it has it, before the
 * app calls `end` (React Router's adapter waits for one more read of the stream that says it is done),
 * so 'close' comes without 'finish' for a download that arrived complete.
 */
function bodySentWhole(res: ServerResponse, bytes: number): boolean {
  const length = Number(res.getHeader("content-length"));
  return res.headersSent && Number.isFinite(length) && length > 0 && bytes >= length;
}

export function requestLogging(logger: Logger, { trustProxy }: { trustProxy: boolean | number | string }): RequestHandler {
  const keepIncoming = trustProxy !== false;
  return (req, res, next) => {
    const incoming = req.get("x-request-id");
    const requestId = keepIncoming && incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const fields: RequestLogFields = { requestId };
    res.locals.requestLog = fields;
    res.setHeader("X-Request-Id", requestId);
    if (UNLOGGED.has(req.path)) return next();
    const started = performance.now();
    // Read now: a router mounted on a path (`app.use("/media", …)`) strips it from req.path while it
    // answers, and a file it serves finishes the response before it is put back.
    const path = req.path;
    // As Express derives it with the \`trust proxy\` setting of the app this runs in (server.js sets it).
    const clientAddress = req.ip ?? req.socket.remoteAddress ?? "";
    const body = bodyBytesSent(res);
    let logged = false;
    const write = () => {
      if (logged) return;
      logged = true;
      body.stop();
      const bytesSent = body.sent();
      const whole = res.writableFinished || bodySentWhole(res, bytesSent);
      const entry = {
        requestId,
        method: req.method,
        path,
        status: whole ? res.statusCode : 499,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        clientAddress,
        ...(fields.userId ? { userId: fields.userId } : {}),
        // What got out before the client went away.
        ...(whole ? {} : { bytesSent }),
      };
      if (entry.status >= 500) logger.error(entry, "request");
      else if (entry.status < 400 && ASSET.test(entry.path)) logger.debug(entry, "request");
      else logger.info(entry, "request");
    };
    res.once("finish", write);
    res.once("close", write);
    next();
  };
}
