// A store's shelf as the counter and the stock count read and write it. One place to change when the
// stock is kept per store: until then every store sees (and a count sets) the one stock of each
// size × colour.
import { asc, inArray, sql } from "drizzle-orm";
import { products, productVariants } from "#database/schema";
import type { DatabaseOrTransaction } from "../db/database.server";

/** Units on the store's shelf per variant id (variants that no longer exist are absent). */
export async function storeShelfStock(
  db: DatabaseOrTransaction,
  _storeId: number | null,
  variantIds: readonly number[],
  { lock = false }: { lock?: boolean } = {},
): Promise<Map<number, number>> {
  if (variantIds.length === 0) return new Map();
  const query = db
    .select({ id: productVariants.id, stock: productVariants.stock })
    .from(productVariants)
    .where(inArray(productVariants.id, [...variantIds]))
    .orderBy(asc(productVariants.id));
  // FOR SHARE: a sale taking these units commits before the read or waits until this transaction ends.
  const rows = lock ? await query.for("share") : await query;
  return new Map(rows.map((row) => [row.id, row.stock]));
}

/**
 * Sets the store's shelf to these numbers, locking the products in id order first (the order every
 * stock move takes, app/server/catalog/stock-moves.server.ts), and marks the products changed so
 * their pages show it.
 */
export async function setStoreShelfStock(db: DatabaseOrTransaction, _storeId: number, stock: ReadonlyMap<number, number>): Promise<void> {
  const ids = [...stock.keys()].sort((a, b) => a - b);
  if (ids.length === 0) return;
  const productIds = (await db.selectDistinct({ id: productVariants.productId }).from(productVariants).where(inArray(productVariants.id, ids))).map((row) => row.id);
  if (productIds.length === 0) return;
  await db.select({ id: products.id }).from(products).where(inArray(products.id, productIds)).orderBy(asc(products.id)).for("no key update");
  await db.execute(sql`
    update ${productVariants} v set stock = d.stock
    from unnest(${sql.param(ids)}::integer[], ${sql.param(ids.map((id) => stock.get(id)!))}::integer[]) as d(id, stock)
    where v.id = d.id`);
  await db.update(products).set({ updatedAt: sql`now()` }).where(inArray(products.id, productIds));
}
