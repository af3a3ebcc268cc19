// The product CSV on the database's side: the export, and the import's save (all rows or none). The
// file's format and the row checks are app/lib/product-csv.ts.
import { eq, inArray } from "drizzle-orm";
import { products, shops, storeLocations } from "#database/schema";
import { toCsv } from "~/lib/csv";
import { PRODUCT_CSV_COLUMNS, productCsvRows, readProductCsv, validateProductCsv, type CsvProduct, type ProductCsvProduct } from "~/lib/product-csv";
import type { CsvImportResult } from "~/lib/product-import";
import { storeOptionFor, type StoreOption, type VariantStockInput } from "~/lib/product.schema";
import { variantKey } from "~/lib/variants";
import { recordAdminChanges, type AuditActor } from "../group/audit-log.server";
import type { Database, DatabaseOrTransaction } from "../db/database.server";
import { listStoreOptions, lockProductImports, ProductSaveError, productAuditFieldsByIds, resolveStoreOption, writeProduct } from "./product-save.server";
import { variantGrid, variantsByProduct, writeVariantsOfProducts } from "./variants.server";

/**
 * Products with the store option the form would show and their variants in grid order (two queries,
 * however many products), by id (all of them when `ids` is null), by id order.
 */
async function csvProducts(db: DatabaseOrTransaction, ids: number[] | null, stores: readonly StoreOption[]): Promise<CsvProduct[]> {
  const rows = await db
    .select({ product: products, shopSlug: shops.slug, locationSlug: storeLocations.slug })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .leftJoin(storeLocations, eq(storeLocations.id, products.storeLocationId))
    .where(ids === null ? undefined : inArray(products.id, [...new Set(ids)]))
    .orderBy(products.id);
  const variants = await variantsByProduct(db, rows.map((row) => row.product.id));
  return rows.map(({ product, shopSlug, locationSlug }) => ({
    ...product,
    store: storeOptionFor(stores, locationSlug, shopSlug)?.value ?? null,
    variants: variantGrid(product, variants.get(product.id) ?? []),
  }));
}

/** Every product as CSV, a row per variant (see app/lib/csv.ts: ';' between columns, UTF-8 with BOM). */
export async function productsCsv(db: DatabaseOrTransaction): Promise<string> {
  const stores = await listStoreOptions(db);
  return toCsv(PRODUCT_CSV_COLUMNS, (await csvProducts(db, null, stores)).flatMap((product) => productCsvRows(product, stores)));
}

class CsvConflictError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Validates every product of the file with the product form's rules; rows with an id update that
 * product (columns left out keep their values), rows without one create a product, a row per variant.
 * Any bad row: nothing is saved and every bad row is reported by its line in the file.
 */
export async function importProductsCsv(db: Database, text: string, actor: AuditActor): Promise<CsvImportResult> {
  const file = readProductCsv(text);
  if (!file.ok) return file;
  const ids = file.sheet.ids;
  const stores = await listStoreOptions(db);
  const existing = new Map(ids.length ? (await csvProducts(db, ids, stores)).map((product) => [product.id, product]) : []);
  const { valid, errors } = validateProductCsv(file.sheet, existing, stores);
  if (errors.length) return { ok: false, errors };
  try {
    return await saveCsvRows(db, valid, actor);
  } catch (error) {
    if (error instanceof CsvConflictError) return { ok: false, errors: [{ line: error.line, message: error.message }] };
    throw error;
  }
}

/**
 * The valid products in one transaction, one audit entry per product created or changed (before and
 * after). A product row per product; the variants of all of them in two statements at the end.
 */
async function saveCsvRows(db: Database, rows: ProductCsvProduct[], actor: AuditActor): Promise<Extract<CsvImportResult, { ok: true }>> {
  return db.transaction(async (tx) => {
    await lockProductImports(tx);
    const before = await productAuditFieldsByIds(tx, rows.flatMap(({ id }) => (id === null ? [] : [id])));
    const written: { id: number; created: boolean; name: string }[] = [];
    const stores = new Map<string, Awaited<ReturnType<typeof resolveStoreOption>>>();
    const variants = new Map<number, (VariantStockInput & { sku?: string })[]>();
    for (const { line, id, input, skus, stockNeedsReview } of rows) {
      let store = stores.get(input.store);
      if (!store) {
        store = await resolveStoreOption(tx, input.store).catch((error: unknown) => {
          if (error instanceof ProductSaveError) throw new CsvConflictError(line, `loja: ${error.message}`);
          throw error;
        });
        stores.set(input.store, store);
      }
      const writtenId = await writeProduct(tx, id, input, undefined, { store, stockNeedsReview, writeVariants: false });
      // Deleted by someone else since the check: the whole file is refused, as for any bad row.
      if (writtenId === null) throw new CsvConflictError(line, `id: o produto ${id} foi excluído durante a importação.`);
      written.push({ id: writtenId, created: id === null, name: input.name });
      variants.set(
        writtenId,
        input.variants.map((variant) => (skus ? { ...variant, sku: skus.get(variantKey(variant.size, variant.color)) ?? "" } : variant)),
      );
    }
    await writeVariantsOfProducts(tx, variants, rows.some((row) => row.skus !== null));
    const after = await productAuditFieldsByIds(tx, written.map(({ id }) => id));
    await recordAdminChanges(
      tx,
      actor,
      written.map(({ id, created, name }) => ({
        action: created ? "product.csv_create" : "product.csv_update",
        entityType: "product",
        entityId: id,
        entityLabel: name,
        before: created ? null : (before.get(id) ?? null),
        after: after.get(id) ?? null,
      })),
    );
    const created = written.filter((row) => row.created).length;
    return { ok: true, created, updated: written.length - created };
  });
}
