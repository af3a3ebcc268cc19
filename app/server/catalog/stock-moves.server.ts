// Units leaving and coming back to a store's shelf (docs/decisions/0023-stock-reserved-at-placing.md,
// 0025-stock-per-store.md): an order placed at the checkout or the cart, an order re-opened, cancelled
// or moved to another store in the admin, a transfer between stores, a counter sale. Every move locks
// the products' rows first and then changes the stores' units with conditional updates, so no store
// goes below zero and two moves of the same units cannot both succeed. The counter sale calls
// moveUnits inside its own transaction.
import { asc, inArray, sql } from "drizzle-orm";
import { products, productVariants } from "#database/schema";
import { variantLabel } from "~/lib/catalog/variants";
import type { DatabaseOrTransaction } from "../db/database.server";

/** Units wanted per variant id (lines of the same size × colour already added up). */
export type UnitsByVariant = ReadonlyMap<number, number>;

/** Units of a variant entering (delta > 0) or leaving (delta < 0) a store's shelf. */
export type StoreUnitsMove = { variantId: number; storeId: number; delta: number };

export type StockShortage = {
  productId: number;
  variantId: number;
  storeId: number;
  storeName: string;
  /** "Tênis X – Tam. 38 / Preto". */
  name: string;
  productName: string;
  size: string;
  color: string;
  /** Units at the store now. */
  available: number;
  needed: number;
};

/** A move refused because a store holds fewer units of a variant than asked: nothing was changed. */
export class StockShortageError extends Error {
  constructor(readonly shortages: StockShortage[]) {
    super(`Estoque insuficiente para: ${shortages.map((s) => `${s.name} (disponível: ${s.available}, no pedido: ${s.needed})`).join("; ")}`);
  }
}

/** One variant's units at one store before and after a move, for the audit log. */
export type StockMove = { label: string; storeId: number; before: number; after: number };

type VariantRow = { id: number; productId: number; name: string; size: string; color: string };

/** "Tênis X – Tam. 38 / Preto": the product's name and the size × colour. */
function variantName(row: Pick<VariantRow, "name" | "size" | "color">): string {
  const variant = variantLabel(row);
  return variant ? `${row.name} – ${variant}` : row.name;
}

/** The audit log's key for a variant at a store: "Tênis X – Tam. 38 / Preto (#12) em Erick Calçados Barreiros". */
const moveLabel = (row: VariantRow, storeName: string) => `${variantName(row)} (#${row.productId}) em ${storeName}`;

/**
 * Locks the products of these variants (id order, `for no key update`): every stock move and product
 * save takes these locks first, so none deadlock and what is read after them holds until commit. Not
 * FOR UPDATE: an order's lines hold KEY SHARE on their products (foreign key), which this must not wait for.
 * Returns the ids of the products locked.
 */
export async function lockStockOf(tx: DatabaseOrTransaction, variantIds: readonly number[]): Promise<number[]> {
  if (variantIds.length === 0) return [];
  // One statement: every round trip here is made with other orders' products locked (docs/benchmarks.md).
  const locked = await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, tx.select({ id: productVariants.productId }).from(productVariants).where(inArray(productVariants.id, [...new Set(variantIds)]))))
    .orderBy(asc(products.id))
    .for("no key update");
  return locked.map((row) => row.id);
}

/**
 * Units of these variants per store (variant id → store id → units; a store without a row is left
 * out). `storeIds` limits the stores. A plain read: lock with lockStockOf first when a decision follows.
 */
export async function unitsAt(
  db: DatabaseOrTransaction,
  variantIds: readonly number[],
  storeIds?: readonly number[],
): Promise<Map<number, Map<number, number>>> {
  const byVariant = new Map<number, Map<number, number>>();
  if (variantIds.length === 0) return byVariant;
  const rows = await db.execute<{ variant_id: number; store_location_id: number; units: number }>(sql`
    select variant_id, store_location_id, units from variant_stock
    where variant_id = any(${sql.param([...new Set(variantIds)])}::integer[])
      ${storeIds ? sql`and store_location_id = any(${sql.param([...storeIds])}::integer[])` : sql``}`);
  for (const row of rows.rows) {
    const stores = byVariant.get(Number(row.variant_id)) ?? new Map<number, number>();
    stores.set(Number(row.store_location_id), Number(row.units));
    byVariant.set(Number(row.variant_id), stores);
  }
  return byVariant;
}

