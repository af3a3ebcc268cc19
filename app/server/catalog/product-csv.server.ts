// The product CSV on the database's side: the export, and the import's save (all rows or none). The
// file's columns, header checks, rows into products and their checks are in ./csv/.
import { productFiscalFieldsOf } from "~/lib/fiscal/product-fiscal";
import { eq, inArray } from "drizzle-orm";
import { products, shops, storeLocations } from "#database/schema";
import type { CsvImportResult, CsvRowError } from "~/lib/catalog/product-import";
import { type VariantStockInput } from "~/lib/catalog/product.schema";
import { storeOptionFor, type StoreOption } from "~/lib/catalog/store-options";
import { variantKey, variantLabel } from "~/lib/catalog/variants";
import { decodeCsvFile, toCsv } from "../files/csv.server";
import { recordAdminChanges, type AuditActor } from "../group/audit-log.server";
import type { Database, DatabaseOrTransaction } from "../db/database.server";
import { productCsvHeader, productCsvRows, spreadsheetColumn, storeExportedColumn, type CsvProduct } from "./csv/columns.server";
import { readProductCsv } from "./csv/header.server";
import { validateProductCsv, type ProductCsvProduct } from "./csv/validation.server";
import { applyStoreStock, planStoreStock, variantsKeepingUnits, type StoreStockPlan } from "./product-store-stock.server";
import { eanTakenMessage, refuseEansOfOtherProducts, writeProduct } from "./product-save.server";
import { listStoreOptions, lockProductImports, ProductSaveError, resolveStoreOption } from "./product-writes.server";
import { productAuditFieldsByIds } from "./product-audit.server";
import type { StockMove } from "./stock-moves.server";
import { homeStoreOf, stockMovedMessage, stockMovedSinceRead, storeUnitsOfProducts, variantGrid, variantsAtStore, writeVariantsOfProducts } from "./variants.server";

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
  const variants = await variantsAtStore(db, rows.map((row) => row.product.id));
  const storeUnits = await storeUnitsOfProducts(db, rows.map((row) => row.product.id));
  return rows.map(({ product, shopSlug, locationSlug }) => ({
    ...product,
    store: storeOptionFor(stores, locationSlug, shopSlug)?.value ?? null,
    variants: variantGrid(product, variants.get(product.id) ?? []),
    storeUnits: storeUnits.get(product.id) ?? {},
    fiscal: productFiscalFieldsOf(product),
  }));
}

/** Every product as CSV, a row per variant (see ../csv.server.ts: ';' between columns, UTF-8 with BOM). */
export async function productsCsv(db: DatabaseOrTransaction): Promise<string> {
  const stores = await listStoreOptions(db);
  return toCsv(productCsvHeader(stores), (await csvProducts(db, null, stores)).flatMap((product) => productCsvRows(product, stores)));
}

/** The database has moved on since the file was checked: nothing is saved, the errors say why. */
class CsvConflictError extends Error {
  constructor(readonly errors: CsvRowError[]) {
    super(errors.map((error) => error.message).join(" "));
  }
}

/** A file that is not text: the import page says so instead of listing lines. */
export const CSV_NOT_TEXT_MESSAGE = "Este arquivo não é um CSV (texto). Exporte a planilha como CSV.";

/**
 * importProductsCsv on the file's bytes, decoded as Excel saved them (UTF-8, or Windows-1252 without
 * a BOM); a file with lines in both is refused with the lines that are not UTF-8.
 */
export async function importProductsCsvFile(db: Database, bytes: Uint8Array, actor: AuditActor): Promise<CsvImportResult | { ok: false; fileError: string }> {
  const decoded = decodeCsvFile(bytes);
  if (decoded.ok) return importProductsCsv(db, decoded.text, actor);
  if (decoded.problem === "binary") return { ok: false, fileError: CSV_NOT_TEXT_MESSAGE };
  return {
    ok: false,
    errors: decoded.lines.map((line) => ({
      line,
      message:
        "esta linha não está em UTF-8 como o resto do arquivo (dois arquivos juntados?), e os acentos sairiam trocados. Salve a planilha como “CSV UTF-8” e envie de novo.",
    })),
  };
}

