import { useEffect, useState } from "react";

const KEY = "erick-balcao-loja";

/**
 * The store this phone sells at: chosen once, remembered on the phone for the counter and the stock
 * count. With one store to choose from (a Vendedor's) it is that one, on any phone, from the first render.
 */
export function useRememberedStore(stores: readonly { id: number }[], initial: number | null = null): [number | null, (id: number | null) => void] {
  const only = stores.length === 1 ? stores[0]!.id : null;
  const [storeId, setStoreId] = useState<number | null>(initial ?? only);
  useEffect(() => {
    if (initial !== null || only !== null) return;
    let remembered: number | null = null;
    try {
      remembered = Number(window.localStorage.getItem(KEY)) || null;
    } catch {
      remembered = null;
    }
    if (remembered !== null && stores.some((store) => store.id === remembered)) setStoreId(remembered);
  }, [stores, initial, only]);
  function choose(id: number | null) {
    setStoreId(id);
    try {
      if (id === null) window.localStorage.removeItem(KEY);
      else window.localStorage.setItem(KEY, String(id));
    } catch {
      // Private mode: chosen for this visit only.
    }
  }
  return [storeId, choose];
}

export function StoreSelect({
  stores,
  storeId,
  onChange,
}: {
  stores: readonly { id: number; name: string }[];
  storeId: number | null;
  onChange: (id: number | null) => void;
}) {
  return (
    <label className="block text-sm font-semibold text-slate-800">
      Loja
      <select
        name="storeId"
        value={storeId ?? ""}
        onChange={(event) => onChange(Number(event.target.value) || null)}
        className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base"
        required
      >
        <option value="">Escolha a loja</option>
        {stores.map((store) => (
          <option key={store.id} value={store.id}>
            {store.name}
          </option>
        ))}
      </select>
    </label>
  );
}
