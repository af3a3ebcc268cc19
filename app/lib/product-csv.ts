// The product CSV (README "Product CSV"): its columns, the export's row, and the import's first half:
// a file's text → the rows the product form's rules accept, or every problem by its line in the file.
// No database here: the server reads the products the file updates (`ids`) before validating, and
// saves the valid rows in one transaction (app/server/catalog/product-csv.server.ts).
import { CsvSyntaxError, parseCsv, unguardFormula, type CsvRecord } from "./csv";
import { fieldErrors } from "./form-errors";
import { parseId } from "./ids";
import type { CsvRowError } from "./product-import";
import {
  categoryFromText,
  centsToInput,
  productFormSchema,
  productToFormInput,
  STORE_OPTIONS,
  storeOptionFromText,
  type EditableProduct,
  type ProductFormData,
  type ProductFormInput,
} from "./product.schema";

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
  "estoque",
  "tamanhos",
  "cores",
  "destaque",
  "ativo",
  "descricao",
] as const;
type Column = (typeof PRODUCT_CSV_COLUMNS)[number];

/** Sizes and colours in one cell. */
const CSV_LIST_SEPARATOR = "|";

export const MAX_CSV_ROWS = 5_000;

const yesNo = (value: boolean) => (value ? "sim" : "não");

/**
 * A product's cells in PRODUCT_CSV_COLUMNS order: prices as the form takes them ('129,90', empty =
 * 'Consultar preço'), `loja` as the form's store option label.
 */
export function productCsvCells(product: EditableProduct & { id: number }): (string | number)[] {
  return [
    product.id,
    product.name,
    product.category,
    product.subcategory,
    product.brand,
    STORE_OPTIONS.find((option) => option.value === product.store)?.label ?? "",
    centsToInput(product.priceCents),
    centsToInput(product.oldPriceCents),
    product.stock,
    product.sizes.join(CSV_LIST_SEPARATOR),
    product.colors.join(CSV_LIST_SEPARATOR),
    yesNo(product.featured),
    yesNo(product.active),
    product.description,
  ];
}

const REQUIRED_COLUMNS: Column[] = ["nome", "categoria", "loja", "preco", "estoque"];

/** Form field → CSV column, to name the column in a row's error. */
const COLUMN_OF: Record<string, Column> = {
  name: "nome",
  description: "descricao",
  price: "preco",
  oldPrice: "preco_antigo",
  category: "categoria",
  store: "loja",
  subcategory: "subcategoria",
  brand: "marca",
  stock: "estoque",
  sizes: "tamanhos",
  colors: "cores",
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

const splitList = (text: string) =>
  text
    .split(CSV_LIST_SEPARATOR)
    .map((item) => item.trim())
    .filter(Boolean);

/** A file whose header is right: its columns by name, in the file's order, and its product rows. */
export type ProductCsvSheet = {
  columns: string[];
  rows: CsvRecord[];
  /** The products the rows name by id: the server reads them before validateProductCsvRows. */
  ids: number[];
};

/** A row that passed: `id` null creates a product, else it updates that one. */
export type ProductCsvRow = { line: number; id: number | null; input: ProductFormData };

/** A cell by column name, the spreadsheet formula guard undone; undefined when the file has no such column. */
function cellOf(columns: string[], cells: string[], column: Column): string | undefined {
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
    else if (!(PRODUCT_CSV_COLUMNS as readonly string[]).includes(column)) headerErrors.push(`coluna desconhecida “${header.cells[position]?.trim()}”`);
    else if (columns.indexOf(column) !== position) headerErrors.push(`coluna “${column}” repetida`);
  });
  for (const required of REQUIRED_COLUMNS) {
    if (!columns.includes(required)) headerErrors.push(`falta a coluna “${required}”`);
  }
  if (headerErrors.length) return { ok: false, errors: [{ line: header.line, message: `Cabeçalho: ${headerErrors.join("; ")}.` }] };
  if (rows.length === 0) return { ok: false, errors: [{ line: header.line, message: "O arquivo não tem produtos (só o cabeçalho)." }] };
  if (rows.length > MAX_CSV_ROWS) {
    return { ok: false, errors: [{ line: header.line, message: `O arquivo tem ${rows.length} linhas de produtos; o máximo é ${MAX_CSV_ROWS}.` }] };
  }
  const ids = rows.flatMap((row) => {
    const id = cellOf(columns, row.cells, "id");
    const parsed = parseId(id);
    return parsed === null ? [] : [parsed];
  });
  return { ok: true, sheet: { columns, rows, ids } };
}