/**
 * Validates every product of the file with the product form's rules; rows with an id update that
 * product (columns left out keep their values), rows without one create a product, a row per variant.
 * Any bad row: nothing is saved and every bad row is reported by its line in the file.
 */
export async function importProductsCsv(db: Database, text: string, actor: AuditActor): Promise<CsvImportResult> {
  const stores = await listStoreOptions(db);
  const file = readProductCsv(
    text,
    stores.map((store) => store.value),
  );
  if (!file.ok) return file;
  const ids = file.sheet.ids;
  const existing = new Map(ids.length ? (await csvProducts(db, ids, stores)).map((product) => [product.id, product]) : []);
  const { valid, errors } = validateProductCsv(file.sheet, existing, stores);
  if (errors.length) return { ok: false, errors };
  try {
    // "the units at the export, in estoque_exportado_x (cell V5)": the cell a refusal means, as the spreadsheet names it.
    const columns = file.sheet.columns;
    const exportedCell = (column: string, line: number) => {
      const position = columns.indexOf(column);
      return `, em ${column}${position < 0 ? "" : ` (célula ${spreadsheetColumn(position)}${line})`}, o estoque na exportação`;
    };
    return await saveCsvRows(db, valid, actor, exportedCell);
  } catch (error) {
    if (error instanceof CsvConflictError) return { ok: false, errors: error.errors };
    throw error;
  }
}

/**
 * The variants whose stock is no longer what `estoque_exportado` says (an order took or gave back
 * units since the export), by line. Called with the products locked, which every stock move takes
 * first, so what it reads holds until the import commits.
 */
async function stockMovedSinceExport(tx: DatabaseOrTransaction, rows: ProductCsvProduct[], exportedCell: ExportedCell): Promise<CsvRowError[]> {
  const checked = rows.filter((row) => row.id !== null && row.exportedStock.size > 0);
  const exported = new Map(checked.map((row) => [row.id!, row]));
  const moved = await stockMovedSinceRead(tx, new Map(checked.map((row) => [row.id!, new Map([...row.exportedStock].map(([key, { units }]) => [key, units]))])));
  return moved
    .map((move) => {
      const { input, exportedStock } = exported.get(move.productId)!;
      const line = exportedStock.get(variantKey(move.size, move.color))!.line;
      return {
        line,
        message: `${stockMovedMessage(input.name, move, "desde a exportação", `na planilha${exportedCell("estoque_exportado", line)}`)}. Exporte o CSV de novo e refaça as alterações.`,
      };
    })
    .sort((a, b) => a.line - b.line);
}

/**
 * Stock an import would change without proof of what the clerk saw (issue 39): a variant of an
 * existing product whose units in the file differ from the shelf's now, on a row without
 * `estoque_exportado` (the column deleted from an old export, or a file written by hand). Without the
 * proof an order's decrement would be undone (0 → 1), so the import is refused. Read with the products
 * locked, as stockMovedSinceExport.
 */
async function unprovenStockChanges(tx: DatabaseOrTransaction, rows: ProductCsvProduct[]): Promise<CsvRowError[]> {
  // A file with a column per store proves each store's units with its own pair of columns.
  const existing = rows.filter((row) => row.id !== null && !row.input.storeUnits);
  const stored = await variantsAtStore(tx, existing.map((row) => row.id!));
  return existing.flatMap(({ id, line, input, exportedStock }) => {
    const now = new Map((stored.get(id!) ?? []).map((variant) => [variantKey(variant.size, variant.color), variant.stock]));
    return input.variants.flatMap((variant) => {
      const key = variantKey(variant.size, variant.color);
      const units = now.get(key);
      if (units === undefined || units === variant.stock || exportedStock.has(key)) return [];
      const label = variantLabel(variant);
      return [
        {
          line,
          message:
            `estoque_exportado: o estoque de ${input.name}${label ? ` (${label})` : ""} mudaria de ${units} para ${variant.stock} sem o estoque da exportação, ` +
            "e um pedido pode ter levado unidades desde então. Exporte o CSV de novo (com a coluna estoque_exportado) e refaça as alterações.",
        },
      ];
    });
  });
}

