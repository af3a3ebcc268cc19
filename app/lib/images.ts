import type { ImageRef } from "./catalog";

/** Public URL of one stored width of an image. */
export function imageUrl(image: Pick<ImageRef, "key">, width: number): string {
  return `/media/${image.key}-${width}.webp`;
}

export function imageSrcSet(image: Pick<ImageRef, "key" | "widths">): string {
  return image.widths.map((width) => `${imageUrl(image, width)} ${width}w`).join(", ");
}

/** The 1200×630 JPEG that WhatsApp and other apps show in link previews. */
export function shareImageUrl(image: Pick<ImageRef, "key">): string {
  return `/media/${image.key}-og.jpg`;
}
