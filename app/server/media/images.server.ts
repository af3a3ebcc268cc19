import { randomBytes } from "node:crypto";
import sharp, { type Metadata } from "sharp";
import { media } from "#database/schema";
import type { ImageRef } from "~/lib/catalog/catalog";
import type { DatabaseOrTransaction } from "../db/database.server";
import type { MediaStorage } from "./media-storage.server";

/**
 * Widths served through `srcset`. A list card is half a phone's width: 180–210 CSS pixels, so 360–420
 * device pixels at 2×, which 480 covers (before it, such phones took 640: about 45% more bytes).
 */
export const IMAGE_WIDTHS = [320, 480, 640, 1024] as const;
const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Refuses decompression bombs: an image claiming more pixels than this is not decoded. */
const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);

export class ImageRejectedError extends Error {}

/**
 * Re-encodes an uploaded (or generated) image into WebP at several widths plus a 1200×630 JPEG for
 * share previews, under a random name, with metadata (EXIF, GPS) dropped, into `storage` (DATA_DIR/media
 * or the bucket); records it in `media`.
 * The file's content decides what it is, never its name.
 */
export async function storeImage(
  db: DatabaseOrTransaction,
  storage: MediaStorage,
  input: Buffer,
  alt: string,
): Promise<ImageRef> {
  if (input.byteLength > MAX_UPLOAD_BYTES) {
    throw new ImageRejectedError("A imagem deve ter no máximo 5 MB.");
  }
  let metadata: Metadata;
  try {
    // The header only (no pixel is decoded here), so the size check below can say what is wrong;
    // with the limit, sharp refuses a pixel bomb's header and it reads as an invalid file.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejectedError("Arquivo de imagem inválido. Envie PNG, JPG ou WEBP.");
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) {
    throw new ImageRejectedError("Formato não aceito. Envie PNG, JPG ou WEBP.");
  }
  if (!metadata.width || !metadata.height || metadata.width * metadata.height > MAX_INPUT_PIXELS) {
    throw new ImageRejectedError("Imagem grande demais. Envie uma imagem de até 40 megapixels.");
  }

  const key = randomBytes(12).toString("hex");
  // `autoOrient()` applies the EXIF orientation before the metadata is dropped.
  const source = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).autoOrient();
  const orientedWidth = metadata.autoOrient.width;
  const orientedHeight = metadata.autoOrient.height;
  const widths = IMAGE_WIDTHS.filter((width) => width <= orientedWidth);
  if (widths.length === 0) widths.push(orientedWidth as (typeof IMAGE_WIDTHS)[number]);

  let encoded: { name: string; bytes: Buffer }[];
  try {
    encoded = await Promise.all([
      ...widths.map(async (width) => ({
        name: `${key}-${width}.webp`,
        bytes: await source.clone().resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer(),
      })),
      (async () => ({
        name: `${key}-og.jpg`,
        bytes: await source
          .clone()
          .resize({ width: 1200, height: 630, fit: "contain", background: "#ffffff" })
          .flatten({ background: "#ffffff" })
          .jpeg({ quality: 80, mozjpeg: true })
          .toBuffer(),
      }))(),
    ]);
  } catch {
    throw new ImageRejectedError("Não foi possível processar a imagem. Tente outro arquivo.");
  }
  // Encoded first, stored after: a storage failure (a bucket out of reach) is not the file's fault.
  // Every write settled before cleaning up, so no late one lands after the clean-up.
  const stored = await Promise.allSettled(encoded.map(({ name, bytes }) => storage.put(name, bytes)));
  const failed = stored.find((result) => result.status === "rejected");
  if (failed) {
    await removeImageFiles(storage, key).catch(() => {});
    throw failed.reason;
  }

  const image = { key, width: orientedWidth, height: orientedHeight, widths: [...widths], alt };
  await db.insert(media).values(image);
  return image;
}

/**
 * The names of the files the shop makes for an image (`{key}-{width}.webp`, `{key}-og.jpg`, and the
 * catalogues' `{key}-square.jpg`): all that /media serves, whatever else a shared bucket holds.
 */
const IMAGE_FILE_NAME = /^[0-9a-f]{24}-(?:[1-9][0-9]{0,4}\.webp|og\.jpg|square\.jpg)$/;

export function isImageFileName(name: string): boolean {
  return IMAGE_FILE_NAME.test(name);
}

/** Removes an image's files (every width, the share JPEG and the catalogues' square). */
export async function removeImageFiles(storage: MediaStorage, key: string) {
  await storage.removeByPrefix(`${key}-`);
}
