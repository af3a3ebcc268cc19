import { Form, Link } from "react-router";
import { SearchIcon } from "~/components/ui/icons";
import { STOCK_FILTERS, type AdminProductFilters } from "~/lib/catalog/admin-products";
import { CATEGORIES } from "~/lib/catalog/categories";

const control = "mt-1 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-2 py-2 text-base sm:px-3";

/** Search and filters of /admin/produtos, in the URL (a GET form), so a filtered list can be shared. */
export function ProductListFilters({
  filters,
  shops,
  active,
}: {
  filters: AdminProductFilters;
  shops: { slug: string; name: string }[];
  active: boolean;
}) {
  return (
    <Form
      method="get"
      // Remounted with the URL, so the fields show the filters after back/forward too.
      key={JSON.stringify(filters)}
      role="search"
      aria-label="Buscar produtos"
      className="grid grid-cols-3 gap-2 rounded-xl bg-white p-3 shadow-sm sm:gap-3 sm:p-4 lg:grid-cols-[2fr_1fr_1fr_1fr_auto]"
    >
      <div className="col-span-3 lg:col-span-1">
        <label htmlFor="busca-produtos" className="text-sm font-semibold text-slate-800">
          Buscar
        </label>
        <input id="busca-produtos" type="search" name="q" defaultValue={filters.q} placeholder="Nome ou descrição" maxLength={100} className={control} />
      </div>
      <div>
        <label htmlFor="filtro-categoria" className="text-sm font-semibold text-slate-800">
          Categoria
        </label>
        <select id="filtro-categoria" name="categoria" defaultValue={filters.category ?? ""} className={control}>
          <option value="">Todas</option>
          {CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="filtro-loja" className="text-sm font-semibold text-slate-800">
          Loja
        </label>
        <select id="filtro-loja" name="loja" defaultValue={filters.shop ?? ""} className={control}>
          <option value="">Todas</option>
          {shops.map((shop) => (
            <option key={shop.slug} value={shop.slug}>
              {shop.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="filtro-estoque" className="text-sm font-semibold text-slate-800">
          Estoque
        </label>
        <select id="filtro-estoque" name="estoque" defaultValue={filters.stock === "all" ? "" : filters.stock} className={control}>
          {STOCK_FILTERS.map((option) => (
            <option key={option.value} value={option.value === "all" ? "" : option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className="col-span-3 flex items-end gap-2 lg:col-span-1">
        <button type="submit" className="flex flex-1 items-center justify-center gap-2 rounded-lg bg-slate-900 px-4 py-2 font-semibold text-white hover:bg-slate-700">
          <SearchIcon className="h-4 w-4" />
          Filtrar
        </button>
        {active ? (
          <Link to="/admin/produtos" className="rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold hover:bg-slate-50">
            Limpar
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
