// The browser's JavaScript and style sheets, compressed once at build time with Brotli's best
// quality (vite.config.ts writes `name.js.br` beside `name.js`) instead of on every request at the
// quality a page can afford (3, server.js). For the storefront's ~125 KB of gzipped scripts that is
// about 16% fewer bytes on a shopper's 3G connection, for no CPU per request.
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";

const brotli = promisify(zlib.brotliCompress);

/** What is worth compressing ahead: text the browser fetches (images and fonts are compressed already). */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt)$/;
/** Below this, the Brotli header and the extra file are not worth it. */
const MIN_BYTES = 1_024;

/** Writes `file.br` beside every compressible file of `dir` (not recursive) that is large enough. */
export async function precompressAssets(dir: string): Promise<number> {
  const names = fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => COMPRESSIBLE.test(name)) : [];
  let written = 0;
  await Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      const content = fs.readFileSync(file);
      if (content.length < MIN_BYTES) return;
      const compressed = await brotli(content, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      });
      if (compressed.length >= content.length) return;
      fs.writeFileSync(`${file}.br`, compressed);
      written += 1;
    }),
  );
  return written;
}

const CONTENT_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
};

/**
 * Mounted where `dir` is served statically, just before that static middleware: a request for a
 * file that has a `.br` beside it, from a browser that takes Brotli, is answered with that file (the
 * static middleware sends it; `compression` leaves a response with Content-Encoding alone). Which
 * files have one is read once, at start: the build does not change under a running server.
 */
export function precompressedAssets(dir: string) {
  const compressed = new Set(
    (fs.existsSync(dir) ? fs.readdirSync(dir) : []).filter((name) => name.endsWith(".br")).map((name) => `/${name.slice(0, -".br".length)}`),
  );
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !compressed.has(req.path)) return next();
    res.vary("Accept-Encoding");
    if (req.acceptsEncodings("br", "identity") !== "br") return next();
    res.setHeader("Content-Encoding", "br");
    res.setHeader("Content-Type", CONTENT_TYPES[path.extname(req.path)] ?? "application/octet-stream");
    req.url = `${req.path}.br${req.url.slice(req.path.length)}`;
    next();
  };
}
