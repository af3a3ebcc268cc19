import type { ProductDetail } from "~/lib/catalog/catalog";

/** Especificações: only the fields the product has. */
export function ProductSpecs({ product }: { product: ProductDetail }) {
  const rows = [
    ["Categoria", product.category],
    ["Subcategoria", product.subcategory],
    ["Marca", product.brand],
    ["Material", product.material],
    ["Gênero", product.gender],
    ["Loja", product.shop.name],
    // A shop with one location has it named like the shop: no need to say it twice.
    ["Onde encontrar", product.storeLocationName === product.shop.name ? "" : (product.storeLocationName ?? "")],
    ["Tamanhos disponíveis", product.sizes.join(", ")],
    ["Cores disponíveis", product.colors.join(", ")],
  ].filter(([, value]) => value?.trim());

  return (
    <dl className="grid max-w-2xl grid-cols-1 divide-y divide-slate-100 rounded-xl border border-slate-200 text-sm sm:grid-cols-[13rem_1fr] sm:divide-y-0">
      {rows.map(([label, value]) => (
        <div key={label} className="grid gap-0.5 px-4 py-2.5 sm:col-span-2 sm:grid-cols-subgrid sm:border-b sm:border-slate-100 sm:last:border-b-0">
          <dt className="font-semibold text-slate-900">{label}</dt>
          <dd className="text-slate-700">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
