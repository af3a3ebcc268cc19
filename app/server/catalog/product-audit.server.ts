// A product as the audit log records it: what the form edits, the store by its label, the units per
// store and the EANs. Every write path (the form, the CSV, the starter products) logs its before and after with it.
import { eq, inArray } from "drizzle-orm";
import { products, shops, storeLocations } from "#database/schema";
import { storeOptionFor } from "~/lib/catalog/store-options";
import { variantLabel } from "~/lib/catalog/variants";
import { variantGrid, variantsAtStore } from "./variants.server";
import type { DatabaseOrTransaction } from "../db/database.server";
import { listStoreOptions } from "./product-writes.server";

/**
 * The products as the audit log records them (what the form edits, the store by its label), by id;
 * ids that do not exist are missing. The rows are locked until the transaction ends, so the 'before'
 * read here is still true when the change is written.
 */
export async function productAuditFieldsByIds(tx: DatabaseOrTransaction, ids: number[]): Promise<Map<number, Record<string, unknown>>> {
  const fields = new Map<number, Record<string, unknown>>();
  if (ids.length === 0) return fields;
  const rows = await tx
    .select({ product: products, shopSlug: shops.slug, locationSlug: storeLocations.slug })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .leftJoin(storeLocations, eq(storeLocations.id, products.storeLocationId))
    .where(inArray(products.id, [...new Set(ids)]))
    .orderBy(products.id)
    .for("update", { of: products });
  const variants = await variantsAtStore(tx, rows.map((row) => row.product.id));
  const stores = await listStoreOptions(tx);
  for (const row of rows) {
    const p = row.product;
    fields.set(p.id, {
      name: p.name,
      description: p.description,
      category: p.category,
      subcategory: p.subcategory,
      brand: p.brand,
      gender: p.gender,
      store: storeOptionFor(stores, row.locationSlug, row.shopSlug)?.label ?? row.shopSlug,
      priceCents: p.priceCents,
      oldPriceCents: p.oldPriceCents,
      stock: auditStock(variantGrid(p, variants.get(p.id) ?? [])),
      sizes: p.sizes,
      colors: p.colors,
      featured: p.featured,
      active: p.active,
      images: p.images,
      weightGrams: p.weightGrams,
      heightCm: p.heightCm,
      widthCm: p.widthCm,
      lengthCm: p.lengthCm,
      ncm: p.ncm,
      cfopInState: p.cfopInState,
      cfopOutOfState: p.cfopOutOfState,
      taxOrigin: p.taxOrigin,
      taxSituation: p.taxSituation,
      cest: p.cest,
      eans: auditEans(variantGrid(p, variants.get(p.id) ?? [])),
    });
  }
  return fields;
}

/** A product's stock as the audit log shows it: the number, or units by size and colour. */
function auditStock(grid: { size: string; color: string; stock: number }[]): number | Record<string, number> {
  if (grid.length === 1 && !grid[0]!.size && !grid[0]!.color) return grid[0]!.stock;
  return Object.fromEntries(grid.map((cell) => [variantLabel(cell), cell.stock]));
}

/** The variants' EANs as the audit log shows them: by size and colour, those that have one. */
function auditEans(grid: { size: string; color: string; ean: string }[]): Record<string, string> {
  return Object.fromEntries(grid.filter((cell) => cell.ean).map((cell) => [variantLabel(cell) || "Único", cell.ean]));
}

/** One product as the audit log records it (see productAuditFieldsByIds); null when gone. */
export async function productAuditFields(tx: DatabaseOrTransaction, id: number): Promise<Record<string, unknown> | null> {
  return (await productAuditFieldsByIds(tx, [id])).get(id) ?? null;
}

