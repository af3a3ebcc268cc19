// What every write of a product shares (the form, the CSV import, the starter products): the refusals,
// the lock imports take, and the form's store options with the ids behind them.
import { asc, eq, sql } from "drizzle-orm";
import { shops, storeLocations } from "#database/schema";
import type { StoreOption } from "~/lib/catalog/store-options";
import type { DatabaseOrTransaction } from "../db/database.server";

/** A save that cannot go through, with the pt-BR reason; `field` puts it beside that field. */
export class ProductSaveError extends Error {
  constructor(
    message: string,
    readonly field: "images" | "store" | null = null,
  ) {
    super(message);
  }
}

export class ProductNotFoundError extends Error {}

/** Serialises imports (starter products, CSV files): two clicks or two tabs cannot both create the same product. */
const IMPORT_LOCK = 727_005;

/** Takes the import lock until the transaction ends. */
export async function lockProductImports(tx: DatabaseOrTransaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
}

/**
 * The form's 'Loja' options: every store with its name as the settings edit it, grouped by shop (the
 * shops' order, then the stores').
 */
export async function listStoreOptions(db: DatabaseOrTransaction): Promise<StoreOption[]> {
  return db
    .select({ value: storeLocations.slug, label: storeLocations.name, shop: shops.slug })
    .from(storeLocations)
    .innerJoin(shops, eq(shops.id, storeLocations.shopId))
    .orderBy(asc(shops.position), asc(shops.id), asc(storeLocations.position), asc(storeLocations.id));
}

/** The shop and the physical store behind one of the form's 'Loja' options (the store's slug). */
export async function resolveStoreOption(db: DatabaseOrTransaction, option: string): Promise<{ shopId: number; storeLocationId: number }> {
  const [row] = await db
    .select({ storeLocationId: storeLocations.id, shopId: storeLocations.shopId })
    .from(storeLocations)
    .where(eq(storeLocations.slug, option));
  if (!row) throw new ProductSaveError("a loja escolhida não foi encontrada.", "store");
  return { shopId: row.shopId, storeLocationId: row.storeLocationId };
}
