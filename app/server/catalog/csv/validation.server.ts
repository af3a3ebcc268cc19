// The product CSV's rows checked with the product form's rules: a file's text → the products to save,
// or every problem by its line in the file. No database here: the server reads the products the file
// updates (`ids`) before validating, and saves the valid products in one transaction
// (../product-csv.server.ts).
import { fieldErrors } from "~/lib/forms/form-errors";
import type { CsvRowError } from "~/lib/catalog/product-import";
import { categoryFromText, genderFromText, PRODUCT_LIMITS, productFormSchema, productToFormInput, type EditableProduct, type ProductFormData, type ProductFormInput } from "~/lib/catalog/product.schema";
import { storeOptionFromText, type StoreOption } from "~/lib/catalog/store-options";
import { normalizeSearchText } from "~/lib/format/search-text";
import { variantKey, variantLabel } from "~/lib/catalog/variants";
import type { CsvRecord } from "../../files/csv.server";
import { cellOf, COLUMN_OF, FISCAL_COLUMNS, HOME_STOCK_COLUMN, MAX_SKU_LENGTH, optionText, parseYesNo, PRODUCT_COLUMNS, storeExportedColumn, storeStockColumn, type Column } from "./columns.server";
import { comparable, groupRows, type ProductRows } from "./grouping.server";
import type { ProductCsvSheet } from "./header.server";
import { LineProblems } from "./line-problems.server";

/** A product that passed: `id` null creates it, else it updates that one. */
export type ProductCsvProduct = {
  /** Its first row's line. */
  line: number;
  id: number | null;
  input: ProductFormData;
  /** SKU by variantKey; null when the file has no `sku` column (the SKUs stay as they are). */
  skus: Map<string, string> | null;
  /** The product's 'count the shelf' flag: null leaves it as it is. */
  stockNeedsReview: boolean | null;
  /** By variantKey, the units `estoque_exportado` says the variant had at the export, and its row's line. */
  exportedStock: Map<string, { line: number; units: number }>;
  /** A file with a column per store: each store's units at the export (store slug → variantKey → units). */
  storeRead: Map<string, Map<string, number>>;
  /** The column each of those was read from (store slug → variantKey → column), for a refusal to point at its cell. */
  storeReadColumn: Map<string, Map<string, string>>;
  /** Each variant's row, by variantKey. */
  lineOfVariant: Map<string, number>;
};

/**
 * Every product of the file checked with the product form's rules. Rows with an id start from that
 * product in `existing` (columns the file leaves out keep their values). Problems are reported by the
 * line they are on: a product's own columns on its first row, a variant's on its row.
 */
export function validateProductCsv(
  sheet: ProductCsvSheet,
  existing: ReadonlyMap<number, EditableProduct>,
  stores: readonly StoreOption[],
): { valid: ProductCsvProduct[]; errors: CsvRowError[] } {
  const problems = new LineProblems();
  const valid: ProductCsvProduct[] = [];
  for (const group of groupRows(sheet, new Set(existing.keys()), problems, stores)) {
    const checked = checkProduct(sheet.columns, sheet.homeStockColumn, group, group.id === null ? null : existing.get(group.id)!, problems, stores);
    if (checked) valid.push(checked);
  }
  return { valid, errors: problems.errors() };
}

/**
 * The product's columns from its first row, onto the form values (problems on that row); true when
 * `loja` names no store (its message already says so, the form's own is left out).
 */
function applyProductColumns(columns: string[], row: CsvRecord, values: ProductFormInput, problems: LineProblems, stores: readonly StoreOption[]): boolean {
  let unknownStore = false;
  const set = (column: Column, apply: (text: string) => void) => {
    const text = cellOf(columns, row.cells, column);
    if (text !== undefined) apply(text);
  };
  set("nome", (text) => (values.name = text));
  set("descricao", (text) => (values.description = text));
  set("categoria", (text) => (values.category = text ? (categoryFromText(text) ?? text) : ""));
  set("subcategoria", (text) => (values.subcategory = text));
  set("marca", (text) => (values.brand = text));
  set("genero", (text) => (values.gender = genderFromText(text) ?? text));
  set("peso_g", (text) => (values.weightGrams = text));
  set("altura_cm", (text) => (values.heightCm = text));
  set("largura_cm", (text) => (values.widthCm = text));
  set("comprimento_cm", (text) => (values.lengthCm = text));
  // An empty NCM or CEST means none (the NCM: the category's); an empty CFOP, origem or CSOSN/CST keeps the stored one (a new product: the default).
  for (const [column, field] of FISCAL_COLUMNS) set(column, (text) => (values[field] = text || (field === "ncm" || field === "cest" ? "" : values[field])));
  set("loja", (text) => {
    values.store = storeOptionFromText(stores, text) ?? "";
    if (text && !values.store) {
      unknownStore = true;
      problems.add(row.line, `loja: “${text}” não é uma das lojas (${stores.map((option) => option.label).join(", ")})`);
    }
  });
  set("preco", (text) => (values.price = text || undefined));
  if (columns.includes("preco_antigo")) set("preco_antigo", (text) => (values.oldPrice = values.price === undefined ? undefined : text));
  else if (values.price === undefined) values.oldPrice = undefined;
  for (const [column, field] of [["destaque", "featured"], ["ativo", "active"]] as const) {
    set(column, (text) => {
      const flag = parseYesNo(text);
      if (flag === null) problems.add(row.line, `${column}: use “sim” ou “não”`);
      else values[field] = flag ? "on" : undefined;
    });
  }
  return unknownStore;
}

