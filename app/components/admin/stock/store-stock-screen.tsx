import { Link } from "react-router";
import { AdminSearchForm } from "~/components/admin/admin-search-form";
import { AdminPagination } from "~/components/admin/admin-pagination";
import { STOCK_COUNT_PATH } from "~/lib/counter/counter-sale";
import { countLabel } from "~/lib/format/plural";
import { STORE_STOCK_PATH, unitsKey, type StoreStockList, type StoreStockProduct } from "~/lib/stores/store-stock-list";

type Store = { id: number; name: string };

/**
 * /admin/estoque on a phone: a store's products, each a block with its colours one under the other
 * and the sizes of each wrapped beneath (never wider than the screen), the units of each pair.
 */
export function StoreStockScreen({ stores, store, list, q, canCount }: { stores: Store[]; store: Store | null; list: StoreStockList; q: string; canCount: boolean }) {
  if (!store) return <p className="rounded-xl bg-white p-4 shadow-sm">Nenhuma loja cadastrada.</p>;
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold">Estoque</h1>
        <p className="text-sm text-slate-600">
          {store.name}: {countLabel(list.total, "produto", "produtos")}
          {q ? ` para “${q}”` : ""}
        </p>
      </div>
      <AdminSearchForm
        id="stock-search"
        label="Buscar produto"
        placeholder="Nome do produto"
        q={q}
        clearTo={`${STORE_STOCK_PATH}?loja=${store.id}`}
        boxClassName="min-w-[12rem] flex-1"
        before={
          stores.length > 1 ? (
            <div className="min-w-[10rem] flex-1">
              <label htmlFor="stock-store" className="block text-sm font-semibold text-slate-800">
                Loja
              </label>
              <select id="stock-store" name="loja" defaultValue={store.id} key={store.id} className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base">
                {stores.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.name}
                  </option>
                ))}
              </select>
            </div>
          ) : (
            <input type="hidden" name="loja" value={store.id} />
          )
        }
      />
      {canCount ? (
        <p className="text-sm text-slate-700">
          A prateleira não bate?{" "}
          <Link to={`${STOCK_COUNT_PATH}?loja=${store.id}`} className="font-semibold text-brand-700 underline">
            Corrigir pelo balanço da loja
          </Link>
          : conte o que há e aplique; uma venda feita enquanto você conta não é apagada.
        </p>
      ) : null}
      {list.products.length === 0 ? (
        <p className="rounded-xl bg-white p-4 text-slate-700 shadow-sm">{q ? "Nenhum produto encontrado." : "Nenhum produto com estoque nesta loja."}</p>
      ) : (
        <ul className="space-y-3">
          {list.products.map((product) => (
            <li key={product.id}>
              <ProductStock product={product} />
            </li>
          ))}
        </ul>
      )}
      <AdminPagination page={list.page} pageCount={list.pageCount} label="Páginas do estoque" />
    </div>
  );
}

function ProductStock({ product }: { product: StoreStockProduct }) {
  const headingId = `estoque-produto-${product.id}`;
  return (
    <section aria-labelledby={headingId} className="rounded-xl bg-white p-4 shadow-sm">
      <h2 id={headingId} className="font-bold break-words">
        {product.name}
      </h2>
      <p className="text-sm text-slate-600">
        {product.shopName} · {countLabel(product.totalUnits, "unidade", "unidades")}
        {product.active ? "" : " · Inativo"}
      </p>
      <div className="mt-2 space-y-2">
        {product.colors.map((color) => (
          <div key={color}>
            {product.colors.length > 1 || color ? <p className="text-sm font-semibold text-slate-800">{color || "Sem cor"}</p> : null}
            <ul className="mt-1 flex flex-wrap gap-1.5">
              {product.sizes.map((size) => {
                const units = product.units[unitsKey(size, color)];
                if (units === undefined) return null;
                return (
                  <li
                    key={size}
                    data-testid={`estoque-${product.id}-${size}-${color}`}
                    className={`rounded-lg border px-2.5 py-1 text-sm ${units > 0 ? "border-slate-300 bg-slate-50 text-slate-900" : "border-slate-200 text-slate-500"}`}
                  >
                    {size ? `Tam. ${size}` : "Único"}: <strong>{units}</strong>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
