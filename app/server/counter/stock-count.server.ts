// A store's stock count ("balanço") from a phone: the clerk types what is on the shelf, line by line;
// each line is kept as "counted N when the system said S and open orders held H". The H units are on
// the shelf but already sold (an order placed takes its units at once, decision 0023), so applying the
// count sets each shelf to N − H + (what it holds now − S): a sale or an order made after the line was
// typed is still taken off, and one given back still comes back, instead of being overwritten by the
// count; and a pair held by an order is never put back on sale by counting it.
import { and, asc, eq, inArray, isNull, isNotNull, sql } from "drizzle-orm";
import { products, productVariants, stockCountLines, stockCounts, storeLocations } from "#database/schema";
import { variantLabel } from "~/lib/catalog/variants";
import { shelfAfterCount, type AppliedStockCountView, type HeldUnits, type StockCountLine, type StockCountView } from "~/lib/counter/stock-count";
import type { Database, DatabaseOrTransaction } from "../db/database.server";
import { recordAdminChanges, type AuditActor } from "../group/audit-log.server";
import { lockStockOf, moveStoreUnits, unitsAt } from "../catalog/stock-moves.server";

export type StockCountRefusal = { ok: false; message: string };

/** The store's open count, started now when there is none. */
export async function openStockCount(db: Database, storeId: number, actor: AuditActor): Promise<{ ok: true; countId: number } | StockCountRefusal> {
  const [store] = await db.select({ id: storeLocations.id }).from(storeLocations).where(eq(storeLocations.id, storeId));
  if (!store) return { ok: false, message: "Escolha a loja do balanço." };
  // One open count per store (partial unique index): two phones starting at once share it.
  await db
    .insert(stockCounts)
    .values({ storeLocationId: storeId, startedById: actor.id, startedByName: actor.name })
    .onConflictDoNothing();
  const [open] = await db
    .select({ id: stockCounts.id })
    .from(stockCounts)
    .where(and(eq(stockCounts.storeLocationId, storeId), isNull(stockCounts.appliedAt)));
  return { ok: true, countId: open!.id };
}

/**
 * The units open orders hold at the store (pending and processing orders holding their units: still on
 * the shelf, waiting to be handed over or sent), by size × colour, with the orders' codes, oldest first.
 */
export async function heldUnitsAt(db: DatabaseOrTransaction, storeId: number, variantIds?: readonly number[]): Promise<Map<number, HeldUnits>> {
  if (variantIds && variantIds.length === 0) return new Map();
  const { rows } = await db.execute<{ variant_id: number; code: string; units: number }>(sql`
    select i.variant_id, o.code, sum(i.quantity)::int as units
    from order_items i join orders o on o.id = i.order_id
    where o.status in ('pending', 'processing') and o.stock_applied and i.variant_id is not null
      and coalesce(i.store_location_id, o.fulfilling_store_id, erick_product_home_store(i.product_id)) = ${storeId}
      ${variantIds ? sql`and i.variant_id = any(${sql.param([...variantIds])}::integer[])` : sql``}
    group by i.variant_id, o.code, o.created_at
    order by o.created_at, o.code`);
  const held = new Map<number, HeldUnits>();
  for (const row of rows) {
    const variantId = Number(row.variant_id);
    const entry = held.get(variantId) ?? { units: 0, orders: [] };
    entry.units += Number(row.units);
    entry.orders.push({ code: row.code, units: Number(row.units) });
    held.set(variantId, entry);
  }
  return held;
}

const countLineColumns = {
  variantId: stockCountLines.variantId,
  counted: stockCountLines.counted,
  stockAtCount: stockCountLines.stockAtCount,
  heldAtCount: stockCountLines.heldAtCount,
  countedAt: stockCountLines.countedAt,
  unitsBefore: stockCountLines.unitsBefore,
  unitsAfter: stockCountLines.unitsAfter,
  productId: products.id,
  name: products.name,
  priceCents: products.priceCents,
  size: productVariants.size,
  color: productVariants.color,
};

