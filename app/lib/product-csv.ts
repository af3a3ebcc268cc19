// The product CSV (README "Product CSV"): its columns, the export's rows, and the import's first half:
// a file's text → the products the product form's rules accept, or every problem by its line in the
// file. A row is one variant (size × colour) of a product, the product's columns repeated on each of
// its rows. No database here: the server reads the products the file updates (`ids`) before
// validating, and saves the valid products in one transaction (app/server/catalog/product-csv.server.ts).
import { CsvSyntaxError, parseCsv, unguardFormula, type CsvRecord } from "./csv";
import { fieldErrors } from "./form-errors";
import { parseId } from "./ids";
import type { CsvRowError } from "./product-import";
import {
  categoryFromText,
  centsToInput,
  PRODUCT_LIMITS,
  productFormSchema,
  productToFormInput,
  storeOptionFromText,
  type EditableProduct,
  type ProductFormData,
  type ProductFormInput,
  type StoreOption,
  type VariantStockInput,
} from "./product.schema";
import { normalizeSearchText } from "./search-text";
import { variantKey, variantLabel } from "./variants";

/** The columns, in order; the import reads them by name (tests and README describe them). */
export const PRODUCT_CSV_COLUMNS = [
  "id",
  "nome",
  "categoria",
  "subcategoria",
  "marca",
  "loja",
  "preco",
  "preco_antigo",
  "tamanho",
  "cor",
  "sku",
  "estoque",
  "destaque",
  "ativo",
  "descricao",
] as const;
type Column = (typeof PRODUCT_CSV_COLUMNS)[number];

/**
 * The layout before stock per variant: one row per product, its sizes and colours as lists in
 * `tamanhos`/`cores` and `estoque` its total. Still read (see spreadStock).
 */
const LEGACY_COLUMNS = ["tamanhos", "cores"] as const;
type LegacyColumn = (typeof LEGACY_COLUMNS)[number];
const KNOWN_COLUMNS: readonly string[] = [...PRODUCT_CSV_COLUMNS, ...LEGACY_COLUMNS];
const VARIANT_COLUMNS: readonly Column[] = ["tamanho", "cor", "sku"];

/** The product's own columns: the same on every row of a product. */
const PRODUCT_COLUMNS: readonly Column[] = ["nome", "categoria", "subcategoria", "marca", "loja", "preco", "preco_antigo", "destaque", "ativo", "descricao"];

/** Sizes and colours in one cell (the old layout). */
const CSV_LIST_SEPARATOR = "|";

/** Rows, i.e. variants, in one file. */
export const MAX_CSV_ROWS = 20_000;

export const MAX_SKU_LENGTH = 60;

const yesNo = (value: boolean) => (value ? "sim" : "não");

/** A product as the export writes it: its variants in grid order, with their SKUs. */
export type CsvProduct = Omit<EditableProduct, "variants"> & { id: number; variants: (VariantStockInput & { sku: string })[] };

/**
 * A product's rows, one per variant, cells in PRODUCT_CSV_COLUMNS order: prices as the form takes them
 * ('129,90', empty = 'Consultar preço'), `loja` as the store's name in `stores` (the database's).
 */
export function productCsvRows(product: CsvProduct, stores: readonly StoreOption[]): (string | number)[][] {
  const store = stores.find((option) => option.value === product.store)?.label ?? "";
  return product.variants.map((variant) => [
    product.id,
    product.name,
    product.category,
    product.subcategory,
    product.brand,
    store,
    centsToInput(product.priceCents),
    centsToInput(product.oldPriceCents),
    variant.size,
    variant.color,
    variant.sku,
    variant.stock,
    yesNo(product.featured),
    yesNo(product.active),
    product.description,
  ]);
}

const REQUIRED_COLUMNS: Column[] = ["nome", "categoria", "loja", "preco", "estoque"];

/** Form field → CSV column, to name the column in an error. */
const COLUMN_OF: Record<string, Column> = {
  name: "nome",
  description: "descricao",
  price: "preco",
  oldPrice: "preco_antigo",
  category: "categoria",
  store: "loja",
  subcategory: "subcategoria",
  brand: "marca",
  sizes: "tamanho",
  colors: "cor",
  featured: "destaque",
  active: "ativo",
};

