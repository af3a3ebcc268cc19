/** What /admin/importar reports: per starter product, and for a CSV file. */

export type StarterResult =
  | { index: number; name: string; status: "created"; id: number }
  | { index: number; name: string; status: "exists"; id: number }
  | { index: number; name: string; status: "error"; message: string };

export type CsvRowError = { /** Line in the file (the header is line 1). */ line: number; message: string };

export type CsvImportResult = { ok: true; created: number; updated: number } | { ok: false; errors: CsvRowError[] };

/** The resource route the import page posts each starter product to. */
export const STARTER_IMPORT_PATH = "/admin/importar/produto-inicial";

export const CSV_MAX_BYTES = 2 * 1024 * 1024;
