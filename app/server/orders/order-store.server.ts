// The stores that serve an online order (docs/decisions/0025-stock-per-store.md, the rule in
// app/lib/stores/serving-store.ts), among those that serve online. Read with the products locked, so
// the shelves it reads are the ones the order then takes from.
import { asc, eq } from "drizzle-orm";
import { storeLocations } from "#database/schema";
import { planServingStores, type ServingPlan } from "~/lib/stores/serving-store";
import { lockStockOf, unitsAt, type UnitsByVariant } from "../catalog/stock-moves.server";
import type { DatabaseOrTransaction } from "../db/database.server";

/** The plan for these units (variant id → units, in the lines' order), with their products locked. */
export async function planOrderStores(
  tx: DatabaseOrTransaction,
  wanted: UnitsByVariant,
  where: { town: string | null; pickupStoreId: number | null },
): Promise<ServingPlan> {
  await lockStockOf(tx, [...wanted.keys()]);
  const stores = await tx
    .select({ id: storeLocations.id, city: storeLocations.city })
    .from(storeLocations)
    .where(eq(storeLocations.servesOnline, true))
    .orderBy(asc(storeLocations.position), asc(storeLocations.id));
  const units = await unitsAt(
    tx,
    [...wanted.keys()],
    stores.map((store) => store.id),
  );
  const shelves = stores.map((store) => ({
    ...store,
    units: new Map([...wanted.keys()].map((variantId) => [variantId, units.get(variantId)?.get(store.id) ?? 0])),
  }));
  return planServingStores(shelves, wanted, where);
}
