// The product form's units per store (the "Estoque por loja" grids): a save checks that nobody moved a
// unit since the form was opened, plans the changes cell by cell and applies them as stock moves.
import { eq } from "drizzle-orm";
import { productVariants, storeLocations } from "#database/schema";
import type { ProductFormData } from "~/lib/catalog/product.schema";
import { variantKey } from "~/lib/catalog/variants";
import { homeStoreOf, stockMovedMessage, stockMovedSinceRead, type StockMovedSinceRead } from "./variants.server";
import { moveStoreUnits, unitsAt, type StockMove } from "./stock-moves.server";
import type { DatabaseOrTransaction } from "../db/database.server";
import { ProductSaveError } from "./product-writes.server";

/** The save's refusal when a variant it keeps has other units than the form was opened with. */
export async function refuseStockMovedSinceRead(
  tx: DatabaseOrTransaction,
  id: number,
  name: string,
  input: ProductFormData,
  stockRead: ReadonlyMap<string, number>,
): Promise<void> {
  const kept = new Map(input.variants.flatMap(({ size, color }) => {
    const units = stockRead.get(variantKey(size, color));
    return units === undefined ? [] : [[variantKey(size, color), units] as const];
  }));
  const moved = await stockMovedSinceRead(tx, new Map([[id, kept]]));
  if (moved.length === 0) return;
  const messages = moved.map((move) => stockMovedMessage(name, move, "desde que o formulário foi aberto", "no formulário"));
  throw new ProductSaveError(`${messages.join("; ")}. Recarregue a página para ver o estoque de agora e refaça as alterações.`);
}

/** Units the form read per store slug and variantKey (storeStockAsRead). */
export type StoreStockRead = ReadonlyMap<string, ReadonlyMap<string, number>>;

type StoreCellChange = { storeId: number; key: string; delta: number };

/** A changed cell whose store's units are no longer what was read: the save is refused. */
export type StoreCellMoved = StockMovedSinceRead & { key: string; storeName: string; storeSlug: string };

export type StoreStockPlan = {
  changes: StoreCellChange[];
  moved: StoreCellMoved[];
  unitsNow: Map<number, Map<number, number>>;
  variantIds: Map<string, number>;
};

/**
 * What the per-store grids change: a cell typed as it was read is not written (a sale there meanwhile
 * stays sold); a changed cell becomes a move of (typed − read) units, refused, with the store named,
 * when that store's units moved since the form was opened. Call with the product locked.
 */
export async function planStoreStock(
  tx: DatabaseOrTransaction,
  product: { id: number | null },
  typed: ReadonlyMap<string, ReadonlyMap<string, number>>,
  read: StoreStockRead,
): Promise<StoreStockPlan> {
  const stores = await tx.select({ id: storeLocations.id, slug: storeLocations.slug, name: storeLocations.name }).from(storeLocations);
  const storeBySlug = new Map(stores.map((store) => [store.slug, store]));
  const variants =
    product.id === null
      ? []
      : await tx.select({ id: productVariants.id, size: productVariants.size, color: productVariants.color }).from(productVariants).where(eq(productVariants.productId, product.id));
  const variantIds = new Map(variants.map((variant) => [variantKey(variant.size, variant.color), variant.id]));
  const unitsNow = await unitsAt(tx, [...variantIds.values()]);
  const changes: StoreCellChange[] = [];
  const moved: StoreCellMoved[] = [];
  for (const [slug, cells] of typed) {
    const store = storeBySlug.get(slug);
    if (!store) throw new ProductSaveError("uma das lojas do estoque não existe mais. Recarregue a página.");
    for (const [key, units] of cells) {
      const asRead = read.get(slug)?.get(key) ?? 0;
      if (units === asRead) continue;
      const variantId = variantIds.get(key);
      const now = variantId === undefined ? 0 : (unitsNow.get(variantId)?.get(store.id) ?? 0);
      if (now !== asRead) {
        const [size, color] = JSON.parse(key) as [string, string];
        moved.push({ productId: product.id ?? 0, size, color, read: asRead, now, key, storeName: store.name, storeSlug: slug });
        continue;
      }
      changes.push({ storeId: store.id, key, delta: units - asRead });
    }
  }
  return { changes, moved, unitsNow, variantIds };
}

/** The product's variants with their units at its own store as they are now: writing them leaves that store's units alone. */
export async function variantsKeepingUnits(
  tx: DatabaseOrTransaction,
  id: number | null,
  input: ProductFormData,
  plan: { unitsNow: Map<number, Map<number, number>>; variantIds: Map<string, number> },
): Promise<ProductFormData["variants"]> {
  const home = id === null ? undefined : (await homeStoreOf(tx, [id])).get(id);
  return input.variants.map((variant) => {
    const variantId = plan.variantIds.get(variantKey(variant.size, variant.color));
    const units = home === undefined || variantId === undefined ? 0 : (plan.unitsNow.get(variantId)?.get(home) ?? 0);
    return { ...variant, stock: units };
  });
}

/** Applies the planned cell changes as moves (all or nothing) once the product's variants exist. */
export async function applyStoreStock(tx: DatabaseOrTransaction, productId: number, changes: readonly StoreCellChange[]): Promise<StockMove[]> {
  if (changes.length === 0) return [];
  const variants = await tx.select({ id: productVariants.id, size: productVariants.size, color: productVariants.color }).from(productVariants).where(eq(productVariants.productId, productId));
  const ids = new Map(variants.map((variant) => [variantKey(variant.size, variant.color), variant.id]));
  return moveStoreUnits(
    tx,
    changes.flatMap((change) => {
      const variantId = ids.get(change.key);
      return variantId === undefined ? [] : [{ variantId, storeId: change.storeId, delta: change.delta }];
    }),
  );
}