/**
 * Takes `units` off one store's shelf (direction "take") or puts them back ("return"), all or nothing
 * (see moveStoreUnits).
 */
export async function moveUnits(
  tx: DatabaseOrTransaction,
  storeId: number,
  units: UnitsByVariant,
  direction: "take" | "return",
): Promise<StockMove[]> {
  const sign = direction === "take" ? -1 : 1;
  return moveStoreUnits(tx, [...units].map(([variantId, quantity]) => ({ variantId, storeId, delta: sign * quantity })));
}

/**
 * Applies every move, all or nothing: units leave a store only if it holds them (one conditional
 * update; a store that could not give throws StockShortageError naming its real units, and nothing is
 * changed), and arrive in one upsert. Locks the products first (as lockStockOf does). Moves of the same
 * variant and store add up; variants that no longer exist are skipped (their product or size was
 * removed). The storefront's stock follows by trigger (the sum at the stores that serve online).
 */
export async function moveStoreUnits(tx: DatabaseOrTransaction, moves: readonly StoreUnitsMove[]): Promise<StockMove[]> {
  const deltas = new Map<string, StoreUnitsMove>();
  for (const move of moves) {
    const key = `${move.variantId}:${move.storeId}`;
    const sum = deltas.get(key);
    deltas.set(key, { ...move, delta: (sum?.delta ?? 0) + move.delta });
  }
  const wanted = [...deltas.values()].filter((move) => move.delta !== 0);
  if (wanted.length === 0) return [];
  const variantIds = [...new Set(wanted.map((move) => move.variantId))];
  const storeIds = [...new Set(wanted.map((move) => move.storeId))];
  // The products locked (lockStockOf's order and mode), their variants and the stores' names in one
  // round trip: an order makes these with other orders waiting for its products (docs/benchmarks.md).
  const rows = await tx.execute<VariantRow & { product_id: number; store_names: Record<string, string> | null }>(sql`
    select v.id, v.product_id, v.size, v.color, p.name,
      (select json_object_agg(l.id, l.name) from store_locations l where l.id = any(${sql.param(storeIds)}::integer[])) as store_names
    from ${productVariants} v join ${products} p on p.id = v.product_id
    where v.id = any(${sql.param(variantIds)}::integer[])
    order by p.id
    for no key update of p`);
  if (rows.rows.length === 0) return [];
  const productIds = [...new Set(rows.rows.map((row) => Number(row.product_id)))];
  const variants = new Map(rows.rows.map((row) => [Number(row.id), { ...row, id: Number(row.id), productId: Number(row.product_id) }]));
  const storeNames = new Map(Object.entries(rows.rows[0]!.store_names ?? {}).map(([id, name]) => [Number(id), name]));
  const applied = wanted.filter((move) => variants.has(move.variantId));
  const leaving = applied.filter((move) => move.delta < 0);
  const arriving = applied.filter((move) => move.delta > 0);

  const after = new Map<string, number>();
  // The products' "changed" time, which their pages and lists go by: in the take's own statement
  // when nothing arrives (a sale), one round trip fewer with the products locked.
  const touchedInTake = leaving.length > 0 && arriving.length === 0;
  if (leaving.length) {
    // All or nothing in one statement, so a refusal leaves the caller's transaction as it was: the
    // units are read and changed with the products locked, which every writer of them takes first.
    const taken = await tx.execute<{ variant_id: number | null; store_location_id: number | null; units: number | null }>(sql`
      with d as (
        select * from unnest(${sql.param(leaving.map((move) => move.variantId))}::integer[], ${sql.param(leaving.map((move) => move.storeId))}::integer[],
          ${sql.param(leaving.map((move) => move.delta))}::integer[]) as d(variant_id, store_id, delta)
      ),
      enough as (
        select not exists (
          select 1 from d left join variant_stock s on s.variant_id = d.variant_id and s.store_location_id = d.store_id
          where coalesce(s.units, 0) + d.delta < 0
        ) as ok
      ),
      changed as (
        update variant_stock s set units = s.units + d.delta
        from d, enough
        where enough.ok and s.variant_id = d.variant_id and s.store_location_id = d.store_id and s.units + d.delta >= 0
        returning s.variant_id, s.store_location_id, s.units
      ),
      touched as (
        update ${products} p set updated_at = now()
        where ${touchedInTake} and p.id = any(${sql.param(productIds)}::integer[]) and exists (select 1 from changed)
      )
      select variant_id, store_location_id, units from changed`);
    for (const row of taken.rows) after.set(`${row.variant_id}:${row.store_location_id}`, Number(row.units));
    const refused = leaving.filter((move) => !after.has(`${move.variantId}:${move.storeId}`));
    if (refused.length && taken.rows.length > 0) throw new Error("a stock move changed some of its stores and not others");
    if (refused.length) throw await shortageOf(tx, refused, variants, storeNames);
  }
  if (arriving.length) {
    const added = await tx.execute<{ variant_id: number; store_location_id: number; units: number }>(sql`
      insert into variant_stock (variant_id, store_location_id, units)
      select * from unnest(${sql.param(arriving.map((move) => move.variantId))}::integer[], ${sql.param(arriving.map((move) => move.storeId))}::integer[],
        ${sql.param(arriving.map((move) => move.delta))}::integer[])
      on conflict (variant_id, store_location_id) do update set units = variant_stock.units + excluded.units
      returning variant_id, store_location_id, units`);
    for (const row of added.rows) after.set(`${row.variant_id}:${row.store_location_id}`, Number(row.units));
  }

  // The product's page and lists show the change (a transfer between two online stores leaves the
  // storefront's sum as it was, but not where to pick it up).
  if (!touchedInTake) await tx.update(products).set({ updatedAt: sql`now()` }).where(inArray(products.id, productIds));
  return applied
    .sort((a, b) => a.variantId - b.variantId || a.storeId - b.storeId)
    .map((move) => {
      const units = after.get(`${move.variantId}:${move.storeId}`)!;
      return { label: moveLabel(variants.get(move.variantId)!, storeNames.get(move.storeId) ?? `loja #${move.storeId}`), storeId: move.storeId, before: units - move.delta, after: units };
    });
}

