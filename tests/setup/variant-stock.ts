// Stock per size × colour in tests. The units are per store (variant_stock); product_variants.stock
// (the storefront's: the sum at the stores that serve online) and products.stock follow by trigger.
// Size or colour null = the product has none ('' in product_variants).
import type { Pool } from "pg";

export type VariantRef = { productId: number; size: string | null; color: string | null };

/**
 * Sets the variant's units: all of them at the product's own store, none at the others (so the
 * storefront's stock is `stock`); throws when the product has no such size × colour.
 */
export async function setVariantStock(pool: Pick<Pool, "query">, variant: VariantRef, stock: number): Promise<void> {
  const { rows } = await pool.query<{ id: number; store: number }>(
    "select id, erick_product_home_store(product_id) as store from product_variants where product_id = $1 and size = $2 and color = $3",
    [variant.productId, variant.size ?? "", variant.color ?? ""],
  );
  if (rows.length !== 1) throw new Error(`product ${variant.productId} has no variant ${variant.size}/${variant.color}`);
  await setVariantUnitsAt(pool, rows[0]!.id, rows[0]!.store, stock, { elsewhere: 0 });
}

/** Sets a variant's units at one store (by variant id); `elsewhere: 0` empties its other stores. */
export async function setVariantUnitsAt(
  pool: Pick<Pool, "query">,
  variantId: number,
  storeId: number,
  units: number,
  { elsewhere }: { elsewhere?: 0 } = {},
): Promise<void> {
  if (elsewhere === 0) await pool.query("delete from variant_stock where variant_id = $1 and store_location_id <> $2", [variantId, storeId]);
  await pool.query(
    `insert into variant_stock (variant_id, store_location_id, units) values ($1, $2, $3)
     on conflict (variant_id, store_location_id) do update set units = excluded.units`,
    [variantId, storeId, units],
  );
}

/** Sets every variant of these products (all when null) to `units` at its product's own store, none elsewhere. */
export async function setAllVariantStock(pool: Pick<Pool, "query">, units: number, productIds: number[] | null = null): Promise<void> {
  const ids = productIds ?? (await pool.query<{ id: number }>("select id from products")).rows.map((row) => row.id);
  await pool.query("delete from variant_stock where variant_id in (select id from product_variants where product_id = any($1::integer[]))", [ids]);
  await pool.query(
    `insert into variant_stock (variant_id, store_location_id, units)
     select id, erick_product_home_store(product_id), $1::integer from product_variants where product_id = any($2::integer[])`,
    [units, ids],
  );
}

/** The variant's storefront stock (the sum at the stores that serve online). */
export async function variantStock(pool: Pick<Pool, "query">, variant: VariantRef): Promise<number> {
  const { rows } = await pool.query<{ stock: number }>(
    "select stock from product_variants where product_id = $1 and size = $2 and color = $3",
    [variant.productId, variant.size ?? "", variant.color ?? ""],
  );
  if (!rows[0]) throw new Error(`product ${variant.productId} has no variant ${variant.size}/${variant.color}`);
  return rows[0].stock;
}

/** Units of a variant at each store that holds a row for it, by store slug. */
export async function variantUnitsByStore(pool: Pick<Pool, "query">, variantId: number): Promise<Record<string, number>> {
  const { rows } = await pool.query<{ slug: string; units: number }>(
    "select l.slug, s.units from variant_stock s join store_locations l on l.id = s.store_location_id where s.variant_id = $1 order by l.slug",
    [variantId],
  );
  return Object.fromEntries(rows.map((row) => [row.slug, row.units]));
}

/** Adds units to every variant of a product at the product's own store. */
export async function addUnitsAtOwnStore(pool: Pick<Pool, "query">, productId: number, units: number): Promise<void> {
  await pool.query(
    `insert into variant_stock (variant_id, store_location_id, units)
     select id, erick_product_home_store(product_id), $2::integer from product_variants where product_id = $1
     on conflict (variant_id, store_location_id) do update set units = variant_stock.units + excluded.units`,
    [productId, units],
  );
}

/** Sets these variants (by id) to `units` each, all at their product's own store, none elsewhere. */
export async function setVariantStockByIds(pool: Pick<Pool, "query">, variantIds: readonly number[], units: number): Promise<void> {
  await pool.query("delete from variant_stock where variant_id = any($1::integer[])", [variantIds]);
  await pool.query(
    `insert into variant_stock (variant_id, store_location_id, units)
     select id, erick_product_home_store(product_id), $2::integer from product_variants where id = any($1::integer[])`,
    [variantIds, units],
  );
}