const headerName = (cell: string) =>
  cell
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");

function parseYesNo(text: string): boolean | null {
  const value = headerName(text);
  if (["sim", "s", "true", "1", "x", "yes"].includes(value)) return true;
  if (["nao", "n", "false", "0", "no", ""].includes(value)) return false;
  return null;
}

/** A size or colour as the form keeps it (spaces collapsed), and the key that makes 'preto' and 'Preto' one. */
const optionText = (text: string) => text.trim().replace(/\s+/g, " ");

const splitList = (text: string) =>
  text
    .split(CSV_LIST_SEPARATOR)
    .map((item) => item.trim())
    .filter(Boolean);

/** A file whose header is right: its columns by name, in the file's order, and its rows. */
export type ProductCsvSheet = {
  columns: string[];
  rows: CsvRecord[];
  /** The products the rows name by id: the server reads them before validateProductCsv. */
  ids: number[];
  /** The old layout: a row per product with `tamanhos`/`cores` lists and the total `estoque`. */
  legacy: boolean;
};

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
};

/** A cell by column name, the spreadsheet formula guard undone; undefined when the file has no such column. */
function cellOf(columns: string[], cells: string[], column: Column | LegacyColumn): string | undefined {
  const position = columns.indexOf(column);
  return position < 0 ? undefined : unguardFormula((cells[position] ?? "").trim());
}

/**
 * The file's records under a header of known columns (accents, case and spaces in the header are
 * forgiven). A syntax error, a bad header, no rows or more than MAX_CSV_ROWS: one error, by its line.
 */
export function readProductCsv(text: string): { ok: true; sheet: ProductCsvSheet } | { ok: false; errors: CsvRowError[] } {
  let records;
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) return { ok: false, errors: [{ line: error.line, message: `Arquivo CSV inválido: ${error.message}.` }] };
    throw error;
  }
  const [header, ...rows] = records;
  if (!header) return { ok: false, errors: [{ line: 1, message: "O arquivo está vazio." }] };

  const columns = header.cells.map(headerName);
  const headerErrors: string[] = [];
  columns.forEach((column, position) => {
    if (!column) headerErrors.push(`a coluna ${position + 1} não tem nome`);
    else if (!KNOWN_COLUMNS.includes(column)) headerErrors.push(`coluna desconhecida “${header.cells[position]?.trim()}”`);
    else if (columns.indexOf(column) !== position) headerErrors.push(`coluna “${column}” repetida`);
  });
  for (const required of REQUIRED_COLUMNS) {
    if (!columns.includes(required)) headerErrors.push(`falta a coluna “${required}”`);
  }
  const legacy = LEGACY_COLUMNS.some((column) => columns.includes(column));
  const variantColumns = VARIANT_COLUMNS.filter((column) => columns.includes(column));
  if (legacy && variantColumns.length) {
    headerErrors.push(
      `as colunas “tamanhos” e “cores” (formato antigo, uma linha por produto) não combinam com ${variantColumns.map((column) => `“${column}”`).join(", ")} (uma linha por tamanho e cor)`,
    );
  }
  if (headerErrors.length) return { ok: false, errors: [{ line: header.line, message: `Cabeçalho: ${headerErrors.join("; ")}.` }] };
  if (rows.length === 0) return { ok: false, errors: [{ line: header.line, message: "O arquivo não tem produtos (só o cabeçalho)." }] };
  if (rows.length > MAX_CSV_ROWS) {
    return {
      ok: false,
      errors: [{ line: header.line, message: `O arquivo tem ${rows.length.toLocaleString("pt-BR")} linhas; o máximo é ${MAX_CSV_ROWS.toLocaleString("pt-BR")}.` }],
    };
  }
  const ids = new Set<number>();
  for (const row of rows) {
    const id = parseId(cellOf(columns, row.cells, "id"));
    if (id !== null) ids.add(id);
  }
  return { ok: true, sheet: { columns, rows, ids: [...ids], legacy } };
}

/** The rows of one product, in file order. */
type Group = { id: number | null; rows: CsvRecord[] };

