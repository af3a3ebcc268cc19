import { Suspense } from "react";
import { lazyExport } from "~/components/ui/lazy-export";
import { Await } from "react-router";
import type { ProductCardData } from "~/lib/catalog";

// The cards' code (quick-add, stock per size) is not part of the product page's first load: the
// related products stream in after the page, and their chunk is fetched alongside.
const ProductCard = lazyExport(() => import("~/components/product/product-card"), "ProductCard");

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
