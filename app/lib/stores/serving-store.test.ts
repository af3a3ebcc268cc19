import { describe, expect, it } from "vitest";
import { pickupAvailability, planServingStores, type StoreShelf } from "./serving-store";

const shelf = (id: number, city: string, units: [number, number][]): StoreShelf => ({ id, city, units: new Map(units) });
const delivery = (town: string | null) => ({ town, pickupStoreId: null });

describe("planServingStores", () => {
  const barreiros = shelf(1, "Barreiros", [[10, 1]]);
  const sirinhaem = shelf(2, "Sirinhaém", [[10, 3], [11, 1]]);

  it("serves a delivery from a store in the shopper's town (accents and case aside) when it holds every line", () => {
    expect(planServingStores([barreiros, sirinhaem], new Map([[10, 1]]), delivery("SIRINHAEM"))).toMatchObject({ ok: true, storeId: 2 });
    expect(planServingStores([barreiros, sirinhaem], new Map([[10, 1]]), delivery("Recife"))).toMatchObject({ ok: true, storeId: 1 });
  });

  it("otherwise from the first store holding every line", () => {
    expect(planServingStores([barreiros, sirinhaem], new Map([[10, 2]]), delivery("Barreiros"))).toMatchObject({ ok: true, storeId: 2 });
    expect(planServingStores([barreiros, sirinhaem], new Map([[10, 1], [11, 1]]), delivery(null))).toMatchObject({ ok: true, storeId: 2 });
  });

  it("serves a pick-up from the store chosen: its own units, the lines it lacks by transfer from the stores that hold them", () => {
    expect(planServingStores([barreiros, sirinhaem], new Map([[10, 1]]), { town: null, pickupStoreId: 2 })).toEqual({ ok: true, storeId: 2, storeOfVariant: new Map([[10, 2]]) });
    // Barreiros lacks 11: it still serves the pick-up, the unit comes from Sirinhaém.
    expect(planServingStores([barreiros, sirinhaem], new Map([[11, 1]]), { town: null, pickupStoreId: 1 })).toEqual({ ok: true, storeId: 1, storeOfVariant: new Map([[11, 2]]) });
    expect(planServingStores([barreiros, sirinhaem], new Map([[10, 1], [11, 1]]), { town: null, pickupStoreId: 1 })).toEqual({
      ok: true,
      storeId: 1,
      storeOfVariant: new Map([[10, 1], [11, 2]]),
    });
    // A pick-up store that does not sell online (not among the shelves) gets every line by transfer.
    expect(planServingStores([barreiros, sirinhaem], new Map([[10, 1]]), { town: "Barreiros", pickupStoreId: 9 })).toEqual({ ok: true, storeId: 9, storeOfVariant: new Map([[10, 1]]) });
    expect(planServingStores([barreiros, sirinhaem], new Map([[10, 4]]), { town: null, pickupStoreId: 1 })).toEqual({ ok: false, variantId: 10, mostAtOneStore: 3 });
  });

  it("tells each pick-up store's availability: all of it today, by transfer, or not at all", () => {
    const stores = [{ id: 1, city: "Barreiros" }, { id: 2, city: "Sirinhaém" }, { id: 9, city: "Barreiros" }];
    expect(pickupAvailability([barreiros, sirinhaem], new Map([[11, 1]]), stores)).toEqual(new Map([[1, "transfer"], [2, "today"], [9, "transfer"]]));
    expect(pickupAvailability([barreiros, sirinhaem], new Map([[10, 1]]), stores)).toEqual(new Map([[1, "today"], [2, "today"], [9, "transfer"]]));
    expect(pickupAvailability([barreiros, sirinhaem], new Map([[12, 1]]), stores)).toEqual(new Map([[1, "none"], [2, "none"], [9, "none"]]));
  });

  it("takes each line from its own store when no one store holds them all, the order served from the first line's", () => {
    const kids = shelf(3, "Barreiros", [[20, 1]]);
    const plan = planServingStores([barreiros, sirinhaem, kids], new Map([[20, 1], [10, 2]]), delivery("Barreiros"));
    expect(plan).toEqual({ ok: true, storeId: 3, storeOfVariant: new Map([[20, 3], [10, 2]]) });
  });

  it("refuses when no one store holds enough of a line, saying the most one store holds", () => {
    expect(planServingStores([barreiros, sirinhaem], new Map([[10, 4]]), delivery(null))).toEqual({ ok: false, variantId: 10, mostAtOneStore: 3 });
    expect(planServingStores([barreiros, sirinhaem], new Map([[11, 1], [12, 1]]), delivery(null))).toEqual({ ok: false, variantId: 12, mostAtOneStore: 0 });
  });
});