/** Problems by line, reported in line order with all of a line's problems in one message. */
class Problems {
  private readonly byLine = new Map<number, string[]>();
  /** Problems so far: a check compares it before and after. */
  count = 0;
  add(line: number, problem: string) {
    this.count += 1;
    const list = this.byLine.get(line) ?? [];
    list.push(problem);
    this.byLine.set(line, list);
  }
  errors(): CsvRowError[] {
    return [...this.byLine.entries()].sort(([a], [b]) => a - b).map(([line, problems]) => ({ line, message: `${problems.join("; ")}.` }));
  }
}

/** A product column's value as compared across a product's rows ('Sim' and 'sim' agree). */
function comparable(column: Column, text: string, stores: readonly StoreOption[]): string {
  if (column === "destaque" || column === "ativo") return String(parseYesNo(text) ?? text);
  if (column === "loja") return storeOptionFromText(stores, text) ?? text;
  if (column === "categoria") return categoryFromText(text) ?? text;
  return text;
}

/**
 * Every product of the file checked with the product form's rules. Rows with an id belong to that
 * product (wherever they are in the file) and start from it in `existing` (columns the file leaves out
 * keep their values); consecutive rows without one and with the same `nome` and `loja` are one new
 * product. Problems are reported by the line they are on: a product's own columns on its first row,
 * a variant's on its row. `loja` names one of `stores` (the database's).
 */
export function validateProductCsv(
  sheet: ProductCsvSheet,
  existing: ReadonlyMap<number, EditableProduct>,
  stores: readonly StoreOption[],
): { valid: ProductCsvProduct[]; errors: CsvRowError[] } {
  const { columns } = sheet;
  const problems = new Problems();
  const cell = (row: CsvRecord, column: Column | LegacyColumn) => cellOf(columns, row.cells, column);

  // Rows → products.
  const groups: Group[] = [];
  const byId = new Map<number, Group>();
  const newByKey = new Map<string, Group>();
  let previous: Group | null = null;
  for (const row of sheet.rows) {
    if (row.cells.length !== columns.length) {
      problems.add(row.line, `esperadas ${columns.length} colunas, encontradas ${row.cells.length}`);
      continue;
    }
    const idText = cell(row, "id") ?? "";
    if (idText) {
      const id = parseId(idText);
      if (id === null) problems.add(row.line, `id: “${idText}” não é um número de produto`);
      else if (!existing.has(id)) problems.add(row.line, `id: não existe produto com id ${id}`);
      else if (sheet.legacy && byId.has(id)) problems.add(row.line, `id: o produto ${id} já aparece na linha ${byId.get(id)!.rows[0]!.line}`);
      else {
        let group = byId.get(id);
        if (!group) {
          group = { id, rows: [] };
          byId.set(id, group);
          groups.push(group);
        }
        group.rows.push(row);
        previous = group;
      }
      continue;
    }
    // A new product: in the old layout every row is one.
    const key = JSON.stringify([cell(row, "nome") ?? "", comparable("loja", cell(row, "loja") ?? "", stores)]);
    const earlier = sheet.legacy ? undefined : newByKey.get(key);
    if (earlier && earlier === previous) {
      earlier.rows.push(row);
      continue;
    }
    if (earlier) {
      const lines = earlier.rows.map((other) => other.line);
      problems.add(
        row.line,
        `nome: o produto novo “${cell(row, "nome")}” já aparece ${lines.length === 1 ? "na linha" : "nas linhas"} ${lines.join(", ")}; as linhas de um produto devem vir juntas`,
      );
      continue;
    }
    const group: Group = { id: null, rows: [row] };
    newByKey.set(key, group);
    groups.push(group);
    previous = group;
  }

  const valid: ProductCsvProduct[] = [];
  for (const group of groups) {
    const product = group.id === null ? null : existing.get(group.id)!;
    const checked = sheet.legacy ? checkLegacyProduct(sheet, group, product, problems, stores) : checkProduct(sheet, group, product, problems, stores);
    if (checked) valid.push(checked);
  }
  return { valid, errors: problems.errors() };
}

