// The product CSV on the database's side: the export, and the import's save (all rows or none). The
// file's format and the row checks are app/lib/product-csv.ts.
import { eq, inArray } from "drizzle-orm";
import { products, shops, storeLocations } from "#database/schema";
import { toCsv } from "~/lib/csv";
import { PRODUCT_CSV_COLUMNS, productCsvCells, readProductCsv, validateProductCsvRows, type ProductCsvRow } from "~/lib/product-csv";
import type { CsvImportResult } from "~/lib/product-import";
import { storeOptionFor, type EditableProduct } from "~/lib/product.schema";
import { recordAdminChanges, type AuditActor } from "../shop/audit-log.server";
import type { Database, DatabaseOrTransaction } from "../db/database.server";
import { lockProductImports, ProductSaveError, productAuditFieldsByIds, writeProduct } from "./product-save.server";

/** Products with the store option the form would show, by id (all of them when `ids` is null), by id order. */
async function editableProducts(db: DatabaseOrTransaction, ids: number[] | null): Promise<(EditableProduct & { id: number })[]> {
  const rows = await db
    .select({ product: products, shopSlug: shops.slug, locationSlug: storeLocations.slug })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .leftJoin(storeLocations, eq(storeLocations.id, products.storeLocationId))
    .where(ids === null ? undefined : inArray(products.id, [...new Set(ids)]))
    .orderBy(products.id);
  return rows.map(({ product, shopSlug, locationSlug }) => ({ ...product, store: storeOptionFor(locationSlug, shopSlug) }));
}

/** Every product as CSV (see app/lib/csv.ts: ';' between columns, UTF-8 with BOM). */
export async function productsCsv(db: DatabaseOrTransaction): Promise<string> {
  return toCsv(PRODUCT_CSV_COLUMNS, (await editableProducts(db, null)).map(productCsvCells));
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
 * Validates every row of the file with the product form's rules; rows with an id update that product
 * (columns left out keep their values), rows without one create a product. Any bad row: nothing is
 * saved and every bad row is reported by its line in the file.
 */
export async function importProductsCsv(db: Database, text: string, actor: AuditActor): Promise<CsvImportResult> {
  const file = readProductCsv(text);
  if (!file.ok) return file;
  const ids = file.sheet.ids;
  const existing = new Map(ids.length ? (await editableProducts(db, ids)).map((product) => [product.id, product]) : []);
  const { valid, errors } = validateProductCsvRows(file.sheet, existing);
  if (errors.length) return { ok: false, errors };
  try {
    return await saveCsvRows(db, valid, actor);
  } catch (error) {
    if (error instanceof CsvConflictError) return { ok: false, errors: [{ line: error.line, message: error.message }] };
    throw error;
  }
}

/** The valid rows in one transaction, one audit entry per product created or changed (before and after). */
async function saveCsvRows(db: Database, rows: ProductCsvRow[], actor: AuditActor): Promise<Extract<CsvImportResult, { ok: true }>> {
  return db.transaction(async (tx) => {
    await lockProductImports(tx);
    const before = await productAuditFieldsByIds(tx, rows.flatMap(({ id }) => (id === null ? [] : [id])));
    const written: { id: number; created: boolean; name: string }[] = [];
    for (const { line, id, input } of rows) {
      const writtenId = await writeProduct(tx, id, input).catch((error: unknown) => {
        if (error instanceof ProductSaveError) throw new CsvConflictError(line, `loja: ${error.message}`);
        throw error;
      });
      // Deleted by someone else since the check: the whole file is refused, as for any bad row.
      if (writtenId === null) throw new CsvConflictError(line, `id: o produto ${id} foi excluído durante a importação.`);
      written.push({ id: writtenId, created: id === null, name: input.name });
    }
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
