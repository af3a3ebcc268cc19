// A store's stock count ("balanço") from a phone: the clerk types what is on the shelf, line by line;
// each line is kept as "counted N when the system said S". Applying the count sets each shelf to
// N + (what it holds now − S): a sale or an order made after the line was typed is still taken off,
// and one given back still comes back, instead of being overwritten by the count.
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { products, productVariants, stockCountLines, stockCounts, storeLocations } from "#database/schema";
import { variantLabel } from "~/lib/catalog/variants";
import type { StockCountView } from "~/lib/counter/stock-count";
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

/** The store's open count and its lines, newest first; null when none is open. */
export async function readOpenStockCount(db: DatabaseOrTransaction, storeId: number): Promise<StockCountView | null> {
  const [count] = await db
    .select({ id: stockCounts.id, startedAt: stockCounts.startedAt, startedByName: stockCounts.startedByName })
    .from(stockCounts)
    .where(and(eq(stockCounts.storeLocationId, storeId), isNull(stockCounts.appliedAt)));
  if (!count) return null;
  const lines = await db
    .select({
      variantId: stockCountLines.variantId,
      counted: stockCountLines.counted,
      stockAtCount: stockCountLines.stockAtCount,
      countedAt: stockCountLines.countedAt,
      productId: products.id,
      name: products.name,
      size: productVariants.size,
      color: productVariants.color,
    })
    .from(stockCountLines)
    .innerJoin(productVariants, eq(productVariants.id, stockCountLines.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(stockCountLines.countId, count.id))
    .orderBy(sql`${stockCountLines.countedAt} desc`, asc(stockCountLines.variantId));
  return {
    id: count.id,
    startedAt: count.startedAt.toISOString(),
    startedByName: count.startedByName,
    lines: lines.map((line) => ({ ...line, countedAt: line.countedAt.toISOString() })),
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
    await tx
      .insert(stockCountLines)
      .values({ countId, variantId, counted, stockAtCount })
      .onConflictDoUpdate({
        target: [stockCountLines.countId, stockCountLines.variantId],
        set: { counted, stockAtCount, countedAt: sql`now()` },
      });
    return { ok: true };
  });
}

/**
 * Applies the count once: every counted shelf becomes what was counted, plus what moved since it was
 * counted (never below 0); the audit log gets the product's sizes before and after, by `actor`.
 */
export async function applyStockCount(
  db: Database,
  storeId: number,
  countId: number,
  actor: AuditActor,
): Promise<{ ok: true; shelves: number } | StockCountRefusal> {
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
      .select({ variantId: stockCountLines.variantId, counted: stockCountLines.counted, stockAtCount: stockCountLines.stockAtCount })
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
      next.set(line.variantId, Math.max(0, line.counted + (current - line.stockAtCount)));
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
    await tx
      .update(stockCounts)
      .set({ appliedAt: sql`now()`, appliedById: actor.id, appliedByName: actor.name })
      .where(eq(stockCounts.id, countId));
    return { ok: true, shelves: next.size };
  });
}
