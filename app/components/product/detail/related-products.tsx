import { Suspense } from "react";
import { Await } from "react-router";
import { ProductCard } from "~/components/product/product-card";
import type { ProductCardData } from "~/lib/catalog/catalog";

// The card is imported as it is, not lazily: its chunk (vite.config.ts, `product-card`) also holds the
// stock-per-size rules the purchase panel runs, so the product page loads it first anyway, and a lazy
// import would split nothing.

/** 'Produtos relacionados', streamed after the page; hidden when there are none or they fail to load. */
export function RelatedProducts({ products }: { products: Promise<ProductCardData[]> }) {
  return (
    <Suspense fallback={null}>
      <Await resolve={products} errorElement={null}>
        {(related) =>
          related.length > 0 ? (
            <section aria-labelledby="relacionados" className="mt-10 border-t border-slate-200 pt-10">
              <h2 id="relacionados" className="text-xl font-bold sm:text-2xl">
                Produtos relacionados
              </h2>
              <div className="mt-6 grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4">
                {related.map((product) => (
                  <ProductCard key={product.id} product={product} />
                ))}
              </div>
            </section>
          ) : null
        }
      </Await>
    </Suspense>
  );
}
