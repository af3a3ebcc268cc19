// A product's variants (size × colour, each with its stock) in the database: the grid every write
// path saves, and the grids the storefront reads. The units are per store (variant_stock); the
// storefront's `stock` of a variant (the sum at the stores that serve online) and products.stock are
// the database's to write (triggers erick_variant_stock, migration 0025, and erick_product_stock, 0011).
import { asc, inArray, sql } from "drizzle-orm";
import { productVariants } from "#database/schema";
import type { VariantStockInput } from "~/lib/catalog/product.schema";
import { variantIndex, variantKey, variantLabel, variantOptions } from "~/lib/catalog/variants";
import { ORDER_HOLD_FIELDS } from "~/lib/holds/order-holds";
import type { DatabaseOrTransaction } from "../db/database.server";

/**
 * Makes the product's variants exactly `variants`: their units at `storeId` (the product's own store
 * when not given: erick_product_home_store) and SKU, when given, written in one statement; units at
 * other stores are left as they are. Variants no longer offered are removed with their units at every
 * store (order lines that sold them keep their snapshot). Existing variants keep their ids, so orders
 * still point at them.
 */
export async function writeVariants(
  tx: DatabaseOrTransaction,
  productId: number,
  variants: readonly (VariantStockInput & { sku?: string })[],
  storeId?: number,
): Promise<void> {
  // A save that says nothing of SKUs (the form) or of EANs (an older form) leaves them as they are.
  await writeVariantsOfProducts(
    tx,
    new Map([[productId, variants]]),
    variants.some((variant) => variant.sku !== undefined),
    storeId === undefined ? undefined : new Map([[productId, storeId]]),
    variants.some((variant) => variant.ean !== undefined),
  );
}

/**
 * writeVariants for many products at once, in two statements however many rows (the CSV import: the
 * stock triggers run once, not once per product). SKUs are written when `withSkus`, else left alone.
 * `stock` is the units at the product's store in `storeByProduct`, else at its own store.
 */
export async function writeVariantsOfProducts(
  tx: DatabaseOrTransaction,
  byProduct: ReadonlyMap<number, readonly (VariantStockInput & { sku?: string })[]>,
  withSkus: boolean,
  storeByProduct?: ReadonlyMap<number, number>,
  withEans = false,
): Promise<void> {
  const rows = [...byProduct].flatMap(([productId, variants]) => variants.map((variant) => ({ productId, ...variant })));
  if (rows.length === 0) return;
  // Arrays as single parameters: no limit on the number of rows. The variants' rows first, then each
  // one's units at its store; the storefront's stock follows by trigger.
  const kept = await tx.execute<{ id: number }>(sql`
    with wanted as (
      select * from unnest(
        ${sql.param(rows.map((row) => row.productId))}::integer[], ${sql.param(rows.map((row) => row.size))}::text[],
        ${sql.param(rows.map((row) => row.color))}::text[], ${sql.param(rows.map((row) => row.stock))}::integer[],
        ${sql.param(rows.map((row) => row.sku ?? ""))}::text[],
        ${sql.param(rows.map((row) => storeByProduct?.get(row.productId) ?? 0))}::integer[],
        ${sql.param(rows.map((row) => row.ean ?? ""))}::text[])
        as w(product_id, size, color, units, sku, store_id, ean)
    ), variants as (
      insert into ${productVariants} (product_id, size, color, sku, ean)
      select product_id, size, color, sku, ean from wanted
      on conflict (product_id, size, color) do update set ${withSkus ? sql`sku = excluded.sku` : sql`size = excluded.size`}${withEans ? sql`, ean = excluded.ean` : sql``}
      returning id, product_id, size, color
    )
    insert into variant_stock (variant_id, store_location_id, units)
    select v.id, case when w.store_id > 0 then w.store_id else erick_product_home_store(v.product_id) end, w.units
    from variants v join wanted w on w.product_id = v.product_id and w.size = v.size and w.color = v.color
    on conflict (variant_id, store_location_id) do update set units = excluded.units
    returning variant_id as id`);
  await tx.execute(sql`
    delete from ${productVariants}
    where product_id = any(${sql.param([...byProduct.keys()])}::integer[])
      and not (id = any(${sql.param(kept.rows.map((row) => row.id))}::integer[]))`);
}

/** Each product's own store (its 'Loja', else its shop's first store): where a grid without a store is read and written. */
export async function homeStoreOf(db: DatabaseOrTransaction, productIds: readonly number[]): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db.execute<{ id: number; store: number }>(
    sql`select id, erick_product_home_store(id) as store from unnest(${sql.param([...new Set(productIds)])}::integer[]) as p(id)`,
  );
  return new Map(rows.rows.map((row) => [Number(row.id), Number(row.store)]));
}

/** A variant whose units are no longer what the clerk read. */
export type StockMovedSinceRead = { productId: number; size: string; color: string; read: number; now: number };

