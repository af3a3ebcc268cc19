// CSV files for the shop's staff and their spreadsheets. Excel in Brazil uses ';' between columns
// (the comma is the decimal separator) and needs a byte-order mark to read UTF-8 accents right, so
// files are written with both, by the small writer below with its formula guard. Reading is
// csv-parse's (RFC 4180 quotes, ';' or ',', any line ending), with the shop's own rules on top:
// Excel's rows of only separators are skipped, every record knows the line it starts on, and the
// bytes are decoded as Excel saved them (UTF-8, or Windows-1252 without a BOM).
import { CsvError, parse } from "csv-parse/sync";
import { withoutControlCharacters } from "~/lib/format/plain-text";

const CSV_SEPARATOR = ";";
const CSV_BOM = "\uFEFF";

/** Cells a spreadsheet would run as a formula ('=HYPERLINK(…)'): written with a leading apostrophe. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** `text` as a spreadsheet shows it and never runs it: a leading apostrophe before a formula's first character. */
export function guardFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

function cell(value: string | number | null | undefined, separator: string): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (typeof value === "string") text = guardFormula(text);
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
  const firstLine = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/, 1)[0] ?? "";
  const count = (char: string) => firstLine.split(char).length - 1;
  return count(",") > count(";") ? "," : ";";
}

/** What csv-parse's refusals mean, in the clerk's words. */
const SYNTAX_MESSAGES: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: "aspas abertas e não fechadas",
  CSV_INVALID_CLOSING_QUOTE: "há texto logo depois das aspas que fecham um campo (aspas dentro de um campo se escrevem dobradas: \"\")",
  INVALID_OPENING_QUOTE: "aspas no meio de um campo sem aspas (um campo com aspas deve começar e terminar com elas, e as de dentro se escrevem dobradas: \"\")",
  CSV_MAX_RECORD_SIZE: "uma linha longa demais (faltam aspas ou o separador?)",
};

/** Offsets (in bytes) where each line after the first starts. */
function lineStarts(bytes: Buffer): number[] {
  const starts: number[] = [];
  for (let index = 0; index < bytes.length; index += 1) {
    const byte = bytes[index];
    if (byte === 0x0a || (byte === 0x0d && bytes[index + 1] !== 0x0a)) starts.push(index + 1);
  }
  return starts;
}

/** The 1-based line of a byte offset (`starts` from lineStarts; binary search). */
function lineAt(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (starts[middle]! <= offset) low = middle + 1;
    else high = middle;
  }
  return low + 1;
}

/**
 * The file's records with the line each starts on (a quoted cell may span lines). Blank lines and
 * rows with no value (Excel's `;;;;;` after the data or for a formatted empty row) are skipped;
 * rows may have any number of cells (the caller says what it expected, by line). Cells keep no
 * control characters (C0 but tab and line breaks, DEL, C1, bidi controls). A broken quote is a
 * CsvSyntaxError on the line its record starts.
 */
export function readCsv(input: string, separator = detectSeparator(input)): CsvRecord[] {
  // Bytes, because csv-parse tells where each record ends as a byte offset.
  const bytes = Buffer.from(input.replace(/^\uFEFF/, ""), "utf8");
  const starts = lineStarts(bytes);
  // Where the last record read ended: a syntax error is in the record after it.
  let lastEnd = 0;
  let parsed: { record: string[]; info: { bytes: number } }[];
  try {
    parsed = parse(bytes, {
      delimiter: separator,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      info: true,
      on_record: (record, context) => {
        lastEnd = context.bytes;
        return record;
      },
    }) as unknown as typeof parsed;
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    // The first line after the last record that has anything on it.
    const rest = bytes.subarray(lastEnd).toString("utf8");
    const skipped = rest.length - rest.replace(/^[\s;,]*(\r\n|\r|\n)/, "").length;
    const line = lineAt(starts, lastEnd + Buffer.byteLength(rest.slice(0, skipped)));
    throw new CsvSyntaxError(line, SYNTAX_MESSAGES[error.code] ?? "formato inválido");
  }
  return parsed.map(({ record, info }) => {
    // csv-parse counts a CRLF inside quotes as two lines, so the start line is worked out here: the
    // line of the record's last character, less the line breaks inside its quoted cells.
    const end = info.bytes;
    const lineBreak = bytes[end - 1] === 0x0a ? (bytes[end - 2] === 0x0d ? 2 : 1) : bytes[end - 1] === 0x0d ? 1 : 0;
    const inside = record.reduce((sum, text) => sum + (text.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
    return { line: lineAt(starts, end - lineBreak - 1) - inside, cells: record.map(withoutControlCharacters) };
  });
}

export type DecodedCsv =
  | { ok: true; text: string; encoding: "utf-8" | "windows-1252" }
  | { ok: false; problem: "binary" }
  /** Some lines are UTF-8 with accents, others are not UTF-8 at all: two files pasted together. */
  | { ok: false; problem: "mixed-encoding"; lines: number[] };

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Windows-1252's 0x80–0x9F (“ ” ‘ ’ – — … € and others), where ISO-8859-1 has C1 controls. Node's
 * TextDecoder("windows-1252") decodes as ISO-8859-1, which is how “aspas” became U+0093. The five
 * bytes Windows-1252 leaves undefined stay controls, and readCsv drops them.
 */
const WINDOWS_1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";

function decodeWindows1252(bytes: Buffer): string {
  return bytes.toString("latin1").replace(/[\u0080-\u009f]/g, (char) => WINDOWS_1252_HIGH[char.charCodeAt(0) - 0x80]!);
}

function isUtf8(bytes: Uint8Array): boolean {
  try {
    utf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * A spreadsheet's bytes as text. UTF-8 when the whole file is valid UTF-8 (Excel's "CSV UTF-8", the
 * export); Windows-1252 when no line is UTF-8 beyond ASCII (Excel's default "CSV" on Windows, which
 * has “ ” – — … € where ISO-8859-1 has control characters). A file with lines of both is refused with
 * the lines that are not UTF-8: decoding it either way would garble one part ("TÃªnis").
 */
export function decodeCsvFile(bytes: Uint8Array): DecodedCsv {
  if (bytes.includes(0)) return { ok: false, problem: "binary" };
  if (isUtf8(bytes)) return { ok: true, text: new TextDecoder("utf-8").decode(bytes), encoding: "utf-8" };
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const starts = [0, ...lineStarts(buffer), buffer.length];
  const notUtf8: number[] = [];
  let utf8Accents = false;
  for (let index = 0; index + 1 < starts.length; index += 1) {
    const line = buffer.subarray(starts[index], starts[index + 1]);
    if (!isUtf8(line)) notUtf8.push(index + 1);
    else if (line.some((byte) => byte >= 0x80)) utf8Accents = true;
  }
  if (utf8Accents) return { ok: false, problem: "mixed-encoding", lines: notUtf8 };
  return { ok: true, text: decodeWindows1252(buffer), encoding: "windows-1252" };
}
