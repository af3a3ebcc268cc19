import { useState } from "react";
import { useFetcher } from "react-router";
import type { ActionResult } from "~/lib/forms/action-result";
import { TRANSFER_INTENT, type ProductStoreStock } from "~/lib/stores/store-stock";

/**
 * The product page's 'Estoque por loja': the units of each size × colour at each store (a block per
 * store, only the sizes × colours it holds wrapped beneath: six stores × every size of a shoe were
 * a wall of zeros), and a transfer between two stores, one action audited on both sides, whose
 * choices say how many units the source store holds.
 */
export function StoreStockPanel({ stock }: { stock: ProductStoreStock }) {
  const fetcher = useFetcher<ActionResult>();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const select = "mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base";
  const [variantId, setVariantId] = useState(stock.variants[0]?.id);
  const [fromStoreId, setFromStoreId] = useState(stock.stores[0]?.id);
  const unitsAt = (variant: ProductStoreStock["variants"][number] | undefined, storeId: number | undefined) => (variant && storeId !== undefined ? (variant.units[storeId] ?? 0) : 0);
  const chosen = stock.variants.find((variant) => variant.id === variantId);
  const available = unitsAt(chosen, fromStoreId);
  return (
    <section aria-labelledby="estoque-por-loja" className="mt-8 rounded-xl bg-white p-4 shadow-sm">
      <h2 id="estoque-por-loja" className="text-lg font-bold">
        Estoque por loja
      </h2>
      <UnitsByStore stock={stock} />

      <fetcher.Form method="post" className="mt-4 grid gap-3 sm:grid-cols-2">
        <h3 className="font-semibold sm:col-span-2">Transferir entre lojas</h3>
        <input type="hidden" name="intent" value={TRANSFER_INTENT} />
        <label className="block">
          <span className="block text-sm font-semibold text-slate-800">Tamanho / cor</span>
          <select name="variantId" className={select} required value={variantId} onChange={(event) => setVariantId(Number(event.target.value))}>
            {stock.variants.map((variant) => (
              <option key={variant.id} value={variant.id} data-label={variant.label}>
                {`${variant.label} · ${unitsAt(variant, fromStoreId)} un.`}
              </option>
            ))}
          </select>
        </label>
        <label className="block">
          <span className="block text-sm font-semibold text-slate-800">Unidades</span>
          <input name="units" type="number" inputMode="numeric" min={1} max={Math.max(available, 1)} defaultValue={1} required className={select} />
        </label>
        <label className="block">
          <span className="block text-sm font-semibold text-slate-800">De</span>
          <select name="fromStoreId" className={select} required value={fromStoreId} onChange={(event) => setFromStoreId(Number(event.target.value))}>
            {stock.stores.map((store) => (
              <option key={store.id} value={store.id} data-label={store.name}>
                {`${store.name} · ${unitsAt(chosen, store.id)} un.`}
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
        <p className="text-sm text-slate-700 sm:col-span-2" data-testid="transfer-available">
          {`Disponível na origem: ${available === 1 ? "1 unidade" : `${available} unidades`}`}
        </p>
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

/** A block per store with its sizes × colours wrapped beneath: readable at 320 px, nothing to scroll sideways. */
function UnitsByStore({ stock }: { stock: ProductStoreStock }) {
  return (
    <ul className="mt-3 space-y-3">
      {stock.stores.map((store) => {
        const total = stock.variants.reduce((sum, variant) => sum + (variant.units[store.id] ?? 0), 0);
        const held = stock.variants.filter((variant) => (variant.units[store.id] ?? 0) > 0);
        return (
          <li key={store.id} data-store={store.name} className="border-t border-slate-100 pt-2">
            <p className="text-sm font-semibold">
              {store.name} <span className="font-normal text-slate-600">· {total === 1 ? "1 unidade" : `${total} unidades`}</span>
            </p>
            {held.length ? (
              <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm">
                {held.map((variant) => (
                  <li key={variant.id} data-variant={variant.label} className="tabular-nums">
                    <span className="text-slate-600">{variant.label}:</span> <span data-units>{variant.units[store.id]}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-1 text-sm text-slate-600">Nenhuma unidade. Para adicionar, escolha esta loja em “Estoque da loja”, no formulário acima, ou transfira de outra loja.</p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
