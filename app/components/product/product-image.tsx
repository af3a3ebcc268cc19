import type { ImageRef } from "~/lib/catalog/catalog";
import { imageSrcSet, imageUrl } from "~/lib/catalog/images";
import { useMediaUrl } from "./media-url";

/** A stored image with `srcset`, so each phone downloads the width it needs. */
export function ProductImage({
  image,
  alt,
  sizes,
  className = "",
  priority = false,
}: {
  image: ImageRef | null;
  alt: string;
  sizes: string;
  className?: string;
  priority?: boolean;
}) {
  const mediaUrl = useMediaUrl();
  if (!image) {
    return <div className={`flex items-center justify-center bg-slate-100 text-sm text-slate-600 ${className}`}>Sem imagem</div>;
  }
  const fallbackWidth = image.widths.includes(640) ? 640 : (image.widths[0] ?? 320);
  return (
    <img
      src={imageUrl(image, fallbackWidth, mediaUrl)}
      srcSet={imageSrcSet(image, mediaUrl)}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      // The first pictures (the largest paint of a list or a product) are decoded in the frame that
      // paints them, not a frame later; the rest off the main thread.
      decoding={priority ? "sync" : "async"}
      className={className}
    />
  );
}
