import { Link } from "react-router";
import { productEditPath } from "~/lib/pages/admin-product-paths";
import type { LowStockVariant, StockReviewProduct } from "~/lib/admin/dashboard";
import { countLabel, pluralForm } from "~/lib/format/plural";
import { LOW_STOCK_MAX, variantLabel } from "~/lib/catalog/variants";
import type { ProductMissingFiscalData } from "~/lib/fiscal/product-fiscal";

/** The sizes and colours to restock: 0–3 units, fewest first, each opening its product's form. */
export function LowStock({ variants, total }: { variants: LowStockVariant[]; total: number }) {
  const rest = total - variants.length;
  return (
    <section aria-labelledby="estoque-baixo" className="rounded-2xl bg-white p-5 shadow-sm" data-testid="low-stock">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="estoque-baixo" className="text-lg font-bold">
          Estoque baixo (0–{LOW_STOCK_MAX})
        </h2>
        {total > 0 ? (
          <Link to="/admin/produtos?estoque=baixo" className="text-sm font-semibold text-brand-700 hover:underline">
            Ver produtos
          </Link>
        ) : null}
      </div>
      {variants.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">Nenhum tamanho ou cor com {LOW_STOCK_MAX} unidades ou menos</p>
      ) : (
        <div className="mt-4 sm:overflow-x-auto">
          <table className="table-stacked w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Produto
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Tamanho / cor
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Loja
                </th>
                <th scope="col" className="py-2 text-right font-semibold">
                  Unidades
                </th>
              </tr>
            </thead>
            <tbody>
              {variants.map((variant) => (
                <tr key={`${variant.productId}:${variant.size}:${variant.color}:${variant.store}`} className="border-b border-slate-100 last:border-0">
                  <th scope="row" className="py-2 pr-3 font-semibold">
                    <Link to={productEditPath(variant.productId)} className="text-brand-700 hover:underline">
                      {variant.name}
                    </Link>
                  </th>
                  <td data-label="Tamanho / cor" className="py-2 pr-3">{variantLabel(variant) || "—"}</td>
                  <td data-label="Loja" className="py-2 pr-3">{variant.store}</td>
                  <td data-label="Unidades" className={`py-2 text-right tabular-nums ${variant.stock === 0 ? "font-bold text-red-700" : ""}`}>
                    {variant.stock === 0 ? "0 (esgotado)" : variant.stock}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {rest > 0 ? (
            <p className="mt-3 text-sm text-slate-600">
              E mais {countLabel(rest, "tamanho ou cor", "tamanhos ou cores")} com {LOW_STOCK_MAX} unidades ou menos.
            </p>
          ) : null}
        </div>
      )}
    </section>
  );
}

/** Products the variants migration split (one total over several sizes): the clerk counts the shelf and saves. */
export function StockReview({ products, total }: { products: StockReviewProduct[]; total: number }) {
  if (total === 0) return null;
  const rest = total - products.length;
  return (
    <section aria-labelledby="estoque-conferir" className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950" data-testid="stock-review">
      <h2 id="estoque-conferir" className="font-semibold">
        Conferir estoque: {countLabel(total, "produto teve", "produtos tiveram")} o estoque dividido entre os tamanhos na atualização.
      </h2>
      <p className="mt-1 text-sm">Abra {pluralForm(total, "o produto", "cada produto")}, confira as quantidades de cada tamanho e salve.</p>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {products.map((product) => (
          <li key={product.id}>
            <Link to={productEditPath(product.id)} className="font-semibold underline">
              {product.name}
            </Link>
          </li>
        ))}
      </ul>
      {rest > 0 ? (
        <p className="mt-2 text-sm">
          <Link to="/admin/produtos?estoque=conferir" className="font-semibold underline">
            Ver os {total.toLocaleString("pt-BR")} produtos a conferir
          </Link>
        </p>
      ) : null}
    </section>
  );
}

/**
 * Products a fiscal note could not be issued for (no NCM of their own nor from their category, or a
 * field out of format), named before the first sale's note is refused; each opens its form.
 */
export function FiscalDataMissing({ products, total }: { products: ProductMissingFiscalData[]; total: number }) {
  if (total === 0) return null;
  const rest = total - products.length;
  return (
    <section aria-labelledby="dados-fiscais-faltando" className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950" data-testid="fiscal-data-missing">
      <h2 id="dados-fiscais-faltando" className="font-semibold">
        Dados fiscais: {countLabel(total, "produto sem", "produtos sem")} o que a nota fiscal precisa.
      </h2>
      <p className="mt-1 text-sm">
        Abra {pluralForm(total, "o produto", "cada produto")} e preencha “Dados fiscais”, ou defina o{" "}
        <Link to="/admin/configuracoes#ncm-categorias" className="font-semibold underline">
          NCM padrão da categoria
        </Link>
        .
      </p>
      <ul className="mt-2 space-y-1 text-sm">
        {products.map((product) => (
          <li key={product.id}>
            <Link to={productEditPath(product.id)} className="font-semibold underline">
              {product.name}
            </Link>
            : {product.why}
          </li>
        ))}
      </ul>
      {rest > 0 ? <p className="mt-2 text-sm">e mais {countLabel(rest, "produto", "produtos")}.</p> : null}
    </section>
  );
}
