/** What /admin/importar reports: per starter product, and for a CSV file. */

export type StarterResult =
  | { index: number; name: string; status: "created"; id: number }
  | { index: number; name: string; status: "exists"; id: number }
  | { index: number; name: string; status: "error"; message: string };

export type CsvRowError = { /** Line in the file (the header is line 1). */ line: number; message: string };

/** Counted as the audit log counts them: an update that changed nothing is `unchanged`. */
export type CsvImportResult = { ok: true; created: number; updated: number; unchanged: number } | { ok: false; errors: CsvRowError[] };

/** The resource route the import page posts each starter product to. */
export const STARTER_IMPORT_PATH = "/admin/importar/produto-inicial";

export const CSV_MAX_BYTES = 2 * 1024 * 1024;
/** "2 MB": the limit as the page and its refusal say it. */
export const CSV_MAX_SIZE_LABEL = `${CSV_MAX_BYTES / (1024 * 1024)} MB`;
export const CSV_TOO_LARGE_MESSAGE = `O arquivo CSV deve ter no máximo ${CSV_MAX_SIZE_LABEL}.`;
