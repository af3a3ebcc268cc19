// The square picture the catalogues ask for (Meta and Google: at least 500 × 500): made from the
// largest stored width of an image (app/server/media/images.server.ts), centred on white, the first
// time a platform fetches it, then kept beside the other derivatives as `{key}-square.jpg` (in the
// directory or the bucket: the machine that made it first saves the others the work).
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { media } from "#database/schema";
import type { DatabaseOrTransaction } from "../db/database.server";
import type { MediaObject, MediaStorage } from "../media/media-storage.server";

/** At least what both platforms ask; no larger than the stored image needs. */
export const SQUARE_MIN = 500;
const SQUARE_MAX = 1200;
const MEDIA_KEY = /^[0-9a-f]{24}$/;

const making = new Map<string, Promise<boolean>>();

/**
 * The image's square JPEG, made now if it is not stored yet; null for a key that is no stored image.
 * Two requests for the same new image (in this process) make it once.
 */
export async function squareImageObject(db: DatabaseOrTransaction, storage: MediaStorage, key: string): Promise<MediaObject | null> {
  if (!MEDIA_KEY.test(key)) return null;
  const name = `${key}-square.jpg`;
  const stored = await storage.open(name);
  if (stored) return stored;
  let pending = making.get(name);
  if (!pending) {
    pending = makeSquare(db, storage, key, name).finally(() => making.delete(name));
    making.set(name, pending);
  }
  return (await pending) ? storage.open(name) : null;
}

async function makeSquare(db: DatabaseOrTransaction, storage: MediaStorage, key: string, name: string): Promise<boolean> {
  const [image] = await db.select({ widths: media.widths, width: media.width, height: media.height }).from(media).where(eq(media.key, key));
  if (!image || image.widths.length === 0) return false;
  const largest = Math.max(...image.widths);
  const height = Math.round((largest * image.height) / image.width);
  const side = Math.min(SQUARE_MAX, Math.max(SQUARE_MIN, largest, height));
  const original = await storage.read(`${key}-${largest}.webp`);
  if (!original) return false;
  let square: Buffer;
  try {
    square = await sharp(original)
      .resize({ width: side, height: side, fit: "contain", background: "#ffffff" })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
  } catch {
    return false;
  }
  await storage.put(name, square);
  return true;
}

/** `/feeds/imagens/{key}.jpg` as a response: the square JPEG, or 404. */
export async function squareImageResponse(db: DatabaseOrTransaction, storage: MediaStorage, fileName: string): Promise<Response> {
  const key = /^(.+)\.jpg$/.exec(fileName)?.[1] ?? "";
  const square = await squareImageObject(db, storage, key);
  if (!square) return new Response("Imagem não encontrada.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(Readable.toWeb(square.body) as ReadableStream<Uint8Array>, {
    // An image's key is never reused for other pixels.
    headers: { "Content-Type": "image/jpeg", "Cache-Control": "public, max-age=31536000, immutable" },
  });
}
