import { useFetcher } from "react-router";
import type { ActionResult } from "~/lib/forms/action-result";
import { ORDER_STORE_CONFIRMED, ORDER_STORE_INTENT, ORDER_STORE_MESSAGES, type OrderStoreMovePreview, type OrderStoreView } from "~/lib/stores/store-stock";

type StoreAnswer = ActionResult<{ storeMove: OrderStoreMovePreview } | undefined>;

/**
 * The order window's 'Loja que atende'. Changing it moves the units the order holds to the new store's
 * shelf, so the clerk is asked first: 'Mudar loja' answers what moves where, and only 'Confirmar
 * mudança' applies it. Shown as text where it cannot change (`canChange`: a Vendedor, or a sale handed
 * over to the customer, which keeps its store).
 */
export function OrderStoreForm({ action, store, canChange, handedOver }: { action: string; store: OrderStoreView; canChange: boolean; handedOver: boolean }) {
  const fetcher = useFetcher<StoreAnswer>();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const asking = result?.ok ? result.data?.storeMove : undefined;
  const busy = fetcher.state !== "idle";

  if (!canChange) {
    return (
      <p className="mt-3 text-slate-800" data-testid="order-store">
        <span className="font-semibold">Loja que atende: </span>
        {store.storeName ?? "nenhuma"}
        {handedOver ? <span className="block text-xs text-slate-600">{ORDER_STORE_MESSAGES.handedOver}</span> : null}
      </p>
    );
  }
  return (
    <div className="mt-3" data-testid="order-store">
      {asking ? (
        <fetcher.Form method="post" action={action} className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3" aria-labelledby="mudar-loja-pergunta">
          <input type="hidden" name="intent" value={ORDER_STORE_INTENT} />
          <input type="hidden" name="storeId" value={asking.storeId} />
          <input type="hidden" name={ORDER_STORE_CONFIRMED} value="on" />
          <p id="mudar-loja-pergunta" className="font-semibold text-slate-900">
            Mudar o pedido para {asking.storeName}?
          </p>
          {asking.moves.length ? (
            <ul className="list-disc space-y-1 pl-5 text-slate-800" data-testid="order-store-moves">
              {asking.moves.map((move) => (
                <li key={move}>{move}</li>
              ))}
            </ul>
          ) : (
            <p className="text-slate-700">{ORDER_STORE_MESSAGES.noUnitsMove}</p>
          )}
          <div className="flex flex-wrap gap-2">
            <button type="submit" disabled={busy} className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
              {busy ? "Mudando…" : "Confirmar mudança"}
            </button>
            <button type="button" disabled={busy} onClick={() => fetcher.reset()} className="rounded-lg border border-slate-300 bg-white px-4 py-2 font-semibold">
              Cancelar
            </button>
          </div>
        </fetcher.Form>
      ) : (
        <fetcher.Form method="post" action={action} className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value={ORDER_STORE_INTENT} />
          <label className="block">
            <span className="block text-sm font-semibold text-slate-800">Loja que atende</span>
            <select name="storeId" defaultValue={store.storeId ?? ""} className="mt-1 w-64 max-w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base">
              {store.storeId === null ? <option value="">Nenhuma</option> : null}
              {store.stores.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" disabled={busy} className="rounded-lg border border-slate-300 px-3 py-2 font-semibold">
            {busy ? "Verificando…" : "Mudar loja"}
          </button>
        </fetcher.Form>
      )}
      <p role="status" className={`mt-1 w-full text-sm ${result?.ok === false ? "text-red-700" : "text-green-800"}`}>
        {result && !asking ? (result.ok ? (result.message ?? "") : (result.errors.form ?? "")) : ""}
      </p>
    </div>
  );
}
