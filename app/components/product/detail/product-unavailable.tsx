import { Link } from "react-router";
import { ProductCard } from "~/components/product/product-card";
import type { ProductCardData } from "~/lib/catalog/catalog";

/** What the product route's loader sends when it has no product to show (404, or 410 when removed). */
export type UnavailableProductView = { removed: boolean; similar: ProductCardData[] };

/** "Produto indisponível": a word on why, and where to go on (products like it, the whole list). */
export function ProductUnavailable({ removed, similar }: UnavailableProductView) {
  return (
    <div className="container-page py-10">
      <h1 className="text-2xl font-bold sm:text-3xl">Produto indisponível</h1>
      <p className="mt-2 text-slate-600">
        {removed ? "Este produto não está mais à venda na loja." : "Não encontramos este produto: o link pode estar incompleto."}
      </p>
      {similar.length > 0 ? (
        <section aria-labelledby="parecidos" className="mt-8">
          <h2 id="parecidos" className="text-xl font-bold">
            Produtos parecidos
          </h2>
          <div className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5 lg:grid-cols-4">
            {similar.map((product) => (
              <ProductCard key={product.id} product={product} />
            ))}
          </div>
        </section>
      ) : null}
      <Link to="/produtos" className="mt-8 inline-block rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white">
        Ver todos os produtos
      </Link>
    </div>
  );
}