/** Nothing moved: the moves their stores could not give, named, with the units they hold now. */
async function shortageOf(
  tx: DatabaseOrTransaction,
  refused: readonly StoreUnitsMove[],
  variants: ReadonlyMap<number, VariantRow & { productId: number }>,
  storeNames: ReadonlyMap<number, string>,
): Promise<StockShortageError> {
  const now = await unitsAt(
    tx,
    refused.map((move) => move.variantId),
  );
  const availableFor = (move: StoreUnitsMove) => now.get(move.variantId)?.get(move.storeId) ?? 0;
  return new StockShortageError(
    refused
      .filter((move) => availableFor(move) + move.delta < 0)
      .map((move) => {
        const variant = variants.get(move.variantId)!;
        return {
          productId: variant.productId,
          variantId: variant.id,
          storeId: move.storeId,
          storeName: storeNames.get(move.storeId) ?? "",
          name: variantName(variant),
          productName: variant.name,
          size: variant.size,
          color: variant.color,
          available: availableFor(move),
          needed: -move.delta,
        };
      }),
  );
}

/** Adds up the units of lines of the same variant (lines whose variant was removed are left out). */
export function unitsByVariant(lines: readonly { variantId: number | null; quantity: number }[]): Map<number, number> {
  const units = new Map<number, number>();
  for (const line of lines) if (line.variantId !== null) units.set(line.variantId, (units.get(line.variantId) ?? 0) + line.quantity);
  return units;
}