/** Sizes (or colours) in order of first appearance; 'preto' on a later row is the 'Preto' of an earlier one. */
function axis(columns: string[], rows: CsvRecord[], column: "tamanho" | "cor") {
  const values: string[] = [];
  const byKey = new Map<string, string>();
  const named = rows.map((row) => optionText(cellOf(columns, row.cells, column) ?? ""));
  for (const text of named) {
    const key = normalizeSearchText(text);
    if (text && !byKey.has(key)) {
      byKey.set(key, text);
      values.push(text);
    }
  }
  return { values, of: (index: number) => byKey.get(normalizeSearchText(named[index]!)) ?? "" };
}

/** A product: its columns from the first row, a variant per row, all through the form's schema. */
function checkProduct(columns: string[], homeStockColumn: string, group: ProductRows, product: EditableProduct | null, problems: LineProblems, stores: readonly StoreOption[]): ProductCsvProduct | null {
  const [first, ...others] = group.rows as [CsvRecord, ...CsvRecord[]];
  const errorsBefore = problems.count;
  // The stock comes from the file only (the product's stored units per store are not cells of it).
  const values: ProductFormInput = product
    ? { ...productToFormInput(product), stock: {}, storeStock: undefined, storeStockRead: undefined }
    : { stock: {}, sizes: [], colors: [], active: "on" };
  const unknownStore = applyProductColumns(columns, first, values, problems, stores);
  checkProductColumnsAgree(columns, first, others, problems, stores);

  const sizes = axis(columns, group.rows, "tamanho");
  const colors = axis(columns, group.rows, "cor");
  requireOptionColumns(columns, product, first.line, problems);
  const reading: ProductReading = {
    columns,
    homeStockColumn,
    group,
    problems,
    existingVariants: new Set(product?.variants.map((variant) => variantKey(variant.size, variant.color)) ?? []),
  };
  const cells = readVariantRows(reading, values, sizes, colors, product?.store ?? values.store ?? "", stores);
  values.sizes = sizes.values;
  values.colors = colors.values;

  const parsed = productFormSchema.safeParse(values);
  if (!parsed.success) {
    reportFormErrors(reading, parsed.error, cells.lineOfKey, unknownStore, first.line);
    return null;
  }
  if (problems.count > errorsBefore) return null;
  const input = parsed.data;
  const { skus, exportedStock, storeRead, storeReadColumn, lineOfKey } = cells;
  return { line: first.line, id: group.id, input, skus, stockNeedsReview: stockCountedAgain(product, input) ? false : null, exportedStock, storeRead, storeReadColumn, lineOfVariant: lineOfKey };
}

/** One product's rows as they are read: the file's columns, and the variants the product already has. */
type ProductReading = {
  columns: string[];
  homeStockColumn: string;
  group: ProductRows;
  problems: LineProblems;
  existingVariants: ReadonlySet<string>;
};

/** What the rows say of each variant (by variantKey), gathered while they are read. */
type VariantCells = Pick<ProductCsvProduct, "skus" | "exportedStock" | "storeRead" | "storeReadColumn"> & { lineOfKey: Map<string, number> };

type Axis = ReturnType<typeof axis>;

/** The product's columns agree on all its rows. */
function checkProductColumnsAgree(columns: string[], first: CsvRecord, others: CsvRecord[], problems: LineProblems, stores: readonly StoreOption[]) {
  for (const row of others) {
    for (const column of PRODUCT_COLUMNS) {
      const text = cellOf(columns, row.cells, column);
      const firstText = cellOf(columns, first.cells, column)!;
      if (text !== undefined && comparable(column, text, stores) !== comparable(column, firstText, stores)) {
        problems.add(row.line, `${column}: “${text}” é diferente da linha ${first.line} (“${firstText}”); as colunas do produto devem ser iguais em todas as suas linhas`);
      }
    }
  }
}