/**
 * The product's columns from its first row, onto the form values (problems on that row); true when
 * `loja` names no store (its message already says so, the form's own is left out).
 */
function applyProductColumns(columns: string[], row: CsvRecord, values: ProductFormInput, problems: Problems, stores: readonly StoreOption[]): boolean {
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

/**
 * The form's rules on the product; each message on the line it belongs to (`lineOf` says which for a
 * field, else the product's first row).
 */
function parseProduct(
  values: ProductFormInput,
  at: { firstLine: number; unknownStore: boolean; lineOf: (field: string) => number | undefined; columnOf: (field: string) => string },
  problems: Problems,
): ProductFormData | null {
  const parsed = productFormSchema.safeParse(values);
  if (parsed.success) return parsed.data;
  for (const [field, message] of Object.entries(fieldErrors(parsed.error))) {
    if (field === "store" && at.unknownStore) continue;
    problems.add(at.lineOf(field) ?? at.firstLine, `${at.columnOf(field)}: ${message}`);
  }
  return null;
}

/** A product of the current layout: a row per variant. */
function checkProduct(sheet: ProductCsvSheet, group: Group, product: EditableProduct | null, problems: Problems, stores: readonly StoreOption[]): ProductCsvProduct | null {
  const { columns } = sheet;
  const [first, ...others] = group.rows as [CsvRecord, ...CsvRecord[]];
  const errorsBefore = problems.count;
  const values: ProductFormInput = product ? { ...productToFormInput(product), stock: {} } : { stock: {}, sizes: [], colors: [], active: "on" };
  const unknownStore = applyProductColumns(columns, first, values, problems, stores);

  // The product's columns agree on all its rows.
  for (const row of others) {
    for (const column of PRODUCT_COLUMNS) {
      const text = cellOf(columns, row.cells, column);
      const firstText = cellOf(columns, first.cells, column)!;
      if (text !== undefined && comparable(column, text, stores) !== comparable(column, firstText, stores)) {
        problems.add(row.line, `${column}: “${text}” é diferente da linha ${first.line} (“${firstText}”); as colunas do produto devem ser iguais em todas as suas linhas`);
      }
    }
  }

  // Sizes and colours in order of first appearance; 'preto' on a later row is the 'Preto' of an earlier one.
  const axis = (column: "tamanho" | "cor") => {
    const values: string[] = [];
    const byKey = new Map<string, string>();
    const named = group.rows.map((row) => optionText(cellOf(columns, row.cells, column) ?? ""));
    for (const text of named) {
      const key = normalizeSearchText(text);
      if (text && !byKey.has(key)) {
        byKey.set(key, text);
        values.push(text);
      }
    }
    return { values, of: (index: number) => byKey.get(normalizeSearchText(named[index]!)) ?? "" };
  };
  const sizes = axis("tamanho");
  const colors = axis("cor");
  for (const [column, stored, what] of [
    ["tamanho", product?.sizes ?? [], "tamanhos"],
    ["cor", product?.colors ?? [], "cores"],
  ] as const) {
    if (!columns.includes(column) && stored.length) {
      problems.add(first.line, `${column}: o produto tem ${what} (${stored.join(", ")}); o arquivo precisa da coluna “${column}”, uma linha por ${column}`);
    }
  }

  const lineOfKey = new Map<string, number>();
  const skus = columns.includes("sku") ? new Map<string, string>() : null;
  group.rows.forEach((row, index) => {
    const size = sizes.of(index);
    const color = colors.of(index);
    const missing = [
      !size && sizes.values.length ? "tamanho: informe o tamanho, como nas outras linhas do produto" : "",
      !color && colors.values.length ? "cor: informe a cor, como nas outras linhas do produto" : "",
    ].filter(Boolean);
    if (missing.length) {
      missing.forEach((problem) => problems.add(row.line, problem));
      return;
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
      return;
    }
    lineOfKey.set(key, row.line);
    values.stock[key] = cellOf(columns, row.cells, "estoque") ?? "";
    if (skus) {
      const sku = cellOf(columns, row.cells, "sku") ?? "";
      if (sku.length > MAX_SKU_LENGTH) problems.add(row.line, `sku: Use no máximo ${MAX_SKU_LENGTH} caracteres`);
      skus.set(key, sku);
    }
  });
  values.sizes = sizes.values;
  values.colors = colors.values;

  const tooLongAt = (column: "tamanho" | "cor", max: number) =>
    group.rows.find((row) => optionText(cellOf(columns, row.cells, column) ?? "").length > max)?.line;
  const input = parseProduct(
    values,
    {
      firstLine: first.line,
      unknownStore,
      lineOf: (field) => {
        if (field.startsWith("stock.")) return lineOfKey.get(field.slice("stock.".length));
        if (field === "sizes") return tooLongAt("tamanho", PRODUCT_LIMITS.size);
        if (field === "colors") return tooLongAt("cor", PRODUCT_LIMITS.color);
        return undefined;
      },
      columnOf: (field) => (field.startsWith("stock.") ? "estoque" : (COLUMN_OF[field] ?? field)),
    },
    problems,
  );
  if (!input || problems.count > errorsBefore) return null;

  // Counted again (any unit changed, or a size or colour added or gone): the clerk has seen the shelf.
  const stockChanged =
    !product ||
    product.variants.length !== input.variants.length ||
    input.variants.some((variant) => product.variants.find((old) => old.size === variant.size && old.color === variant.color)?.stock !== variant.stock);
  return { line: first.line, id: group.id, input, skus, stockNeedsReview: stockChanged ? false : null };
}

/**
 * A total spread over a product's variants as migration 0011 did: as evenly as whole units allow, the
 * first variants taking the remainder.
 */
export function spreadStock(total: number, cells: number): number[] {
  return Array.from({ length: cells }, (_, index) => Math.floor(total / cells) + (index < total % cells ? 1 : 0));
}

/**
 * A product of the old layout (one row, lists of sizes and colours, the total stock). Unchanged sizes,
 * colours and total keep the product's stock per variant as it is; otherwise the total is spread over
 * the variants (spreadStock) and, when that guessed anything, the product is flagged for the clerk to
 * count, as the migration did.
 */
function checkLegacyProduct(sheet: ProductCsvSheet, group: Group, product: EditableProduct | null, problems: Problems, stores: readonly StoreOption[]): ProductCsvProduct | null {
  const { columns } = sheet;
  const row = group.rows[0]!;
  const errorsBefore = problems.count;
  const values: ProductFormInput = product ? productToFormInput(product) : { stock: {}, sizes: [], colors: [], active: "on" };
  const unknownStore = applyProductColumns(columns, row, values, problems, stores);
  const tamanhos = cellOf(columns, row.cells, "tamanhos");
  const cores = cellOf(columns, row.cells, "cores");
  if (tamanhos !== undefined) values.sizes = splitList(tamanhos);
  if (cores !== undefined) values.colors = splitList(cores);
  // The total goes through the form's rules as one cell; spread below.
  const totalText = cellOf(columns, row.cells, "estoque") ?? "";
  values.stock = { total: totalText };
  const input = parseProduct(
    values,
    {
      firstLine: row.line,
      unknownStore,
      lineOf: () => row.line,
      columnOf: (field) => (field.startsWith("stock.") ? "estoque" : field === "sizes" ? "tamanhos" : field === "colors" ? "cores" : (COLUMN_OF[field] ?? field)),
    },
    problems,
  );
  if (!input || problems.count > errorsBefore) return null;

  const total = Number(totalText);
  const stored = product?.variants ?? [];
  const sameGrid =
    stored.length === input.variants.length && input.variants.every((variant, index) => stored[index]?.size === variant.size && stored[index]?.color === variant.color);
  if (product && sameGrid && stored.reduce((sum, variant) => sum + variant.stock, 0) === total) {
    return { line: row.line, id: group.id, input: { ...input, variants: stored.map((variant) => ({ ...variant })) }, skus: null, stockNeedsReview: null };
  }
  const units = spreadStock(total, input.variants.length);
  return {
    line: row.line,
    id: group.id,
    input: { ...input, variants: input.variants.map((variant, index) => ({ ...variant, stock: units[index]! })) },
    skus: null,
    stockNeedsReview: input.variants.length > 1 && total > 0,
  };
}
