import { Link } from "react-router";
import { ProductCard } from "~/components/product/product-card";
import type { ProductCardData } from "~/lib/catalog/catalog";

/** 'Meus favoritos' on /conta: the account's favourites still on sale, newest first. */
export function MyFavorites({ products }: { products: ProductCardData[] }) {
  return (
    <section id="favoritos" aria-labelledby="favoritos-titulo" className="mt-8 scroll-mt-44 rounded-2xl border border-slate-200 p-6">
      <h2 id="favoritos-titulo" className="text-lg font-bold">
        Meus favoritos
      </h2>
      {products.length === 0 ? (
        <p className="mt-2 text-slate-600">
          Você ainda não tem favoritos. Toque no coração de um produto para guardá-lo aqui.{" "}
          <Link to="/produtos" className="font-semibold text-brand-700 underline">
            Ver produtos
          </Link>
        </p>
      ) : (
        <div className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4" data-testid="my-favorites">
          {products.map((product) => (
            <ProductCard key={product.id} product={product} />
          ))}
        </div>
      )}
    </section>
  );
}
