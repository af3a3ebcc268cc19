// CSV for spreadsheets opened by the shop's staff. Excel in Brazil uses ';' between columns (the comma
// is the decimal separator) and needs a byte-order mark to read UTF-8 accents right, so files are
// written with both; reading accepts ';' or ',' and quoted fields (RFC 4180).

const CSV_SEPARATOR = ";";
const CSV_BOM = "\uFEFF";

/** Cells a spreadsheet would run as a formula ('=HYPERLINK(…)'): written with a leading apostrophe. */
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: string | number | null | undefined, separator: string): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /["\r\n]/.test(text) || text.includes(separator) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole file: BOM, header, rows, CRLF line ends. */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[], separator = CSV_SEPARATOR): string {
  const lines = [header, ...rows].map((row) => row.map((value) => cell(value, separator)).join(separator));
  return `${CSV_BOM}${lines.join("\r\n")}\r\n`;
}

/** Undoes `toCsv`'s formula guard, so an exported file imports back unchanged. */
export function unguardFormula(text: string): string {
  return text.length > 1 && text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

export type CsvRecord = { /** 1-based line of the file where the record starts. */ line: number; cells: string[] };

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

/** The separator of a file: the one that splits its first line more. */
export function detectSeparator(text: string): ";" | "," {
  const firstLine = text.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "";
  const count = (char: string) => firstLine.split(char).length - 1;
  return count(",") > count(";") ? "," : ";";
}

/** Records with the line each starts on (a quoted cell may span lines); blank lines are skipped. */
export function parseCsv(input: string, separator = detectSeparator(input)): CsvRecord[] {
  const text = input.replace(/^\uFEFF/, "");
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let current = "";
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let cellStarted = false;

  const endRecord = () => {
    cells.push(current);
    if (cells.length > 1 || cells[0] !== "") records.push({ line: recordLine, cells });
    cells = [];
    current = "";
    cellStarted = false;
  };

  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          current += '"';
          index += 1;
        } else {
          quoted = false;
        }
      } else {
        if (char === "\n") line += 1;
        current += char;
      }
      continue;
    }
    if (char === '"' && !cellStarted) {
      quoted = true;
      cellStarted = true;
    } else if (char === separator) {
      cells.push(current);
      current = "";
      cellStarted = false;
    } else if (char === "\r" || char === "\n") {
      if (char === "\r" && text[index + 1] === "\n") index += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else {
      current += char;
      cellStarted = true;
    }
  }
  if (quoted) throw new CsvSyntaxError(recordLine, "aspas abertas e não fechadas");
  if (current !== "" || cells.length > 0) endRecord();
  return records;
}