function readCountLines(db: DatabaseOrTransaction, countId: number) {
  return db
    .select(countLineColumns)
    .from(stockCountLines)
    .innerJoin(productVariants, eq(productVariants.id, stockCountLines.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(stockCountLines.countId, countId))
    .orderBy(sql`${stockCountLines.countedAt} desc`, asc(stockCountLines.variantId));
}

function toCountLine(
  { unitsBefore: _before, unitsAfter: _after, ...line }: Awaited<ReturnType<typeof readCountLines>>[number],
  before: number,
  after: number,
): StockCountLine {
  return { ...line, countedAt: line.countedAt.toISOString(), before, after };
}

/** The store's open count and its lines, newest first, each with what applying it now would make the shelf; null when none is open. */
export async function readOpenStockCount(db: DatabaseOrTransaction, storeId: number): Promise<StockCountView | null> {
  const [count] = await db
    .select({ id: stockCounts.id, startedAt: stockCounts.startedAt, startedByName: stockCounts.startedByName })
    .from(stockCounts)
    .where(and(eq(stockCounts.storeLocationId, storeId), isNull(stockCounts.appliedAt)));
  if (!count) return null;
  const [lines, held] = await Promise.all([readCountLines(db, count.id), heldUnitsAt(db, storeId)]);
  const shelves = await unitsAt(db, lines.map((line) => line.variantId), [storeId]);
  return {
    id: count.id,
    startedAt: count.startedAt.toISOString(),
    startedByName: count.startedByName,
    lines: lines.map((line) => {
      const now = shelves.get(line.variantId)?.get(storeId) ?? 0;
      return toCountLine(line, now, shelfAfterCount(line, now));
    }),
    held: Object.fromEntries(held),
  };
}

/** A count of the store once applied, with each shelf before and after; null when there is none. */
export async function readAppliedStockCount(db: DatabaseOrTransaction, storeId: number, countId: number): Promise<AppliedStockCountView | null> {
  const [count] = await db
    .select({ id: stockCounts.id, appliedAt: stockCounts.appliedAt, appliedByName: stockCounts.appliedByName })
    .from(stockCounts)
    .where(and(eq(stockCounts.id, countId), eq(stockCounts.storeLocationId, storeId), isNotNull(stockCounts.appliedAt)));
  if (!count) return null;
  const lines = await readCountLines(db, count.id);
  return {
    id: count.id,
    appliedAt: count.appliedAt!.toISOString(),
    appliedByName: count.appliedByName ?? "",
    // A line applied before the before/after were kept, or whose size was removed: left out.
    lines: lines.flatMap((line) => (line.unitsBefore === null || line.unitsAfter === null ? [] : [toCountLine(line, line.unitsBefore, line.unitsAfter)])),
  };
}

/** "Counted N now" for one size × colour of the store's open count (typing it again replaces it). */
export async function recordCountLine(
  db: Database,
  storeId: number,
  countId: number,
  variantId: number,
  counted: number,
): Promise<{ ok: true } | StockCountRefusal> {
  return db.transaction(async (tx) => {
    const [count] = await tx
      .select({ storeId: stockCounts.storeLocationId, appliedAt: stockCounts.appliedAt })
      .from(stockCounts)
      .where(eq(stockCounts.id, countId))
      .for("share");
    if (!count || count.storeId !== storeId) return { ok: false, message: "Balanço não encontrado nesta loja." };
    if (count.appliedAt) return { ok: false, message: "Este balanço já foi aplicado. Comece outro." };
    // Locked as every stock move locks (the products): no sale is half-way through this shelf while it is read.
    if ((await lockStockOf(tx, [variantId])).length === 0) return { ok: false, message: "Este tamanho ou cor não existe mais. Busque o produto de novo." };
    const stockAtCount = (await unitsAt(tx, [variantId], [count.storeId])).get(variantId)?.get(count.storeId) ?? 0;
    const heldAtCount = (await heldUnitsAt(tx, count.storeId, [variantId])).get(variantId)?.units ?? 0;
    await tx
      .insert(stockCountLines)
      .values({ countId, variantId, counted, stockAtCount, heldAtCount })
      .onConflictDoUpdate({
        target: [stockCountLines.countId, stockCountLines.variantId],
        set: { counted, stockAtCount, heldAtCount, countedAt: sql`now()` },
      });
    return { ok: true };
  });
}

/**
 * Applies the count once: every counted shelf becomes what was counted less what open orders held then,
 * plus what moved since it was counted (never below 0); each line keeps its shelf's units before and
 * after (the screen's differences), and the audit log the product's sizes before and after, by `actor`.
 */
export async function applyStockCount(
  db: Database,
  storeId: number,
  countId: number,
  actor: AuditActor,
): Promise<{ ok: true; shelves: number; countId: number } | StockCountRefusal> {
  return db.transaction(async (tx) => {
    const [count] = await tx
      .select({ storeId: stockCounts.storeLocationId, appliedAt: stockCounts.appliedAt, storeName: storeLocations.name })
      .from(stockCounts)
      .innerJoin(storeLocations, eq(storeLocations.id, stockCounts.storeLocationId))
      .where(eq(stockCounts.id, countId))
      .for("update", { of: stockCounts });
    if (!count || count.storeId !== storeId) return { ok: false, message: "Balanço não encontrado nesta loja." };
    if (count.appliedAt) return { ok: false, message: "Este balanço já foi aplicado." };
    const lines = await tx
      .select({ variantId: stockCountLines.variantId, counted: stockCountLines.counted, stockAtCount: stockCountLines.stockAtCount, heldAtCount: stockCountLines.heldAtCount })
      .from(stockCountLines)
      .where(eq(stockCountLines.countId, countId));
    if (lines.length === 0) return { ok: false, message: "Conte ao menos um item antes de aplicar o balanço." };

    // Locked as every stock move locks, then read: nothing moves between the read and the write.
    const variantIds = lines.map((line) => line.variantId);
    await lockStockOf(tx, variantIds);
    const variants = await tx
      .select({ id: productVariants.id, productId: productVariants.productId, size: productVariants.size, color: productVariants.color, name: products.name })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(inArray(productVariants.id, variantIds));
    const shelves = await unitsAt(tx, variantIds, [count.storeId]);
    const now = new Map(variants.map((variant) => [variant.id, shelves.get(variant.id)?.get(count.storeId) ?? 0]));
    const next = new Map<number, number>();
    for (const line of lines) {
      const current = now.get(line.variantId);
      if (current === undefined) continue;
      next.set(line.variantId, shelfAfterCount(line, current));
    }
    // The difference moves through the store's stock moves (the storefront's sum follows by trigger).
    await moveStoreUnits(
      tx,
      [...next].map(([variantId, units]) => ({ variantId, storeId: count.storeId, delta: units - now.get(variantId)! })),
    );

    const byProduct = new Map<number, { name: string; before: Record<string, number>; after: Record<string, number> }>();
    for (const variant of variants) {
      if (!next.has(variant.id)) continue;
      const entry = byProduct.get(variant.productId) ?? { name: variant.name, before: {}, after: {} };
      const label = variantLabel(variant) || "Estoque";
      entry.before[label] = now.get(variant.id)!;
      entry.after[label] = next.get(variant.id)!;
      byProduct.set(variant.productId, entry);
    }
    await recordAdminChanges(
      tx,
      actor,
      [...byProduct].map(([productId, entry]) => ({
        action: "product.stock_count" as const,
        entityType: "product" as const,
        entityId: productId,
        entityLabel: entry.name,
        before: { store: count.storeName, stock: entry.before },
        after: { store: count.storeName, stock: entry.after },
      })),
    );
    for (const [variantId, units] of next) {
      await tx
        .update(stockCountLines)
        .set({ unitsBefore: now.get(variantId)!, unitsAfter: units })
        .where(and(eq(stockCountLines.countId, countId), eq(stockCountLines.variantId, variantId)));
    }
    await tx
      .update(stockCounts)
      .set({ appliedAt: sql`now()`, appliedById: actor.id, appliedByName: actor.name })
      .where(eq(stockCounts.id, countId));
    return { ok: true, shelves: next.size, countId };
  });
}
