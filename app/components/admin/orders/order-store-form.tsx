import { useFetcher } from "react-router";
import type { ActionResult } from "~/lib/forms/action-result";
import { ORDER_STORE_INTENT, type OrderStoreView } from "~/lib/stores/store-stock";

/** The order window's 'Loja que atende': changing it moves the units the order holds to the new store's shelf. */
export function OrderStoreForm({ action, store }: { action: string; store: OrderStoreView }) {
  const fetcher = useFetcher<ActionResult>();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <fetcher.Form method="post" action={action} className="mt-3 flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value={ORDER_STORE_INTENT} />
      <label className="block">
        <span className="block text-sm font-semibold text-slate-800">Loja que atende</span>
        <select name="storeId" defaultValue={store.storeId ?? ""} className="mt-1 w-64 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base">
          {store.storeId === null ? <option value="">Nenhuma</option> : null}
          {store.stores.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.name}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" disabled={fetcher.state !== "idle"} className="rounded-lg border border-slate-300 px-3 py-2 font-semibold">
        {fetcher.state !== "idle" ? "Mudando…" : "Mudar loja"}
      </button>
      <p role="status" className={`w-full text-sm ${result?.ok === false ? "text-red-700" : "text-green-800"}`}>
        {result ? (result.ok ? (result.message ?? "") : (result.errors.form ?? "")) : ""}
      </p>
    </fetcher.Form>
  );
}