/** A product with sizes (or colours) needs their column: without it its variants could not be told apart. */
function requireOptionColumns(columns: string[], product: EditableProduct | null, firstLine: number, problems: LineProblems) {
  for (const [column, stored, what] of [
    ["tamanho", product?.sizes ?? [], "tamanhos"],
    ["cor", product?.colors ?? [], "cores"],
  ] as const) {
    if (!columns.includes(column) && stored.length) {
      problems.add(firstLine, `${column}: o produto tem ${what} (${stored.join(", ")}); o arquivo precisa da coluna “${column}”, uma linha por ${column}`);
    }
  }
}

/** A variant per row onto the form values: its units (at home, or per store), EAN, SKU and the units at the export. */
function readVariantRows(reading: ProductReading, values: ProductFormInput, sizes: Axis, colors: Axis, ownStore: string, stores: readonly StoreOption[]): VariantCells {
  const { columns, group, problems } = reading;
  const cells: VariantCells = {
    lineOfKey: new Map(),
    skus: columns.includes("sku") ? new Map() : null,
    exportedStock: new Map(),
    storeRead: new Map(),
    storeReadColumn: new Map(),
  };
  // A column per store: every store's units go through the per-store grid, with what each had at the export.
  const storeColumns = stores.filter((store) => columns.includes(storeStockColumn(store.value)));
  if (storeColumns.length) values.storeStock = {};
  group.rows.forEach((row, index) => {
    const key = variantKeyOfRow(row, sizes.of(index), colors.of(index), sizes, colors, cells.lineOfKey, problems);
    if (key === null) return;
    cells.lineOfKey.set(key, row.line);
    values.stock[key] = cellOf(columns, row.cells, HOME_STOCK_COLUMN) ?? "";
    if (values.storeStock) readStoreStock(reading, cells, values.stock, values.storeStock, storeColumns, ownStore, key, row);
    const ean = cellOf(columns, row.cells, "ean");
    if (ean !== undefined) values.eans = { ...values.eans, [key]: ean };
    if (cells.skus) {
      const sku = cellOf(columns, row.cells, "sku") ?? "";
      if (sku.length > MAX_SKU_LENGTH) problems.add(row.line, `sku: Use no máximo ${MAX_SKU_LENGTH} caracteres`);
      cells.skus.set(key, sku);
    }
    const exported = values.storeStock ? "" : (cellOf(columns, row.cells, "estoque_exportado") ?? "");
    if (exported && group.id !== null) {
      if (/^\d{1,9}$/.test(exported)) cells.exportedStock.set(key, { line: row.line, units: Number(exported) });
      else problems.add(row.line, "estoque_exportado: não altere esta coluna: é o estoque na hora da exportação (numa linha nova, deixe vazia)");
    }
  });
  return cells;
}

/** The row's variant, or null (reported) when it lacks its size or colour or repeats an earlier row's. */
function variantKeyOfRow(row: CsvRecord, size: string, color: string, sizes: Axis, colors: Axis, lineOfKey: ReadonlyMap<string, number>, problems: LineProblems): string | null {
  const missing = [
    !size && sizes.values.length ? "tamanho: informe o tamanho, como nas outras linhas do produto" : "",
    !color && colors.values.length ? "cor: informe a cor, como nas outras linhas do produto" : "",
  ].filter(Boolean);
  if (missing.length) {
    missing.forEach((problem) => problems.add(row.line, problem));
    return null;
  }
  const key = variantKey(size, color);
  const earlier = lineOfKey.get(key);
  if (earlier !== undefined) {
    const label = variantLabel({ size, color });
    const column = sizes.values.length && colors.values.length ? "tamanho e cor" : sizes.values.length ? "tamanho" : colors.values.length ? "cor" : "tamanho e cor";
    problems.add(
      row.line,
      label
        ? `${column}: “${label}” já aparece na linha ${earlier}`
        : `${column}: o produto não tem tamanhos nem cores e já tem a sua linha (linha ${earlier})`,
    );
    return null;
  }
  return key;
}