/** Where a variant's units at the export were read: its column and cell, for the refusal's message. */
type ExportedCell = (column: string, line: number) => string;

/** A product the import wrote, with the moves of its units per store still to apply. */
type WrittenProduct = { id: number; created: boolean; name: string; changes: StoreStockPlan["changes"] };
/** The variants to write, by the written product's id. */
type VariantsToWrite = Map<number, (VariantStockInput & { sku?: string })[]>;

/**
 * The valid products in one transaction, one audit entry per product created or changed (before and
 * after). A product row per product; the variants of all of them in two statements at the end.
 * Refused as a whole when a variant's stock moved since the export.
 */
async function saveCsvRows(db: Database, rows: ProductCsvProduct[], actor: AuditActor, exportedCell: ExportedCell): Promise<Extract<CsvImportResult, { ok: true }>> {
  return db.transaction(async (tx) => {
    await lockProductImports(tx);
    const before = await productAuditFieldsByIds(tx, rows.flatMap(({ id }) => (id === null ? [] : [id])));
    const moved = await stockMovedSinceExport(tx, rows, exportedCell);
    if (moved.length) throw new CsvConflictError(moved);
    const unproven = await unprovenStockChanges(tx, rows);
    if (unproven.length) throw new CsvConflictError(unproven);
    const plans = await planStoreStockOfRows(tx, rows, exportedCell);
    // Each product's grid is the units at its own store as exported: read before a 'loja' change moves it.
    const stockStores = await homeStoreOf(tx, rows.flatMap(({ id }) => (id === null ? [] : [id])));
    const { written, variants } = await writeCsvProducts(tx, rows, plans);
    await refuseEanConflicts(tx, rows, written, variants);
    await writeVariantsOfProducts(
      tx,
      variants,
      rows.some((row) => row.skus !== null),
      stockStores,
      rows.some((row) => row.input.variants.some((variant) => variant.ean !== undefined)),
    );
    const storeMoves = new Map<number, StockMove[]>();
    for (const { id, changes } of written) if (changes.length) storeMoves.set(id, await applyStoreStock(tx, id, changes));
    const after = await productAuditFieldsByIds(tx, written.map(({ id }) => id));
    // Units moved at any store, each named with its store (the `stock` field is the own store's).
    const withStoreStock = (id: number, fields: Record<string, unknown> | null, side: "before" | "after") => {
      const moves = storeMoves.get(id);
      return fields && moves?.length ? { ...fields, storeStock: Object.fromEntries(moves.map((move) => [move.label, move[side]])) } : fields;
    };
    const recorded = await recordAdminChanges(
      tx,
      actor,
      written.map(({ id, created, name }) => ({
        action: created ? "product.csv_create" : "product.csv_update",
        entityType: "product",
        entityId: id,
        entityLabel: name,
        before: created ? null : withStoreStock(id, before.get(id) ?? null, "before"),
        after: withStoreStock(id, after.get(id) ?? null, "after"),
      })),
    );
    // As the audit log counts them: an update that changed nothing is not one.
    const created = written.filter((row) => row.created).length;
    const updated = written.filter((row, index) => !row.created && recorded[index]).length;
    return { ok: true, created, updated, unchanged: written.length - created - updated };
  });
}

/**
 * A column per store: each changed cell is a move from what the file says the store had at the
 * export, refused (by line, naming the store) when that store's units moved since.
 */
