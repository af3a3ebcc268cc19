// A supplier's NF-e as the receiving screen shows it (/admin/entradas, docs/receiving.md): the note read
// from its XML, each item's match to a size × colour, and the rules for units and costs that the page
// and the server share. The XML itself is read on the server (app/server/receiving/note-xml.server.ts).
import { SHOP_TIME_ZONE } from "../format/shop-time";

export const RECEIVING_PATH = "/admin/entradas";

/** One upload (an XML or a ZIP of several): the CSV import's 2 MB; a supplier's NF-e is some tens of KB. */
export const NOTE_UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
export const NOTE_UPLOAD_TOO_LARGE_MESSAGE = `O arquivo deve ter no máximo ${NOTE_UPLOAD_MAX_BYTES / (1024 * 1024)} MB.`;
/** A ZIP: at most this many files, and this much once unpacked (declared sizes, checked before unpacking). */
export const ZIP_MAX_ENTRIES = 50;
export const ZIP_MAX_UNPACKED_BYTES = 20 * 1024 * 1024;

/** One item (det) of the note, as the supplier wrote it. */
export type NoteItem = {
  /** nItem. */
  item: number;
  supplierCode: string;
  /** cEAN when it is a valid GTIN; "" for "SEM GTIN" or none. */
  ean: string;
  description: string;
  ncm: string;
  cfop: string;
  /** uCom, as written ("PAR", "CX"). */
  unit: string;
  /** qCom as written ("12.0000"). */
  quantity: string;
  /** vProd, centavos. */
  totalCents: number;
};

export type SupplierNote = {
  chave: string;
  number: number;
  series: number;
  /** dhEmi as ISO. */
  issuedAt: string;
  supplierCnpj: string;
  supplierName: string;
  /** dest CNPJ ("" when the recipient is a person). */
  recipientCnpj: string;
  goodsCents: number;
  items: NoteItem[];
};

/** How an item found its size × colour. */
export type MatchSource = "ean" | "learnt";

export type MatchedVariant = { variantId: number; productId: number; productName: string; size: string; color: string; priceCents: number | null };

/** An item with what the shop knows of it: its sure match (or none: the clerk picks) and units per box. */
export type ReceivingItem = NoteItem & {
  match: (MatchedVariant & { source: MatchSource }) | null;
  /** Learnt for a box unit; null when the unit is a box never converted. */
  unitsPerBox: number | null;
};

export type ReceivingPreview = {
  note: SupplierNote;
  /** The group's store whose CNPJ is the recipient's; null: the clerk chooses. */
  storeId: number | null;
  items: ReceivingItem[];
  /** The XML as read, sent back with "Dar entrada" (the server reads it again). */
  xml: string;
  fileName: string;
};

/** Units the supplier counts one by one (a pair of shoes is one unit); any other unit is a box to convert. */
const SINGLE_UNITS = new Set(["UN", "UND", "UNID", "UNIDADE", "PR", "PAR", "PARES", "PC", "PÇ", "PCA", "PEÇA", "PECA"]);

export function isBoxUnit(unit: string): boolean {
  return !SINGLE_UNITS.has(unit.trim().toUpperCase());
}

/** "12.0000" × units per box → whole units, or null when it is not a whole number. */
export function unitsOf(quantity: string, unitsPerBox: number): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,4}))?$/.exec(quantity.trim());
  if (!match || !Number.isInteger(unitsPerBox) || unitsPerBox < 1) return null;
  const tenThousandths = Number(match[1]) * 10_000 + Number((match[2] ?? "").padEnd(4, "0"));
  const total = tenThousandths * unitsPerBox;
  return total % 10_000 === 0 ? total / 10_000 : null;
}

/** "59.90" (a decimal as the XML writes money) → 5990 centavos; null when not such a number. */
export function decimalToCents(value: string): number | null {
  const match = /^(\d{1,11})(?:\.(\d{1,10}))?$/.exec(value.trim());
  if (!match) return null;
  const fraction = (match[2] ?? "").padEnd(3, "0");
  // Rounded half up at the third decimal.
  return Number(match[1]) * 100 + Number(fraction.slice(0, 2)) + (Number(fraction[2]) >= 5 ? 1 : 0);
}

/** The cost of one unit: the item's total spread over the units the note says, centavos. */
export function unitCostCents(totalCents: number, units: number): number {
  return units > 0 ? Math.round(totalCents / units) : 0;
}

/** 123456 → "000.123.456": the note's number as the DANFE prints it, nine digits in groups of three. */
export function formatNoteNumber(number: number): string {
  return String(number).padStart(9, "0").replace(/(\d{3})(?=\d)/g, "$1.");
}

const dayMonth = new Intl.DateTimeFormat("pt-BR", { timeZone: SHOP_TIME_ZONE, day: "2-digit", month: "2-digit" });

/** The answer to a note already received, by upload or by a second clerk at the same time. */
export function alreadyReceivedMessage(note: { number: number; supplierName: string; receivedAt: Date | string; receivedByName: string }): string {
  return `Nota ${formatNoteNumber(note.number)} de ${note.supplierName} já lançada em ${dayMonth.format(new Date(note.receivedAt))} por ${note.receivedByName}`;
}