/** A file with a column per store: the row's units at each store, and what each had at the export. */
function readStoreStock(
  reading: ProductReading,
  cells: VariantCells,
  stock: Record<string, string>,
  storeStock: Record<string, string>,
  storeColumns: readonly StoreOption[],
  ownStore: string,
  key: string,
  row: CsvRecord,
) {
  const { columns, homeStockColumn, problems } = reading;
  for (const store of storeColumns) {
    const typed = cellOf(columns, row.cells, storeStockColumn(store.value)) ?? "";
    // Empty: that store's units stay as they are.
    if (typed === "") continue;
    storeStock[`${store.value}:${key}`] = typed;
    readExportedUnits(reading, cells, store.value, key, storeExportedColumn(store.value), row);
  }
  // `estoque_loja_principal` is the units at the product's own store as exported (a new product's: its
  // loja's), so it is the own store's too: taken when its own column is absent, empty or left as
  // exported while it was edited; refused when both were edited and disagree.
  const ownKey = `${ownStore}:${key}`;
  const estoque = stock[key] ?? "";
  const estoqueEdited = estoque !== "" && estoque !== (cellOf(columns, row.cells, "estoque_exportado") ?? "");
  const ownCell = storeStock[ownKey];
  const ownExported = ownStore ? (cellOf(columns, row.cells, storeExportedColumn(ownStore)) ?? "") : "";
  if (ownStore && estoque !== "" && (ownCell === undefined || (estoqueEdited && ownCell === ownExported))) {
    storeStock[ownKey] = estoque;
    if (ownCell === undefined) readExportedUnits(reading, cells, ownStore, key, "estoque_exportado", row);
  } else if (ownCell !== undefined && estoqueEdited && estoque !== ownCell) {
    const column = storeStockColumn(ownStore);
    problems.add(row.line, `${homeStockColumn}: “${estoque}” é diferente de ${column} (“${ownCell}”); com as colunas por loja, mude o estoque em “${column}”`);
  }
  const anyGiven = Object.keys(storeStock).some((cell) => cell.endsWith(`:${key}`));
  stock[key] = storeStock[ownKey] ?? (estoque || (anyGiven ? "0" : ""));
}

/** A store's units at the export, as the row's `column` says, for a product the file updates. */
function readExportedUnits(reading: ProductReading, cells: VariantCells, store: string, key: string, column: Column | ReturnType<typeof storeExportedColumn>, row: CsvRecord) {
  const { columns, group, problems, existingVariants } = reading;
  const exported = cellOf(columns, row.cells, column) ?? "";
  if (group.id === null) return;
  // An empty cell is not 0 units at the export: read as 0 it refused the file with "2 agora, 0 na
  // planilha" while the units at the export were 2 (a size added since has none, and is left empty).
  if (!exported) {
    if (existingVariants.has(key)) {
      problems.add(row.line, `${column}: está vazia; é o estoque na hora da exportação, sem ele a mudança de estoque pode desfazer um pedido. Exporte o CSV de novo e refaça as alterações`);
    }
    return;
  }
  if (!/^\d{1,9}$/.test(exported)) {
    problems.add(row.line, `${column}: não altere esta coluna: é o estoque na hora da exportação (numa linha nova, deixe vazia)`);
    return;
  }
  const read = cells.storeRead.get(store) ?? new Map<string, number>();
  read.set(key, Number(exported));
  cells.storeRead.set(store, read);
  const readFrom = cells.storeReadColumn.get(store) ?? new Map<string, string>();
  readFrom.set(key, column);
  cells.storeReadColumn.set(store, readFrom);
}

/** The form schema's refusals, each on the line and column it came from (a product's own: its first row). */
function reportFormErrors(reading: ProductReading, error: Parameters<typeof fieldErrors>[0], lineOfKey: ReadonlyMap<string, number>, unknownStore: boolean, firstLine: number) {
  const { columns, homeStockColumn, group, problems } = reading;
  const tooLongAt = (column: "tamanho" | "cor", max: number) =>
    group.rows.find((row) => optionText(cellOf(columns, row.cells, column) ?? "").length > max)?.line;
  const lineOf = (field: string) => {
    if (field.startsWith("stock.")) return lineOfKey.get(field.slice("stock.".length));
    if (field.startsWith("storeStock.")) return lineOfKey.get(field.slice(field.indexOf(":") + 1));
    if (field.startsWith("eans.")) return lineOfKey.get(field.slice("eans.".length));
    if (field === "sizes") return tooLongAt("tamanho", PRODUCT_LIMITS.size);
    if (field === "colors") return tooLongAt("cor", PRODUCT_LIMITS.color);
    return undefined;
  };
  for (const [field, message] of Object.entries(fieldErrors(error))) {
    if (field === "store" && unknownStore) continue;
    const column = field.startsWith("storeStock.")
      ? storeStockColumn(field.slice("storeStock.".length, field.indexOf(":")))
      : field.startsWith("stock.")
        ? homeStockColumn
        : field.startsWith("eans.")
          ? "ean"
          : (COLUMN_OF[field] ?? field);
    problems.add(lineOf(field) ?? firstLine, `${column}: ${message}`);
  }
}

/** Counted again (any unit changed, or a size or colour added or gone): the clerk has seen the shelf. */
function stockCountedAgain(product: EditableProduct | null, input: ProductFormData): boolean {
  return (
    !product ||
    product.variants.length !== input.variants.length ||
    input.variants.some((variant) => product.variants.find((old) => old.size === variant.size && old.color === variant.color)?.stock !== variant.stock)
  );
}
