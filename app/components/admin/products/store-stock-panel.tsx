import { useFetcher } from "react-router";
import type { ActionResult } from "~/lib/forms/action-result";
import { TRANSFER_INTENT, type ProductStoreStock } from "~/lib/stores/store-stock";

/**
 * The product page's 'Estoque por loja': the units of each size × colour at each store (a column per
 * store on a wide screen; on a phone, the table scrolls sideways with the size fixed), and a transfer
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
      <div className="mt-3 overflow-x-auto">
        <table className="min-w-full text-sm">
          <thead>
            <tr className="text-left text-slate-600">
              <th scope="col" className="sticky left-0 bg-white py-1 pr-3">
                Tamanho / cor
              </th>
              {stock.stores.map((store) => (
                <th key={store.id} scope="col" className="px-2 py-1 font-semibold">
                  {store.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {stock.variants.map((variant) => (
              <tr key={variant.id} className="border-t border-slate-100">
                <th scope="row" className="sticky left-0 bg-white py-1 pr-3 text-left font-medium">
                  {variant.label}
                </th>
                {stock.stores.map((store) => (
                  <td key={store.id} className="px-2 py-1 tabular-nums">
                    {variant.units[store.id] ?? 0}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

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
