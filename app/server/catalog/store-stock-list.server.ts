// The stock screen of one store (/admin/estoque): its products with the units of each size × colour
// on that store's shelf. Only reads: units move through ./stock-moves.server.ts (a correction through
// the store's stock count, app/server/counter/stock-count.server.ts).
import { and, asc, eq, sql } from "drizzle-orm";
import { products, shops } from "#database/schema";
import { ADMIN_PAGE_SIZE, pageCount } from "~/lib/lists/admin-list";
import { unitsKey, type StoreStockList } from "~/lib/stores/store-stock-list";
import type { DatabaseOrTransaction } from "../db/database.server";
import { productSearchCondition } from "./product-search.server";
import { unitsAt } from "./stock-moves.server";
import { variantsByProduct } from "./variants.server";

/**
 * One page of the store's products, by name: those matching `q` (any product, so a clerk also finds
 * what the store has none of), or without `q` the products the store holds units of or that are its
 * own (their 'Loja', so an empty shelf shows too).
 */
export async function listStoreStock(db: DatabaseOrTransaction, storeId: number, { q, page }: { q: string; page: number }): Promise<StoreStockList> {
  const searched = productSearchCondition(q);
  const atStore = sql`(exists (
      select 1 from variant_stock vs join product_variants v on v.id = vs.variant_id
      where v.product_id = ${products.id} and vs.store_location_id = ${storeId} and vs.units > 0)
    or erick_product_home_store(${products.id}) = ${storeId})`;
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      shopName: shops.name,
      active: products.active,
      sizes: products.sizes,
      colors: products.colors,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(and(searched ?? atStore))
    .orderBy(asc(products.name), asc(products.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE);
  const total = rows[0]?.total ?? 0;
  const variants = await variantsByProduct(db, rows.map((row) => row.id));
  const shelf = await unitsAt(db, [...variants.values()].flat().map((variant) => variant.id), [storeId]);
  return {
    total,
    page,
    pageCount: pageCount(total),
    products: rows.map((row) => {
      const own = variants.get(row.id) ?? [];
      const place = (list: string[], value: string) => (list.includes(value) ? list.indexOf(value) : list.length);
      const sizes = [...new Set(own.map((variant) => variant.size))].sort((a, b) => place(row.sizes, a) - place(row.sizes, b));
      const colors = [...new Set(own.map((variant) => variant.color))].sort((a, b) => place(row.colors, a) - place(row.colors, b));
      const units: Record<string, number> = {};
      let totalUnits = 0;
      for (const variant of own) {
        const count = shelf.get(variant.id)?.get(storeId) ?? 0;
        units[unitsKey(variant.size, variant.color)] = count;
        totalUnits += count;
      }
      return { id: row.id, name: row.name, shopName: row.shopName, active: row.active, sizes, colors, units, totalUnits };
    }),
  };
}
