// The product CSV's first checks: the file reads as CSV, its header names known columns (each once,
// the required ones present), and it has rows, not too many. Each refusal is one error by its line.
import { parseId } from "~/lib/forms/ids";
import type { CsvRowError } from "~/lib/catalog/product-import";
import { CsvSyntaxError, readCsv, type CsvRecord } from "../../files/csv.server";
import { cellOf, headerName, HOME_STOCK_COLUMN, LEGACY_HOME_STOCK_COLUMN, PRODUCT_CSV_COLUMNS, REQUIRED_COLUMNS, storeExportedColumn, storeStockColumn } from "./columns.server";

/** Rows, i.e. variants, in one file. */
export const MAX_CSV_ROWS = 20_000;

const KNOWN_COLUMNS: readonly string[] = PRODUCT_CSV_COLUMNS;

/**
 * The layout before stock per variant (a row per product, sizes and colours as lists). Files in it
 * came from the shop before its first release; the header says how to get one in today's layout.
 */
const PRE_VARIANT_COLUMNS = ["tamanhos", "cores"];

/** A file whose header is right: its columns by name, in the file's order, and its rows. */
export type ProductCsvSheet = {
  columns: string[];
  rows: CsvRecord[];
  /** The products the rows name by id: the server reads them before validateProductCsv. */
  ids: number[];
  /**
   * The own store's units column as the file names it, for messages: `estoque_loja_principal`, or
   * `estoque` in a file exported before (read into `columns` as `estoque_loja_principal`).
   */
  homeStockColumn: string;
};

function headerProblems(header: CsvRecord, columns: string[], storeSlugs: readonly string[]): string[] {
  const problems: string[] = [];
  const known = [...KNOWN_COLUMNS, LEGACY_HOME_STOCK_COLUMN, ...storeSlugs.flatMap((slug) => [storeStockColumn(slug), storeExportedColumn(slug)])];
  const preVariant = PRE_VARIANT_COLUMNS.filter((column) => columns.includes(column));
  if (preVariant.length) {
    problems.push(
      `${preVariant.map((column) => `“${column}”`).join(" e ")} ${preVariant.length === 1 ? "é coluna" : "são colunas"} do formato antigo (uma linha por produto); exporte o CSV de novo: hoje cada linha é um tamanho e cor, com as colunas “tamanho” e “cor”`,
    );
  }
  columns.forEach((column, position) => {
    if (PRE_VARIANT_COLUMNS.includes(column)) return;
    if (!column) problems.push(`a coluna ${position + 1} não tem nome`);
    else if (!known.includes(column)) problems.push(`coluna desconhecida “${header.cells[position]?.trim()}”`);
    else if (columns.indexOf(column) !== position) problems.push(`coluna “${column}” repetida`);
  });
  // A store's units without its units at the export could undo a sale made since (and the reverse means nothing).
  for (const slug of storeSlugs) {
    const [units, exported] = [storeStockColumn(slug), storeExportedColumn(slug)];
    if (columns.includes(units) !== columns.includes(exported)) problems.push(`falta a coluna “${columns.includes(units) ? exported : units}” (as colunas de estoque de cada loja vêm em par)`);
  }
  if (columns.includes(LEGACY_HOME_STOCK_COLUMN) && columns.includes(HOME_STOCK_COLUMN)) {
    problems.push(`“${LEGACY_HOME_STOCK_COLUMN}” é o nome antigo de “${HOME_STOCK_COLUMN}”; deixe só “${HOME_STOCK_COLUMN}”`);
  }
  for (const required of REQUIRED_COLUMNS) {
    if (!columns.includes(required) && !(required === HOME_STOCK_COLUMN && columns.includes(LEGACY_HOME_STOCK_COLUMN))) problems.push(`falta a coluna “${required}”`);
  }
  return problems;
}

/**
 * The file's records under a header of known columns (accents, case and spaces in the header are
 * forgiven; `storeSlugs` name the stores whose `estoque_<store>` columns are known). A syntax error, a bad header, no rows or more than MAX_CSV_ROWS: one error, by its line.
 */
export function readProductCsv(text: string, storeSlugs: readonly string[] = []): { ok: true; sheet: ProductCsvSheet } | { ok: false; errors: CsvRowError[] } {
  let records;
  try {
    records = readCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) return { ok: false, errors: [{ line: error.line, message: `Arquivo CSV inválido: ${error.message}.` }] };
    throw error;
  }
  const [header, ...rows] = records;
  if (!header) return { ok: false, errors: [{ line: 1, message: "O arquivo está vazio." }] };

  const names = header.cells.map(headerName);
  const problems = headerProblems(header, names, storeSlugs);
  if (problems.length) return { ok: false, errors: [{ line: header.line, message: `Cabeçalho: ${problems.join("; ")}.` }] };
  const homeStockColumn = names.includes(LEGACY_HOME_STOCK_COLUMN) ? LEGACY_HOME_STOCK_COLUMN : HOME_STOCK_COLUMN;
  const columns = names.map((name) => (name === LEGACY_HOME_STOCK_COLUMN ? HOME_STOCK_COLUMN : name));
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
  return { ok: true, sheet: { columns, rows, ids: [...ids], homeStockColumn } };
}
