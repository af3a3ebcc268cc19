// Units leaving and coming back to the shelf (docs/decisions/0023-stock-reserved-at-placing.md): an order
// placed at the checkout or the cart, an order re-opened or cancelled in the admin. Every move locks the
// products' rows first and then takes the variants' units with a conditional update, so stock never
// goes below zero and two moves of the same units cannot both succeed.
import { asc, inArray, sql } from "drizzle-orm";
import { products, productVariants } from "#database/schema";
import { variantLabel } from "~/lib/catalog/variants";
import type { DatabaseOrTransaction } from "../db/database.server";

/** Units wanted per variant id (lines of the same size × colour already added up). */
export type UnitsByVariant = ReadonlyMap<number, number>;

export type StockShortage = {
  productId: number;
  variantId: number;
  /** "Tênis X – Tam. 38 / Preto". */
  name: string;
  productName: string;
  size: string;
  color: string;
  available: number;
  needed: number;
};

/** A move refused because a variant holds fewer units than asked: nothing was changed (the caller's transaction rolls back). */
export class StockShortageError extends Error {
  constructor(readonly shortages: StockShortage[]) {
    super(`Estoque insuficiente para: ${shortages.map((s) => `${s.name} (disponível: ${s.available}, no pedido: ${s.needed})`).join("; ")}`);
  }
}

/** One variant's stock before and after a move, for the audit log. */
export type StockMove = { label: string; before: number; after: number };

type VariantRow = { id: number; productId: number; name: string; size: string; color: string; stock: number };

/** "Tênis X – Tam. 38 / Preto": the product's name and the size × colour. */
function variantName(row: Pick<VariantRow, "name" | "size" | "color">): string {
  const variant = variantLabel(row);
  return variant ? `${row.name} – ${variant}` : row.name;
}

/** The audit log's key for a variant: its name and the product's id ("Tênis X – Tam. 38 / Preto (#12)"). */
const moveLabel = (row: VariantRow) => `${variantName(row)} (#${row.productId})`;

/**
 * Takes `units` off the shelf (direction "take") or puts them back ("return"), all or nothing.
 * Locks the variants' products in id order first: the same order as a status change and a product
 * save (whose stock trigger writes the product row), so no two of them can deadlock. Taking is one
 * conditional update (`stock >= wanted`); a variant it could not take from throws StockShortageError
 * naming its real stock. Variants that no longer exist are skipped (their product or size was removed).
 */
export async function moveUnits(tx: DatabaseOrTransaction, units: UnitsByVariant, direction: "take" | "return"): Promise<StockMove[]> {
  const ids = [...units.keys()].sort((a, b) => a - b);
  if (ids.length === 0) return [];
  const productIds = await tx
    .selectDistinct({ id: productVariants.productId })
    .from(productVariants)
    .where(inArray(productVariants.id, ids));
  if (productIds.length === 0) return [];
  await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, productIds.map((row) => row.id)))
    .orderBy(asc(products.id))
    // Not FOR UPDATE: an order's lines hold KEY SHARE on their products (foreign key), which this must not wait for.
    .for("no key update");

  const sign = direction === "take" ? -1 : 1;
  // One statement for all the variants: the stock trigger rewrites each product's total once.
  const moved = await tx.execute<{ id: number; stock: number }>(sql`
    update ${productVariants} v set stock = v.stock + d.delta
    from unnest(${sql.param(ids)}::integer[], ${sql.param(ids.map((id) => sign * units.get(id)!))}::integer[]) as d(id, delta)
    where v.id = d.id and v.stock + d.delta >= 0
    returning v.id, v.stock`);
  const after = new Map(moved.rows.map((row) => [Number(row.id), Number(row.stock)]));

  const rows: VariantRow[] = await tx
    .select({ id: productVariants.id, productId: productVariants.productId, size: productVariants.size, color: productVariants.color, stock: productVariants.stock, name: products.name })
    .from(productVariants)
    .innerJoin(products, sql`${products.id} = ${productVariants.productId}`)
    .where(inArray(productVariants.id, ids))
    .orderBy(asc(productVariants.id));
  const shortages = rows
    .filter((row) => !after.has(row.id))
    .map((row) => ({ productId: row.productId, variantId: row.id, name: variantName(row), productName: row.name, size: row.size, color: row.color, available: row.stock, needed: units.get(row.id)! }));
  if (shortages.length) throw new StockShortageError(shortages);

  // The product's total changed with its variants (trigger): its page and lists show the change.
  await tx
    .update(products)
    .set({ updatedAt: sql`now()` })
    .where(inArray(products.id, productIds.map((row) => row.id)));
  return rows.map((row) => ({ label: moveLabel(row), before: row.stock - sign * units.get(row.id)!, after: row.stock }));
}

/** Adds up the units of lines of the same variant (lines whose variant was removed are left out). */
export function unitsByVariant(lines: readonly { variantId: number | null; quantity: number }[]): Map<number, number> {
  const units = new Map<number, number>();
  for (const line of lines) if (line.variantId !== null) units.set(line.variantId, (units.get(line.variantId) ?? 0) + line.quantity);
  return units;
}
