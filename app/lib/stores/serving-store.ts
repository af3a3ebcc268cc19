// Which store serves an online order (docs/decisions/0025-stock-per-store.md). A pick-up is served by
// the store chosen, always: what it holds comes off its shelf, the rest is a transfer from the stores
// that hold it (issue 51: the shopper picks up where she chose, and that store's staff hand it over).
// A delivery: among the stores that serve online, the stores in the shopper's town first, then the
// others, each group in the stores' order. The first that holds every line serves the whole order. When
// no one store does (a cart mixing the shops' products, each on its own store's shelf), each line comes
// from the first store in that order holding it, and the order is served from its first line's store. A
// line no store holds enough of refuses the order.
import { normalizeSearchText } from "~/lib/format/search-text";

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

/** Where an order goes: the delivery's town, or the pick-up store (null: none). */
export type ServingWhere = { town: string | null; pickupStoreId: number | null };

/**
 * The stores an order's units come from. `stores` (those serving online) in the stores' order; `wanted`
 * in the lines' order (units per variant id); `town` the delivery's city, or the pick-up store's (null:
 * none); `pickupStoreId` the store chosen for a pick-up (null: a delivery), which serves the order
 * whether or not it sells online: the lines it holds come off its shelf, the others from the stores
 * that hold them (a transfer to it, nearest town first).
 */
export function planServingStores(
  stores: readonly StoreShelf[],
  wanted: ReadonlyMap<number, number>,
  { town, pickupStoreId }: ServingWhere,
): ServingPlan {
  if (pickupStoreId !== null) return planPickup(stores, wanted, town ?? stores.find((store) => store.id === pickupStoreId)?.city ?? null, pickupStoreId);
  const shopperTown = town ? normalizeSearchText(town) : null;
  const rank = (store: StoreShelf) => (shopperTown !== null && normalizeSearchText(store.city) === shopperTown ? 1 : 2);
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

/** A pick-up at `pickupStoreId`: its own units first, the lines it lacks from the other stores (as a delivery to its town). */
function planPickup(stores: readonly StoreShelf[], wanted: ReadonlyMap<number, number>, town: string | null, pickupStoreId: number): ServingPlan {
  const pickupShelf = stores.find((store) => store.id === pickupStoreId);
  const atPickup = [...wanted].filter(([variantId, needed]) => (pickupShelf?.units.get(variantId) ?? 0) >= needed);
  const missing = new Map([...wanted].filter(([variantId]) => !atPickup.some(([held]) => held === variantId)));
  const storeOfVariant = new Map(atPickup.map(([variantId]) => [variantId, pickupStoreId]));
  if (missing.size > 0) {
    const others = planServingStores(
      stores.filter((store) => store.id !== pickupStoreId),
      missing,
      { town, pickupStoreId: null },
    );
    if (!others.ok) {
      // The most at one store counts the pick-up store's own shelf too.
      return { ...others, mostAtOneStore: Math.max(others.mostAtOneStore, pickupShelf?.units.get(others.variantId) ?? 0) };
    }
    for (const [variantId, storeId] of others.storeOfVariant) storeOfVariant.set(variantId, storeId);
  }
  // In the lines' order, as a delivery's plan.
  return { ok: true, storeId: pickupStoreId, storeOfVariant: new Map([...wanted.keys()].map((variantId) => [variantId, storeOfVariant.get(variantId)!])) };
}

/** What the checkout's list says of a pick-up store for this cart: all of it on its shelf today, some coming by transfer, or not to be had. */
export type PickupAvailability = "today" | "transfer" | "none";

/** Each pick-up store's availability for `wanted`, by the same plan that places the order. */
export function pickupAvailability(
  stores: readonly StoreShelf[],
  wanted: ReadonlyMap<number, number>,
  pickupStores: readonly { id: number; city: string }[],
): Map<number, PickupAvailability> {
  return new Map(
    pickupStores.map((pickup) => {
      const plan = planServingStores(stores, wanted, { town: pickup.city, pickupStoreId: pickup.id });
      const status: PickupAvailability = !plan.ok ? "none" : [...plan.storeOfVariant.values()].every((storeId) => storeId === pickup.id) ? "today" : "transfer";
      return [pickup.id, status];
    }),
  );
}
