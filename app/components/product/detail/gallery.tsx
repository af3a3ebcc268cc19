import { useState } from "react";
import { ProductImage } from "~/components/product/product-image";
import type { ImageRef } from "~/lib/catalog/catalog";

/** The product's own photos: one large, and thumbnails to switch when there is more than one. */
export function Gallery({ images, productName, soldOut }: { images: ImageRef[]; productName: string; soldOut: boolean }) {
  const [selected, setSelected] = useState(0);
  const main = images[selected] ?? images[0] ?? null;

  return (
    <div>
      <div className="relative aspect-square overflow-hidden rounded-xl bg-slate-50">
        <ProductImage
          image={main}
          alt={main?.alt || productName}
          sizes="(min-width: 1280px) 600px, (min-width: 1024px) 50vw, 100vw"
          className="h-full w-full object-contain"
          priority
        />
        {soldOut ? (
          <span className="absolute left-3 top-3 rounded bg-slate-800 px-2.5 py-1 text-sm font-bold text-white">Esgotado</span>
        ) : null}
      </div>
      {images.length > 1 ? (
        <ul className="mt-3 flex gap-2 overflow-x-auto pb-1" aria-label="Fotos do produto">
          {images.map((image, index) => (
            <li key={image.key} className="shrink-0">
              <button
                type="button"
                onClick={() => setSelected(index)}
                aria-pressed={index === selected}
                aria-label={`Ver foto ${index + 1} de ${images.length}`}
                className={`block h-16 w-16 overflow-hidden rounded-lg border-2 bg-slate-50 sm:h-20 sm:w-20 ${
                  index === selected ? "border-brand-600" : "border-transparent hover:border-slate-300"
                }`}
              >
                <ProductImage image={image} alt="" sizes="80px" className="h-full w-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
