import { useEffect, useState } from "react";
import { orderLinesJson, type Cart } from "~/lib/cart/cart";
import type { PickupAvailability } from "~/lib/stores/serving-store";
import { pickupAvailabilityText } from "~/lib/stores/store-transfer";

type PickupStore = { id: number; name: string; address: string; hours?: string };

/** GET /api/retirada's answer (app/server/orders/pickup-availability.server.ts). */
type AvailabilityAnswer = { stores: { storeId: number; status: PickupAvailability }[] };

const STATUS_STYLE: Record<PickupAvailability, string> = {
  today: "bg-green-100 text-green-900",
  transfer: "bg-amber-100 text-amber-950",
  none: "bg-slate-200 text-slate-700",
};

/** Each store's word for this cart, once /api/retirada answers (null until then, or when it cannot). */
function usePickupAvailability(cart: Cart): Map<number, PickupAvailability> | null {
  const lines = orderLinesJson(cart);
  const [answer, setAnswer] = useState<{ lines: string; statuses: Map<number, PickupAvailability> } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetch(`/api/retirada?${new URLSearchParams({ itens: lines })}`, { signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<AvailabilityAnswer>) : null))
      .then((body) => body && setAnswer({ lines, statuses: new Map(body.stores.map((store) => [store.storeId, store.status])) }))
      // Without the list's words the shopper still chooses; the order says what it did.
      .catch(() => {});
    return () => controller.abort();
  }, [lines]);
  return answer?.lines === lines ? answer.statuses : null;
}

/**
 * The checkout's pick-up stores, each saying whether it has the whole cart today, would get it by a
 * transfer (and in how long), or cannot have it: a store that cannot is not choosable.
 */
export function PickupStoreChoice({ stores, cart, error }: { stores: readonly PickupStore[]; cart: Cart; error: string | undefined }) {
  const statuses = usePickupAvailability(cart);
  const [chosen, setChosen] = useState("");
  return (
    <fieldset className="space-y-2" aria-describedby={error ? "pickupLocationId-error" : undefined} data-testid="pickup-stores">
      <legend className="text-sm font-semibold text-slate-800">Loja para retirada</legend>
      {error ? (
        <p id="pickupLocationId-error" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      {stores.map((store) => {
        const status = statuses?.get(store.id) ?? null;
        const unavailable = status === "none";
        const checked = chosen === String(store.id) && !unavailable;
        return (
          <label
            key={store.id}
            className={`flex gap-3 rounded-lg border p-3 ${unavailable ? "cursor-not-allowed border-slate-200 bg-slate-50 text-slate-500" : "cursor-pointer"} ${checked ? "border-brand-600 bg-brand-50" : "border-slate-300"}`}
          >
            <input
              type="radio"
              name="pickupLocationId"
              value={store.id}
              checked={checked}
              disabled={unavailable}
              onChange={() => setChosen(String(store.id))}
              className="mt-1 h-4 w-4 shrink-0 accent-brand-600"
            />
            <span className="min-w-0 text-sm">
              <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="font-semibold text-base">{store.name}</span>
                {status ? (
                  <span className={`rounded px-1.5 py-0.5 text-xs font-bold ${STATUS_STYLE[status]}`} data-testid="pickup-availability">
                    {pickupAvailabilityText(status)}
                  </span>
                ) : null}
              </span>
              <span className="block text-slate-600">
                {store.address}
                {store.hours ? ` (${store.hours})` : ""}
              </span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