/**
 * Every row checked with the product form's rules. A row with an id starts from that product in
 * `existing` (columns the file leaves out keep their values); a row without one is a new product.
 * Each bad row is one error with all its problems, by its line in the file.
 */
export function validateProductCsvRows(
  { columns, rows }: ProductCsvSheet,
  existing: ReadonlyMap<number, EditableProduct>,
): { valid: ProductCsvRow[]; errors: CsvRowError[] } {
  const errors: CsvRowError[] = [];
  const valid: ProductCsvRow[] = [];
  const seenIds = new Map<number, number>();

  for (const row of rows) {
    if (row.cells.length !== columns.length) {
      errors.push({ line: row.line, message: `esperadas ${columns.length} colunas, encontradas ${row.cells.length}.` });
      continue;
    }
    const problems: string[] = [];
    const cell = (column: Column) => cellOf(columns, row.cells, column);
    let id: number | null = null;
    let base: ProductFormInput | null = null;
    const idText = cell("id") ?? "";
    if (idText) {
      const parsed = parseId(idText);
      if (parsed === null) {
        problems.push(`id: “${idText}” não é um número de produto`);
      } else {
        id = parsed;
        const product = existing.get(id);
        const earlier = seenIds.get(id);
        if (!product) problems.push(`id: não existe produto com id ${id}`);
        else if (earlier !== undefined) problems.push(`id: o produto ${id} já aparece na linha ${earlier}`);
        else base = productToFormInput(product);
        seenIds.set(id, earlier ?? row.line);
      }
    }

    const values: ProductFormInput = base ? { ...base } : { sizes: [], colors: [], active: "on" };
    const set = (column: Column, apply: (text: string) => void) => {
      const text = cell(column);
      if (text !== undefined) apply(text);
    };
    set("nome", (text) => (values.name = text));
    set("descricao", (text) => (values.description = text));
    set("categoria", (text) => (values.category = text ? (categoryFromText(text) ?? text) : ""));
    set("subcategoria", (text) => (values.subcategory = text));
    set("marca", (text) => (values.brand = text));
    set("loja", (text) => {
      values.store = storeOptionFromText(text) ?? "";
      if (text && !values.store) problems.push(`loja: “${text}” não é uma das lojas (${STORE_OPTIONS.map((option) => option.label).join(", ")})`);
    });
    set("preco", (text) => (values.price = text || undefined));
    if (columns.includes("preco_antigo")) set("preco_antigo", (text) => (values.oldPrice = values.price === undefined ? undefined : text));
    else if (values.price === undefined) values.oldPrice = undefined;
    set("estoque", (text) => (values.stock = text));
    set("tamanhos", (text) => (values.sizes = splitList(text)));
    set("cores", (text) => (values.colors = splitList(text)));
    for (const [column, field] of [["destaque", "featured"], ["ativo", "active"]] as const) {
      set(column, (text) => {
        const flag = parseYesNo(text);
        if (flag === null) problems.push(`${column}: use “sim” ou “não”`);
        else values[field] = flag ? "on" : undefined;
      });
    }

    const parsed = productFormSchema.safeParse(values);
    if (!parsed.success) {
      for (const [field, message] of Object.entries(fieldErrors(parsed.error))) {
        // The store's own message above already says what is wrong.
        if (field === "store" && problems.some((problem) => problem.startsWith("loja:"))) continue;
        problems.push(`${COLUMN_OF[field] ?? field}: ${message}`);
      }
    }
    if (problems.length || !parsed.success) {
      errors.push({ line: row.line, message: `${problems.join("; ")}.` });
      continue;
    }
    valid.push({ line: row.line, id, input: parsed.data });
  }
  return { valid, errors };
}
