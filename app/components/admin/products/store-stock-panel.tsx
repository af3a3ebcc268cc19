import { useFetcher } from "react-router";
import type { ActionResult } from "~/lib/forms/action-result";
import { TRANSFER_INTENT, type ProductStoreStock } from "~/lib/stores/store-stock";

/**
 * The product page's 'Estoque por loja': the units of each size × colour at each store (a block per
 * store, its sizes × colours wrapped beneath), and a transfer
 * between two stores, one action audited on both sides.
 */
export function StoreStockPanel({ stock }: { stock: ProductStoreStock }) {
  const fetcher = useFetcher<ActionResult>();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const select = "mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base";
  return (
    <section aria-labelledby="estoque-por-loja" className="mt-8 rounded-xl bg-white p-4 shadow-sm">
      <h2 id="estoque-por-loja" className="text-lg font-bold">
        Estoque por loja
      </h2>
      {/* A block per store with its sizes × colours wrapped beneath: readable at 320 px, nothing to scroll sideways. */}
      <ul className="mt-3 space-y-3">
        {stock.stores.map((store) => {
          const total = stock.variants.reduce((sum, variant) => sum + (variant.units[store.id] ?? 0), 0);
          return (
            <li key={store.id} data-store={store.name} className="border-t border-slate-100 pt-2">
              <p className="text-sm font-semibold">
                {store.name} <span className="font-normal text-slate-600">· {total === 1 ? "1 unidade" : `${total} unidades`}</span>
              </p>
              <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm">
                {stock.variants.map((variant) => (
                  <li key={variant.id} data-variant={variant.label} className="tabular-nums">
                    <span className="text-slate-600">{variant.label}:</span> <span data-units>{variant.units[store.id] ?? 0}</span>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>

      <fetcher.Form method="post" className="mt-4 grid gap-3 sm:grid-cols-2">
        <h3 className="font-semibold sm:col-span-2">Transferir entre lojas</h3>
        <input type="hidden" name="intent" value={TRANSFER_INTENT} />
        <label className="block">
          <span className="block text-sm font-semibold text-slate-800">Tamanho / cor</span>
          <select name="variantId" className={select} required>
            {stock.variants.map((variant) => (
              <option key={variant.id} value={variant.id}>
                {variant.label}
              </option>
            ))}
          </select>
        </label>
        <label className="block">
          <span className="block text-sm font-semibold text-slate-800">Unidades</span>
          <input name="units" type="number" inputMode="numeric" min={1} defaultValue={1} required className={select} />
        </label>
        <label className="block">
          <span className="block text-sm font-semibold text-slate-800">De</span>
          <select name="fromStoreId" className={select} required>
            {stock.stores.map((store) => (
              <option key={store.id} value={store.id}>
                {store.name}
              </option>
            ))}
          </select>
        </label>
        <label className="block">
          <span className="block text-sm font-semibold text-slate-800">Para</span>
          <select name="toStoreId" className={select} required defaultValue={stock.stores[1]?.id}>
            {stock.stores.map((store) => (
              <option key={store.id} value={store.id}>
                {store.name}
              </option>
            ))}
          </select>
        </label>
        <div className="sm:col-span-2">
          <button type="submit" disabled={fetcher.state !== "idle"} className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white">
            {fetcher.state !== "idle" ? "Transferindo…" : "Transferir"}
          </button>
          <p role="status" className={`mt-2 text-sm ${result?.ok === false ? "text-red-700" : "text-green-800"}`}>
            {result ? (result.ok ? (result.message ?? "") : (result.errors.form ?? Object.values(result.errors)[0] ?? "")) : ""}
          </p>
        </div>
      </fetcher.Form>
    </section>
  );
}