/**
 * The variants whose units are no longer what a clerk read (`read`: by product id, units by
 * variantKey), because an order took or gave back units since the form was opened or the CSV was
 * exported. Call it with the products' rows locked (productAuditFieldsByIds): every stock move locks
 * them first, so the answer holds until the caller commits. Variants gone since are not listed.
 */
export async function stockMovedSinceRead(
  tx: DatabaseOrTransaction,
  read: ReadonlyMap<number, ReadonlyMap<string, number>>,
  storeByProduct?: ReadonlyMap<number, number>,
): Promise<StockMovedSinceRead[]> {
  const stored = await variantsAtStore(tx, [...read.keys()], storeByProduct);
  return [...read].flatMap(([productId, units]) =>
    (stored.get(productId) ?? []).flatMap(({ size, color, stock }) => {
      const asRead = units.get(variantKey(size, color));
      return asRead === undefined || asRead === stock ? [] : [{ productId, size, color, read: asRead, now: stock }];
    }),
  );
}

/**
 * The refusal for one such variant: 'O estoque de Tênis X (Tam. 38 / Preto) mudou desde a exportação:
 * 0 agora, 1 na planilha' (`since` and `where` say what the clerk read from).
 */
export function stockMovedMessage(name: string, { size, color, read, now }: StockMovedSinceRead, since: string, where: string): string {
  const label = variantLabel({ size, color });
  return `O estoque de ${name}${label ? ` (${label})` : ""} mudou ${since}: ${now} agora, ${read} ${where}`;
}

export type StoredVariant = { id: number; size: string; color: string; stock: number; sku: string; ean: string };

