import type { ImageRef } from "./catalog";

/**
 * Where pages point images at: the app's own /media, unless the server's MEDIA_URL names the
 * bucket's public address or a CDN (the root loader sends it; components read it with useMediaUrl).
 */
export const DEFAULT_MEDIA_URL = "/media";

/** Public URL of one stored width of an image. */
export function imageUrl(image: Pick<ImageRef, "key">, width: number, mediaUrl = DEFAULT_MEDIA_URL): string {
  return `${mediaUrl}/${image.key}-${width}.webp`;
}

export function imageSrcSet(image: Pick<ImageRef, "key" | "widths">, mediaUrl = DEFAULT_MEDIA_URL): string {
  return image.widths.map((width) => `${imageUrl(image, width, mediaUrl)} ${width}w`).join(", ");
}

/** The 1200×630 JPEG that WhatsApp and other apps show in link previews. */
export function shareImageUrl(image: Pick<ImageRef, "key">, mediaUrl = DEFAULT_MEDIA_URL): string {
  return `${mediaUrl}/${image.key}-og.jpg`;
}

/** An image's URL as another site needs it (previews, feeds, structured data): absolute. */
export function absoluteImageUrl(origin: string, url: string): string {
  return /^https?:\/\//.test(url) ? url : `${origin}${url}`;
}