async function planStoreStockOfRows(tx: DatabaseOrTransaction, rows: ProductCsvProduct[], exportedCell: ExportedCell): Promise<Map<ProductCsvProduct, StoreStockPlan>> {
  const plans = new Map<ProductCsvProduct, StoreStockPlan>();
  const movedAtStores: CsvRowError[] = [];
  for (const row of rows) {
    if (!row.input.storeUnits) continue;
    const plan = await planStoreStock(tx, { id: row.id }, row.input.storeUnits, row.storeRead);
    plans.set(row, plan);
    for (const move of plan.moved) {
      const line = row.lineOfVariant.get(move.key) ?? row.line;
      const column = row.storeReadColumn.get(move.storeSlug)?.get(move.key) ?? storeExportedColumn(move.storeSlug);
      movedAtStores.push({
        line,
        message: `${stockMovedMessage(row.input.name, move, `em ${move.storeName} desde a exportação`, `na planilha${exportedCell(column, line)}`)}. Exporte o CSV de novo e refaça as alterações.`,
      });
    }
  }
  if (movedAtStores.length) throw new CsvConflictError(movedAtStores.sort((a, b) => a.line - b.line));
  return plans;
}

/** Each product's row, in the file's order; its variants are only gathered, to be written together. */
async function writeCsvProducts(tx: DatabaseOrTransaction, rows: ProductCsvProduct[], plans: ReadonlyMap<ProductCsvProduct, StoreStockPlan>) {
  const written: WrittenProduct[] = [];
  const stores = new Map<string, Awaited<ReturnType<typeof resolveStoreOption>>>();
  const variants: VariantsToWrite = new Map();
  for (const row of rows) {
    const { line, id, skus, stockNeedsReview } = row;
    const plan = plans.get(row);
    // The own store's units are left as they are; the plan's moves set every store's.
    const input = plan ? { ...row.input, variants: await variantsKeepingUnits(tx, id, row.input, plan) } : row.input;
    let store = stores.get(input.store);
    if (!store) {
      store = await resolveStoreOption(tx, input.store).catch((error: unknown) => {
        if (error instanceof ProductSaveError) throw new CsvConflictError([{ line, message: `loja: ${error.message}` }]);
        throw error;
      });
      stores.set(input.store, store);
    }
    const writtenId = await writeProduct(tx, id, input, undefined, { store, stockNeedsReview, writeVariants: false });
    // Deleted by someone else since the check: the whole file is refused, as for any bad row.
    if (writtenId === null) throw new CsvConflictError([{ line, message: `id: o produto ${id} foi excluído durante a importação.` }]);
    written.push({ id: writtenId, created: id === null, name: input.name, changes: plan?.changes ?? [] });
    variants.set(
      writtenId,
      input.variants.map((variant) => (skus ? { ...variant, sku: skus.get(variantKey(variant.size, variant.color)) ?? "" } : variant)),
    );
  }
  return { written, variants };
}

/** An EAN names one variant of one product: another product's (or one given twice in the file) refuses the file. */
async function refuseEanConflicts(tx: DatabaseOrTransaction, rows: ProductCsvProduct[], written: WrittenProduct[], variants: VariantsToWrite) {
  const eanLines = new Map<string, { line: number; name: string }>();
  const eanProblems: CsvRowError[] = [];
  written.forEach(({ id, name }, index) => {
    const line = rows[index]!.line;
    for (const variant of variants.get(id) ?? []) {
      if (!variant.ean) continue;
      const earlier = eanLines.get(variant.ean);
      if (earlier) eanProblems.push({ line, message: `ean: ${eanTakenMessage(variant.ean, earlier.name, 0).replace(" (código 0)", ` (linha ${earlier.line})`)}` });
      else eanLines.set(variant.ean, { line, name });
    }
  });
  for (const [index, { id }] of written.entries()) {
    try {
      await refuseEansOfOtherProducts(tx, new Map([[id, variants.get(id) ?? []]]));
    } catch (error) {
      if (!(error instanceof ProductSaveError)) throw error;
      eanProblems.push({ line: rows[index]!.line, message: `ean: ${error.message}` });
    }
  }
  if (eanProblems.length) throw new CsvConflictError(eanProblems);
}
