// The checkout's pick-up list (GET /api/retirada): for the cart as it is, which stores have all of it
// on their shelf today, which would get it by a transfer, and which cannot (docs/delivery.md). Read
// without locks by the same plan that places the order (app/lib/stores/serving-store.ts), so the list
// and the order agree unless the shelves move in between; the order then tells what it did.
import { inArray } from "drizzle-orm";
import { products } from "#database/schema";
import { variantKey } from "~/lib/catalog/variants";
import type { OrderLineRequest } from "~/lib/orders/checkout.schema";
import { pickupAvailability, type PickupAvailability } from "~/lib/stores/serving-store";
import type { DatabaseOrTransaction } from "../db/database.server";
import { variantsByProduct } from "../catalog/variants.server";
import { readShelves } from "./order-store.server";

export type PickupStoreAvailability = { storeId: number; status: PickupAvailability };

/** Each store's availability for these lines, in the stores' order; every store "none" when a line names nothing on sale. */
export async function pickupAvailabilityFor(db: DatabaseOrTransaction, lines: readonly OrderLineRequest[]): Promise<PickupStoreAvailability[]> {
  const productIds = [...new Set(lines.map((line) => line.productId))];
  const active = new Set((await db.select({ id: products.id, active: products.active }).from(products).where(inArray(products.id, productIds))).filter((row) => row.active).map((row) => row.id));
  const variants = await variantsByProduct(db, productIds);
  const wanted = new Map<number, number>();
  let unknown = false;
  for (const line of lines) {
    const key = variantKey(line.size ?? "", line.color ?? "");
    const variant = active.has(line.productId) ? variants.get(line.productId)?.find((candidate) => variantKey(candidate.size, candidate.color) === key) : undefined;
    if (!variant) unknown = true;
    else wanted.set(variant.id, (wanted.get(variant.id) ?? 0) + line.quantity);
  }
  const { stores, shelves } = await readShelves(db, [...wanted.keys()]);
  if (unknown) return stores.map((store) => ({ storeId: store.id, status: "none" }));
  const statuses = pickupAvailability(shelves, wanted, stores);
  return stores.map((store) => ({ storeId: store.id, status: statuses.get(store.id)! }));
}
