// Which store serves an online order (docs/decisions/0025-stock-per-store.md). Among the stores that
// serve online: the pick-up store first, then the stores in the shopper's town, then the others, each
// group in the stores' order. The first that holds every line serves the whole order. When no one store
// does (a cart mixing the shops' products, each on its own store's shelf), each line comes from the
// first store in that order holding it, and the order is served from its first line's store. A line no
// store holds enough of refuses the order.
import { normalizeSearchText } from "~/lib/catalog/search-text";

export type StoreShelf = {
  id: number;
  city: string;
  /** Units per variant id on this store's shelf (a missing variant: 0). */
  units: ReadonlyMap<number, number>;
};

export type ServingPlan =
  | { ok: true; storeId: number; storeOfVariant: Map<number, number> }
  /** The variant no one store holds enough of, with the most any one store holds. */
  | { ok: false; variantId: number; mostAtOneStore: number };

/**
 * The stores an order's units come from. `stores` in the stores' order; `wanted` in the lines' order
 * (units per variant id); `town` the delivery's city (null: none); `pickupStoreId` the store chosen for
 * a pick-up (null: a delivery).
 */
export function planServingStores(
  stores: readonly StoreShelf[],
  wanted: ReadonlyMap<number, number>,
  { town, pickupStoreId }: { town: string | null; pickupStoreId: number | null },
): ServingPlan {
  // A pick-up's fallback is the towns' rule from the store chosen.
  const townName = town ?? stores.find((store) => store.id === pickupStoreId)?.city ?? null;
  const shopperTown = townName ? normalizeSearchText(townName) : null;
  const rank = (store: StoreShelf) => (store.id === pickupStoreId ? 0 : shopperTown !== null && normalizeSearchText(store.city) === shopperTown ? 1 : 2);
  // Array.prototype.sort is stable: the stores' order within each rank.
  const candidates = [...stores].sort((a, b) => rank(a) - rank(b));
  const holds = (store: StoreShelf, variantId: number, needed: number) => (store.units.get(variantId) ?? 0) >= needed;

  const whole = candidates.find((store) => [...wanted].every(([variantId, needed]) => holds(store, variantId, needed)));
  if (whole) return { ok: true, storeId: whole.id, storeOfVariant: new Map([...wanted.keys()].map((variantId) => [variantId, whole.id])) };

  const storeOfVariant = new Map<number, number>();
  for (const [variantId, needed] of wanted) {
    const store = candidates.find((candidate) => holds(candidate, variantId, needed));
    if (!store) return { ok: false, variantId, mostAtOneStore: Math.max(0, ...stores.map((candidate) => candidate.units.get(variantId) ?? 0)) };
    storeOfVariant.set(variantId, store.id);
  }
  return { ok: true, storeId: storeOfVariant.values().next().value!, storeOfVariant };
}
