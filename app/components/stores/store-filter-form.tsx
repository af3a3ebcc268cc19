import { useEffect, useRef } from "react";
import { Link, useSearchParams } from "react-router";
import { useHydrated } from "~/components/ui/use-hydrated";
import { storeFiltersToSearch, type StoreFilters } from "~/lib/stores/store-filters";

/**
 * City and category filters kept in the URL, so a filtered list can be shared. A plain GET form
 * without JavaScript; with it, each change applies at once.
 */
export function StoreFilterForm({
  filters,
  cities,
  categories,
}: {
  filters: StoreFilters;
  cities: string[];
  categories: string[];
}) {
  const hydrated = useHydrated();
  const [, setSearchParams] = useSearchParams();
  const active = filters.city !== "" || filters.category !== "";

  return (
    <form
      method="get"
      action="/lojas"
      aria-label="Filtrar lojas"
      onChange={(event) => {
        const data = new FormData(event.currentTarget);
        const next = { city: String(data.get("cidade") ?? ""), category: String(data.get("categoria") ?? "") };
        setSearchParams(new URLSearchParams(storeFiltersToSearch(next)), { replace: true, preventScrollReset: true });
      }}
      className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4"
    >
      <FilterSelect id="filtro-cidade" name="cidade" label="Cidade" value={filters.city} options={cities} />
      <FilterSelect id="filtro-categoria" name="categoria" label="Categoria" value={filters.category} options={categories} />
      {hydrated ? null : (
        <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
          Filtrar
        </button>
      )}
      {active ? (
        <Link
          to="/lojas"
          replace
          preventScrollReset
          className="rounded-lg border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-800 hover:bg-slate-100"
        >
          Limpar filtros
        </Link>
      ) : null}
    </form>
  );
}

function FilterSelect({ id, name, label, value, options }: { id: string; name: string; label: string; value: string; options: string[] }) {
  const ref = useRef<HTMLSelectElement>(null);
  // Uncontrolled, so choosing with the keyboard never loses focus or flickers; the URL still wins when
  // it changes by itself (back/forward, 'Limpar filtros').
  useEffect(() => {
    if (ref.current) ref.current.value = value;
  }, [value]);
  return (
    <div className="min-w-40 flex-1 sm:flex-none">
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <select ref={ref} id={id} name={name} defaultValue={value} className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 sm:w-56">
        <option value="">Todas</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}
