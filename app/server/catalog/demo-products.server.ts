// The first start's demo products in the admin: how many are left, and "Remover produtos de
// demonstração" (what it would remove, then removing it).
import { asc, eq, inArray, sql } from "drizzle-orm";
import { orderItems, products, productVariants, variantStock } from "#database/schema";
import { recordAdminChange, type AuditActor } from "../group/audit-log.server";
import type { DatabaseOrTransaction } from "../db/database.server";
import { removeImageFiles } from "../media/images.server";
import type { MediaStorage } from "../media/media-storage.server";
import { releaseImages } from "./product-save.server";

/** How many of the first start's demo products are still in the catalogue. */
export async function countDemoProducts(db: DatabaseOrTransaction): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(products).where(eq(products.demo, true));
  return row?.count ?? 0;
}

/** What "Remover produtos de demonstração" would remove, shown before the owner confirms. */
export type DemoProductsRemoval = {
  /** The demo products, by name. */
  names: string[];
  /** Their units in stock, every store's. */
  units: number;
  /** Orders with a line of one of them: kept as they are. */
  orders: number;
};

async function demoProductsRemovalIn(db: DatabaseOrTransaction, ids: number[]): Promise<Omit<DemoProductsRemoval, "names">> {
  if (ids.length === 0) return { units: 0, orders: 0 };
  const [stock] = await db
    .select({ units: sql<number>`coalesce(sum(${variantStock.units}), 0)::int` })
    .from(variantStock)
    .innerJoin(productVariants, eq(productVariants.id, variantStock.variantId))
    .where(inArray(productVariants.productId, ids));
  const [ordered] = await db.select({ orders: sql<number>`count(distinct ${orderItems.orderId})::int` }).from(orderItems).where(inArray(orderItems.productId, ids));
  return { units: stock?.units ?? 0, orders: ordered?.orders ?? 0 };
}

export async function previewDemoProductsRemoval(db: DatabaseOrTransaction): Promise<DemoProductsRemoval> {
  const demo = await db.select({ id: products.id, name: products.name }).from(products).where(eq(products.demo, true)).orderBy(asc(products.name));
  return { names: demo.map((product) => product.name), ...(await demoProductsRemovalIn(db, demo.map((product) => product.id))) };
}

/**
 * "Remover produtos de demonstração", once the owner confirmed: every demo product goes, with its
 * stock (its variants go with it) and its pictures. Orders are never changed: nothing tells a test
 * order from a sale (a clerk may have sold at the counter before the real catalogue was in), so an
 * order with a demo product stays in the sales and the reports as it was, its lines keeping their
 * name and price as with any deleted product (decision 0002); a test order leaves the figures by
 * being cancelled, like any other. One audit entry says what went.
 */
export async function removeDemoProducts(
  db: DatabaseOrTransaction,
  storage: MediaStorage,
  actor: AuditActor,
): Promise<{ products: number; units: number; orders: number }> {
  const outcome = await db.transaction(async (tx) => {
    const demo = await tx.select({ id: products.id, name: products.name }).from(products).where(eq(products.demo, true)).for("update");
    if (demo.length === 0) return { products: 0, units: 0, orders: 0, released: [] as string[] };
    const ids = demo.map((product) => product.id);
    const { units, orders: ordersKept } = await demoProductsRemovalIn(tx, ids);
    const removed = await tx.delete(products).where(inArray(products.id, ids)).returning({ images: products.images });
    await recordAdminChange(tx, actor, {
      action: "product.demo_remove",
      entityType: "product",
      entityId: null,
      entityLabel: "Produtos de demonstração",
      before: { demoProducts: demo.map((product) => product.name) },
      after: { removed: removed.length, units, ordersKept },
    });
    return { products: removed.length, units, orders: ordersKept, released: await releaseImages(tx, removed.flatMap((row) => row.images)) };
  });
  await Promise.all(outcome.released.map((key) => removeImageFiles(storage, key)));
  return { products: outcome.products, units: outcome.units, orders: outcome.orders };
}
