// Crawlers' renders, apart from the shoppers' (issue 55; docs/decisions/0029-crawlers-rendered-apart.md).
// The feeds hand Google and Meta a link per product; their crawlers then ask for thousands of pages
// no shopper opened, each a render (11.5 ms of a process's main thread). A render is synchronous
// JavaScript: rendered in the process that serves shoppers, it holds every shopper's hit behind it.
// So the workers that serve shoppers send a crawler's miss to the render workers, which run in the
// idle scheduling class (or at nice 19) on a socket of their own: the operating system gives the
// shoppers' processes the cores the moment they need them, and the crawler the rest.
//
//   crawler ──▶ worker (hits for everyone) ──miss, crawler──▶ unix socket ──▶ render worker (idle)
//
// The render workers are whole storefront servers (server.js), with their own page cache and its
// change notifications: the same freshness rule as any worker. When none answers (starting, or
// replaced after a crash), the worker renders the page itself, as before.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { Request, Response } from "express";

/**
 * Lowers this process below every other: nice 19, then Linux's idle scheduling class (SCHED_IDLE, set
 * with util-linux's chrt, for every thread) where there is one. On this 2-core machine, quiet, the
 * shoppers' p95 during a crawl was 16.4 ms at nice 10, 12.3–13.0 ms at nice 19 and 9.7 ms idle, and
 * the crawler got more pages in the idle class, not fewer (docs/decisions/0029-crawlers-rendered-apart.md).
 * Returns what it got, for the log.
 */
export function yieldCoresToShoppers(): "idle class" | "nice 19" {
  os.setPriority(19);
  const idle = spawnSync("chrt", ["--idle", "--all-tasks", "--pid", "0", String(process.pid)], { stdio: "ignore" });
  return idle.status === 0 ? "idle class" : "nice 19";
}

/**
 * The render workers' socket, in a directory of its own that only this user may enter (a unix socket's
 * path must be short, and a guessable name in a shared /tmp could be another shop's); `remove` at the stop.
 */
export function makeRenderWorkersSocket(): { path: string; remove: () => void } {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "erick-render-"));
  return { path: path.join(directory, "s.sock"), remove: () => fs.rmSync(directory, { recursive: true, force: true }) };
}

/** How long a crawler's page may take on the render workers before this worker renders it itself (a machine busy with other work starves the idle class). */
const FORWARD_TIMEOUT_MS = 10_000;

/** Marks a request a render worker renders whatever it keeps (server/render-ahead.ts); honoured only on the render workers' socket. */
export const RENDER_AHEAD_HEADER = "x-erick-render-ahead";

/** Headers of one connection, never passed on (RFC 9110, 7.6.1). */
const HOP_BY_HOP = ["connection", "keep-alive", "transfer-encoding", "upgrade", "proxy-connection", "te", "trailer"];
/**
 * Headers of a crawler's request not passed on: the connection's own, the render workers' own, and any
 * saying a body follows (only a page's GET is forwarded, never a body: a Content-Length without its
 * body would make the render worker read the next forwarded request as that body).
 */
const NOT_FORWARDED = new Set([...HOP_BY_HOP, "content-length", "expect", RENDER_AHEAD_HEADER]);
/** Headers of the render worker's answer not passed back. */
const NOT_RETURNED = new Set(HOP_BY_HOP);

export type CrawlerRenders = {
  /** Sends the request to the render workers and their answer back; `renderHere` when none answers in time. */
  forward: (req: Request, res: Response, renderHere: () => void) => void;
  close: () => void;
};

/** Forwarding to the render workers listening on `socketPath`. */
export function crawlerRenders(socketPath: string, { timeoutMs = FORWARD_TIMEOUT_MS } = {}): CrawlerRenders {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const forward = (req: Request, res: Response, renderHere: () => void) => {
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) if (!NOT_FORWARDED.has(name) && value !== undefined) headers[name] = value;
    // A crawler that hung up costs no render here.
    let clientGone = false;
    const upstream = http.request({ socketPath, agent, method: "GET", path: req.originalUrl, headers, timeout: timeoutMs }, (answer) => {
      const sent: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(answer.headers)) if (!NOT_RETURNED.has(name) && value !== undefined) sent[name] = value;
      // The render worker's headers in place of this one's: its Content-Security-Policy names the nonce in its page.
      res.writeHead(answer.statusCode ?? 502, sent);
      answer.pipe(res);
      answer.on("error", () => res.destroy());
    });
    upstream.on("timeout", () => upstream.destroy(new Error("the render workers did not answer in time")));
    upstream.on("error", () => {
      if (clientGone) return;
      if (!res.headersSent) renderHere();
      else res.destroy();
    });
    res.once("close", () => {
      if (res.writableFinished) return;
      clientGone = true;
      upstream.destroy();
    });
    upstream.end();
  };
  return { forward, close: () => agent.destroy() };
}