/** The variants of these products, by product id, each list in id order. */
export async function variantsByProduct(db: DatabaseOrTransaction, productIds: readonly number[]): Promise<Map<number, StoredVariant[]>> {
  const byProduct = new Map<number, StoredVariant[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select({
      productId: productVariants.productId,
      id: productVariants.id,
      size: productVariants.size,
      color: productVariants.color,
      stock: productVariants.stock,
      sku: productVariants.sku,
      ean: productVariants.ean,
    })
    .from(productVariants)
    .where(inArray(productVariants.productId, [...new Set(productIds)]))
    .orderBy(asc(productVariants.id));
  for (const { productId, ...variant } of rows) {
    const list = byProduct.get(productId) ?? [];
    list.push(variant);
    byProduct.set(productId, list);
  }
  return byProduct;
}

/**
 * The variants of these products with their units at one store each (`storeByProduct`, else the
 * product's own store): what the product form and the CSV show and write.
 */
export async function variantsAtStore(
  db: DatabaseOrTransaction,
  productIds: readonly number[],
  storeByProduct?: ReadonlyMap<number, number>,
): Promise<Map<number, StoredVariant[]>> {
  const byProduct = new Map<number, StoredVariant[]>();
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return byProduct;
  const rows = await db.execute<{ product_id: number; id: number; size: string; color: string; stock: number; sku: string; ean: string }>(sql`
    select v.product_id, v.id, v.size, v.color, coalesce(s.units, 0) as stock, v.sku, v.ean
    from unnest(${sql.param(ids)}::integer[], ${sql.param(ids.map((id) => storeByProduct?.get(id) ?? 0))}::integer[]) as p(id, store_id)
    join ${productVariants} v on v.product_id = p.id
    left join variant_stock s on s.variant_id = v.id
      and s.store_location_id = case when p.store_id > 0 then p.store_id else erick_product_home_store(p.id) end
    order by v.id`);
  for (const { product_id, ...variant } of rows.rows) {
    const list = byProduct.get(Number(product_id)) ?? [];
    list.push({ ...variant, id: Number(variant.id), stock: Number(variant.stock) });
    byProduct.set(Number(product_id), list);
  }
  return byProduct;
}

/** A product's variants in grid order (see app/lib/variants.ts), a missing one as 0 units. */
export function variantGrid(
  product: { sizes: readonly string[]; colors: readonly string[] },
  variants: readonly StoredVariant[],
): (VariantStockInput & { sku: string; ean: string })[] {
  const byKey = new Map(variants.map((variant) => [variantKey(variant.size, variant.color), variant]));
  return variantOptions(product).map((option) => {
    const stored = byKey.get(variantKey(option.size, option.color));
    return { ...option, stock: stored?.stock ?? 0, sku: stored?.sku ?? "", ean: stored?.ean ?? "" };
  });
}

/** The `variantStock` of each product (units in grid order), by product id. */
export async function variantStockByProduct(
  db: DatabaseOrTransaction,
  products: readonly { id: number; sizes: readonly string[]; colors: readonly string[] }[],
): Promise<Map<number, number[]>> {
  const variants = await variantsByProduct(
    db,
    products.map((product) => product.id),
  );
  return new Map(products.map((product) => [product.id, stockInGridOrder(product, variants.get(product.id) ?? [])]));
}

/**
 * What the storefront's pages show of these products' shelves: each product's units in grid order,
 * capped at erick_shown_stock_cap() (migration 0055, twin of app/lib/catalog/variants.ts shownStockCap),
 * the cap the storefront-change triggers compare; and the settings' maxUnitsPerLine, in the same
 * statement. The cart's /api/estoque reads the exact units (variantStockByProduct).
 */
export async function shownVariantStockByProduct(
  db: DatabaseOrTransaction,
  products: readonly { id: number; sizes: readonly string[]; colors: readonly string[] }[],
): Promise<{ stock: Map<number, number[]>; maxUnitsPerLine: number }> {
  const rows = await db.execute<{ max_units_per_line: number; product_id: number | null; size: string; color: string; stock: number }>(sql`
    with c as materialized (select erick_max_units_per_line() as max_units_per_line, erick_shown_stock_cap() as cap)
    select c.max_units_per_line, v.product_id, v.size, v.color, least(v.stock, c.cap)::integer as stock
    from c
    left join ${productVariants} v on v.product_id = any(${sql.param([...new Set(products.map((product) => product.id))])}::integer[])
    order by v.id`);
  const variants = new Map<number, Pick<StoredVariant, "size" | "color" | "stock">[]>();
  for (const row of rows.rows) {
    if (row.product_id === null) continue;
    const list = variants.get(Number(row.product_id)) ?? [];
    list.push({ size: row.size, color: row.color, stock: Number(row.stock) });
    variants.set(Number(row.product_id), list);
  }
  return {
    stock: new Map(products.map((product) => [product.id, stockInGridOrder(product, variants.get(product.id) ?? [])])),
    maxUnitsPerLine: Number(rows.rows[0]?.max_units_per_line ?? ORDER_HOLD_FIELDS.maxUnitsPerLine.default),
  };
}

/**
 * A product's units in grid order, a missing variant as 0. Every list page and product card reads
 * this, so it places each variant by its index instead of building `variantGrid`'s keyed cells.
 */
export function stockInGridOrder(
  product: { sizes: readonly string[]; colors: readonly string[] },
  variants: readonly Pick<StoredVariant, "size" | "color" | "stock">[],
): number[] {
  const stock = new Array<number>(Math.max(product.sizes.length, 1) * Math.max(product.colors.length, 1)).fill(0);
  for (const variant of variants) {
    const index = variantIndex(product, variant.size, variant.color);
    if (index >= 0) stock[index] = variant.stock;
  }
  return stock;
}

/** The units of these products' variants at each store holding a row, by product id then `{store slug}:{variantKey}`. */
export async function storeUnitsOfProducts(db: DatabaseOrTransaction, productIds: readonly number[]): Promise<Map<number, Record<string, number>>> {
  const byProduct = new Map<number, Record<string, number>>();
  if (productIds.length === 0) return byProduct;
  const rows = await db.execute<{ product_id: number; slug: string; size: string; color: string; units: number }>(sql`
    select v.product_id, l.slug, v.size, v.color, s.units
    from variant_stock s join ${productVariants} v on v.id = s.variant_id join store_locations l on l.id = s.store_location_id
    where v.product_id = any(${sql.param([...new Set(productIds)])}::integer[])`);
  for (const row of rows.rows) {
    const units = byProduct.get(Number(row.product_id)) ?? {};
    units[`${row.slug}:${variantKey(row.size, row.color)}`] = Number(row.units);
    byProduct.set(Number(row.product_id), units);
  }
  return byProduct;
}

/**
 * A product's units at every store, by `{store slug}:{variantKey}` (storeStockKey): each of its
 * size × colour options at each store, 0 where the store has no row. What the form's per-store grids
 * open with.
 */
export async function unitsByStoreSlug(
  db: DatabaseOrTransaction,
  product: { id: number; sizes: readonly string[]; colors: readonly string[] },
): Promise<Record<string, number>> {
  const rows = await db.execute<{ slug: string; size: string | null; color: string | null; units: number | null }>(sql`
    select l.slug, v.size, v.color, s.units
    from store_locations l
    left join (variant_stock s join ${productVariants} v on v.id = s.variant_id and v.product_id = ${product.id}) on s.store_location_id = l.id
    order by l.id`);
  const stored = new Map(rows.rows.filter((row) => row.size !== null).map((row) => [`${row.slug}:${variantKey(row.size!, row.color!)}`, Number(row.units)]));
  const slugs = [...new Set(rows.rows.map((row) => row.slug))];
  return Object.fromEntries(
    slugs.flatMap((slug) =>
      variantOptions(product).map((option) => {
        const key = `${slug}:${variantKey(option.size, option.color)}`;
        return [key, stored.get(key) ?? 0] as const;
      }),
    ),
  );
}
