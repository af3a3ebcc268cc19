// Stock per size × colour in tests: set a variant's units (products.stock, their sum, follows by
// trigger) and read them back. Size or colour null = the product has none ('' in product_variants).
import type { Pool } from "pg";

export type VariantRef = { productId: number; size: string | null; color: string | null };

/** Sets the variant's units; throws when the product has no such size × colour. */
export async function setVariantStock(pool: Pick<Pool, "query">, variant: VariantRef, stock: number): Promise<void> {
  const { rowCount } = await pool.query(
    "update product_variants set stock = $4 where product_id = $1 and size = $2 and color = $3",
    [variant.productId, variant.size ?? "", variant.color ?? "", stock],
  );
  if (rowCount !== 1) throw new Error(`product ${variant.productId} has no variant ${variant.size}/${variant.color}`);
}

export async function variantStock(pool: Pick<Pool, "query">, variant: VariantRef): Promise<number> {
  const { rows } = await pool.query<{ stock: number }>(
    "select stock from product_variants where product_id = $1 and size = $2 and color = $3",
    [variant.productId, variant.size ?? "", variant.color ?? ""],
  );
  if (!rows[0]) throw new Error(`product ${variant.productId} has no variant ${variant.size}/${variant.color}`);
  return rows[0].stock;
}
