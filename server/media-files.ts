// `/media/{name}`: the uploaded images. From DATA_DIR/media, Express's static files; from a bucket,
// read through the app, for a shop that sets no MEDIA_URL (pages then keep pointing at /media).
import { pipeline } from "node:stream/promises";
import express, { type NextFunction, type Request, type Response } from "express";
import type { AppConfig } from "~/server/config.server";
import { isImageFileName } from "~/server/media/images.server";
import { mediaContentType, mediaStorageOf, type MediaStorage } from "~/server/media/media-storage.server";
import { log } from "~/server/log/logger.server";

/** Media files get a random name when stored and are never rewritten, so they cache for a year. */
const IMMUTABLE = "public, max-age=31536000, immutable";

export function mediaFiles(config: Pick<AppConfig, "mediaDir" | "s3">) {
  if (!config.s3) return mediaFromDirectory(config.mediaDir);
  return mediaFromStorage(mediaStorageOf(config));
}

/**
 * DATA_DIR/media through Express's static files, but only the names the app gives images: anything
 * else someone (or a restore, or an editor's backup file) left in the folder is not served from the
 * shop's origin, where an HTML or SVG file could run script.
 */
export function mediaFromDirectory(directory: string) {
  const files = express.static(directory, { immutable: true, maxAge: "1y", index: false, fallthrough: false });
  return (req: Request, res: Response, next: NextFunction) => {
    if (!isImageFileName(req.path.replace(/^\//, ""))) {
      notFound(res);
      return;
    }
    res.set("X-Content-Type-Options", "nosniff");
    files(req, res, next);
  };
}

function notFound(res: Response) {
  res.status(404).type("text/plain; charset=utf-8").send("Imagem não encontrada.");
}

export function mediaFromStorage(storage: MediaStorage) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.set("Allow", "GET, HEAD").status(405).type("text/plain; charset=utf-8").send("Método não permitido.");
      return;
    }
    // Names the app makes need no decoding; anything else is no stored image. Only the shop's image
    // files, whatever else the bucket holds (an HTML page served from the shop's origin could run
    // script there).
    const name = req.path.replace(/^\//, "");
    if (!isImageFileName(name)) {
      notFound(res);
      return;
    }
    let object;
    try {
      object = await storage.open(name);
    } catch (error) {
      // The bucket out of reach: a 503 the browser retries later, not a cached 404.
      log.error({ err: error, media: name }, "media storage unreachable");
      res.status(503).set("Retry-After", "5").type("text/plain; charset=utf-8").send("Imagem indisponível no momento.");
      return;
    }
    if (!object) {
      notFound(res);
      return;
    }
    // The type the name says (webp or jpeg), never the one stored with the object.
    res.set({ "Content-Type": mediaContentType(name), "Cache-Control": IMMUTABLE, "X-Content-Type-Options": "nosniff" });
    if (object.size) res.set("Content-Length", String(object.size));
    if (req.method === "HEAD") {
      object.body.destroy();
      res.end();
      return;
    }
    await pipeline(object.body, res).catch((error: unknown) => {
      if (!res.headersSent) next(error);
      else res.destroy();
    });
  };
}
