import type { NextFunction, Request, Response } from "express";

/**
 * Express middleware: once the answer is sent, the rest of a request body nobody read is read and
 * dropped. A write refused before its body is read (a customer on an admin action, a visitor sent to
 * sign in, a form over its size limit) leaves the body unread, and React Router's Express adapter has
 * already taken the body stream, so Node does not discard it as it does for an untouched request: the
 * connection stays paused, the browser's next request on it is never read, and after the keep-alive
 * timeout the connection is reset (the client's fetch fails with ECONNRESET). This does what Node's
 * own clean-up does.
 */
export function discardUnreadBodies(req: Request, res: Response, next: NextFunction) {
  res.once("finish", () => {
    if (req.complete || req.destroyed) return;
    // The adapter's listener would pause the stream again as its unread buffer fills.
    req.removeAllListeners("data");
    req.resume();
  });
  next();
}
