import { and, desc, eq, sql } from "drizzle-orm";
import { favorites, products } from "#database/schema";
import type { ProductSummary } from "~/lib/catalog/catalog";
import { MAX_FAVORITES } from "~/lib/catalog/favorites";
import { productSummariesByIds } from "./products.server";
import type { DatabaseOrTransaction } from "../db/database.server";

/** The account's favourite product ids, oldest first: the order the browser's list keeps. */
export async function listFavoriteIds(db: DatabaseOrTransaction, userId: string): Promise<number[]> {
  const rows = await db
    .select({ productId: favorites.productId })
    .from(favorites)
    .where(eq(favorites.userId, userId))
    .orderBy(desc(favorites.createdAt), desc(favorites.productId))
    .limit(MAX_FAVORITES);
  return rows.map((row) => row.productId).reverse();
}

/** Marks or unmarks a favourite; false when there is no such product to mark. */
export async function setFavorite(db: DatabaseOrTransaction, userId: string, productId: number, on: boolean): Promise<boolean> {
  if (!on) {
    await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.productId, productId)));
    return true;
  }
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) return false;
  await db.insert(favorites).values({ userId, productId }).onConflictDoNothing();
  return true;
}

/**
 * Adds the browser's favourites (kept while signed out) to the account, skipping ids that are not
 * products, and returns the account's whole list for the browser to mirror.
 */
export async function mergeFavorites(db: DatabaseOrTransaction, userId: string, productIds: readonly number[]): Promise<number[]> {
  const ids = [...new Set(productIds)].slice(-MAX_FAVORITES);
  if (ids.length > 0) {
    // Oldest first in the browser's list: give each a creation time in that order.
    const positions = ids.map((id, index) => sql`(${id}::int, ${index}::int)`);
    await db.execute(sql`
      insert into ${favorites} (user_id, product_id, created_at)
      select ${userId}, ${products.id}, now() + make_interval(secs => local.position / 1000.0)
      from (values ${sql.join(positions, sql`, `)}) as local(product_id, position)
      join ${products} on ${products.id} = local.product_id
      on conflict do nothing
    `);
  }
  return listFavoriteIds(db, userId);
}

/** The account's favourites that are still on sale, newest first, for /conta. */
export async function listFavoriteProducts(db: DatabaseOrTransaction, userId: string): Promise<ProductSummary[]> {
  const rows = await db
    .select({ productId: favorites.productId })
    .from(favorites)
    .innerJoin(products, eq(products.id, favorites.productId))
    .where(and(eq(favorites.userId, userId), eq(products.active, true)))
    .orderBy(desc(favorites.createdAt), desc(favorites.productId))
    .limit(MAX_FAVORITES);
  return productSummariesByIds(
    db,
    rows.map((row) => row.productId),
  );
}
