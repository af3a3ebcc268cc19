// The square picture the catalogues ask for (Meta and Google: at least 500 × 500): made from the
// largest stored width of an image (app/server/media/images.server.ts), centred on white, the first
// time a platform fetches it, then kept beside the other derivatives as `{key}-square.jpg`.
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { media } from "#database/schema";
import type { DatabaseOrTransaction } from "../db/database.server";

/** At least what both platforms ask; no larger than the stored image needs. */
export const SQUARE_MIN = 500;
const SQUARE_MAX = 1200;
const MEDIA_KEY = /^[0-9a-f]{24}$/;

const making = new Map<string, Promise<string | null>>();

/**
 * The path of the image's square JPEG, made now if it is not there yet; null for a key that is no
 * stored image. Two requests for the same new image make it once.
 */
export async function squareImageFile(db: DatabaseOrTransaction, mediaDir: string, key: string): Promise<string | null> {
  if (!MEDIA_KEY.test(key)) return null;
  const file = path.join(mediaDir, `${key}-square.jpg`);
  if (await fs.stat(file).then(() => true, () => false)) return file;
  const pending = making.get(file);
  if (pending) return pending;
  const made = makeSquare(db, mediaDir, key, file).finally(() => making.delete(file));
  making.set(file, made);
  return made;
}

async function makeSquare(db: DatabaseOrTransaction, mediaDir: string, key: string, file: string): Promise<string | null> {
  const [image] = await db.select({ widths: media.widths, width: media.width, height: media.height }).from(media).where(eq(media.key, key));
  if (!image || image.widths.length === 0) return null;
  const largest = Math.max(...image.widths);
  const height = Math.round((largest * image.height) / image.width);
  const side = Math.min(SQUARE_MAX, Math.max(SQUARE_MIN, largest, height));
  const partial = `${file}.${process.pid}.part`;
  try {
    await sharp(path.join(mediaDir, `${key}-${largest}.webp`))
      .resize({ width: side, height: side, fit: "contain", background: "#ffffff" })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 82, mozjpeg: true })
      .toFile(partial);
    await fs.rename(partial, file);
  } catch {
    await fs.rm(partial, { force: true });
    return null;
  }
  return file;
}

/** `/feeds/imagens/{key}.jpg` as a response: the square JPEG, or 404. */
export async function squareImageResponse(db: DatabaseOrTransaction, mediaDir: string, fileName: string): Promise<Response> {
  const key = /^(.+)\.jpg$/.exec(fileName)?.[1] ?? "";
  const file = await squareImageFile(db, mediaDir, key);
  if (!file) return new Response("Imagem não encontrada.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>, {
    // An image's key is never reused for other pixels.
    headers: { "Content-Type": "image/jpeg", "Cache-Control": "public, max-age=31536000, immutable" },
  });
}
