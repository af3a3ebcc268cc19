import { asc } from "drizzle-orm";
import { storeLocations } from "#database/schema";
import type { DatabaseOrTransaction } from "../db/database.server";

/**
 * The CEP a carrier parcel leaves from: the given store's (the pick-up or, once stock per store exists,
 * the fulfilling store) or else the first store. Read from the store's address ("…, 55560-000"), so no
 * new field is needed while every store's address ends with its CEP. Null when no store has one.
 */
export async function originCepFor(db: DatabaseOrTransaction, storeLocationId: number | null = null): Promise<string | null> {
  const stores = await db.select({ id: storeLocations.id, address: storeLocations.address }).from(storeLocations).orderBy(asc(storeLocations.position));
  const chosen = stores.find((store) => store.id === storeLocationId);
  for (const store of chosen ? [chosen, ...stores] : stores) {
    const cep = /(\d{5})-?(\d{3})\D*$/.exec(store.address);
    if (cep) return `${cep[1]}${cep[2]}`;
  }
  return null;
}
