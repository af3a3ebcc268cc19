// A transfer of units between two stores (docs/decisions/0025-stock-per-store.md): one action, one
// transaction, both sides in the one audit entry. Refused, changing nothing, when the store it leaves
// holds fewer units than asked.
import { asc, eq } from "drizzle-orm";
import { products, productVariants, storeLocations } from "#database/schema";
import { variantLabel } from "~/lib/catalog/variants";
import type { ProductStoreStock } from "~/lib/stores/store-stock";
import { recordAdminChange, type AuditActor } from "../group/audit-log.server";
import type { Database, DatabaseOrTransaction } from "../db/database.server";
import { moveStoreUnits, StockShortageError, unitsAt } from "./stock-moves.server";
import { variantsByProduct } from "./variants.server";

/** The product page's 'Estoque por loja': every store, every size × colour (in id order) with its units at each. */
export async function readProductStoreStock(db: DatabaseOrTransaction, productId: number): Promise<ProductStoreStock> {
  const stores = await db.select({ id: storeLocations.id, name: storeLocations.name }).from(storeLocations).orderBy(asc(storeLocations.position), asc(storeLocations.id));
  const variants = (await variantsByProduct(db, [productId])).get(productId) ?? [];
  const units = await unitsAt(
    db,
    variants.map((variant) => variant.id),
  );
  return {
    stores,
    variants: variants.map((variant) => ({
      id: variant.id,
      label: variantLabel(variant) || "Único",
      units: Object.fromEntries(stores.map((store) => [store.id, units.get(variant.id)?.get(store.id) ?? 0])),
    })),
  };
}

export type StockTransfer = { variantId: number; fromStoreId: number; toStoreId: number; units: number };

export type StockTransferResult = { ok: true; message: string } | { ok: false; status: 400 | 404 | 409; message: string };

/** Most units one transfer moves: a typo of extra digits is refused rather than believed. */
export const MAX_TRANSFER_UNITS = 10_000;

export async function transferUnits(db: Database, transfer: StockTransfer, actor: AuditActor): Promise<StockTransferResult> {
  const { variantId, fromStoreId, toStoreId, units } = transfer;
  if (!Number.isSafeInteger(units) || units < 1 || units > MAX_TRANSFER_UNITS) {
    return { ok: false, status: 400, message: `Informe de 1 a ${MAX_TRANSFER_UNITS} unidades.` };
  }
  if (fromStoreId === toStoreId) return { ok: false, status: 400, message: "Escolha duas lojas diferentes." };
  return db.transaction(async (tx) => {
    const [variant] = await tx
      .select({ productId: productVariants.productId, name: products.name })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(eq(productVariants.id, variantId));
    if (!variant) return { ok: false as const, status: 404 as const, message: "Este tamanho ou cor não existe mais. Recarregue a página." };
    const stores = await tx.select({ id: storeLocations.id, name: storeLocations.name }).from(storeLocations);
    const from = stores.find((store) => store.id === fromStoreId);
    const to = stores.find((store) => store.id === toStoreId);
    if (!from || !to) return { ok: false as const, status: 400 as const, message: "Escolha uma das lojas." };
    try {
      const moves = await moveStoreUnits(tx, [
        { variantId, storeId: fromStoreId, delta: -units },
        { variantId, storeId: toStoreId, delta: units },
      ]);
      await recordAdminChange(tx, actor, {
        action: "stock.transfer",
        entityType: "product",
        entityId: variant.productId,
        entityLabel: variant.name,
        before: { stock: Object.fromEntries(moves.map((move) => [move.label, move.before])) },
        after: { stock: Object.fromEntries(moves.map((move) => [move.label, move.after])) },
      });
    } catch (error) {
      if (!(error instanceof StockShortageError)) throw error;
      const [short] = error.shortages;
      return { ok: false as const, status: 409 as const, message: `${from.name} tem só ${short!.available} de ${short!.name}. Nada foi transferido.` };
    }
    return { ok: true as const, message: `${units} ${units === 1 ? "unidade transferida" : "unidades transferidas"} de ${from.name} para ${to.name}.` };
  });
}
