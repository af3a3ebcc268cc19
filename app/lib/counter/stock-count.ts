// The stock count ("balanço") of a store as the phone shows and sends it.
import { z } from "~/lib/forms/validation";
import { idSchema } from "../forms/ids";
import { unitsField } from "./counter-sale";

/** Units of a shelf that open orders (pending, processing) hold: still on it, no longer the system's to sell. */
export type HeldUnits = { units: number; orders: { code: string; units: number }[] };

/** One counted shelf: what was on it when it was typed, what the system said then, and what applying makes it. */
export type StockCountLine = {
  variantId: number;
  productId: number;
  name: string;
  size: string;
  color: string;
  counted: number;
  /** The system's free units when it was counted, and the units open orders held then. */
  stockAtCount: number;
  heldAtCount: number;
  countedAt: string;
  /** The product's price now (null: 'Consultar preço'), for the difference's value. */
  priceCents: number | null;
  /** The system's units before the count is applied (now, or when it was applied) and after it. */
  before: number;
  after: number;
};

/** A store's open count. */
export type StockCountView = {
  id: number;
  startedAt: string;
  startedByName: string;
  lines: StockCountLine[];
  /** The units open orders hold at this store, by size × colour (variant id). */
  held: Record<number, HeldUnits>;
};

/** A count once applied: what each shelf was and became. */
export type AppliedStockCountView = { id: number; appliedAt: string; appliedByName: string; lines: StockCountLine[] };

/**
 * The shelf after the count (docs/counter.md): counted, less the units open orders held when it was
 * counted (on the shelf, already sold), plus whatever moved since it was counted; never below 0.
 */
export function shelfAfterCount(line: { counted: number; heldAtCount: number; stockAtCount: number }, unitsNow: number): number {
  return Math.max(0, line.counted - line.heldAtCount + (unitsNow - line.stockAtCount));
}

/** "1 reservado para o pedido #C565D110", "3 reservados para os pedidos #A1 (2) e #B2 (1)". */
export function heldLabel(held: HeldUnits): string {
  const units = `${held.units} ${held.units === 1 ? "reservado" : "reservados"}`;
  if (held.orders.length === 1) return `${units} para o pedido #${held.orders[0]!.code}`;
  const codes = held.orders.map((order) => `#${order.code} (${order.units})`);
  return `${units} para os pedidos ${codes.slice(0, -1).join(", ")} e ${codes.at(-1)}`;
}

/** A shelf's difference in the system: units (after − before) and their value at the product's price (null: no price). */
export function lineDifference(line: Pick<StockCountLine, "before" | "after" | "priceCents">): { units: number; cents: number | null } {
  const units = line.after - line.before;
  return { units, cents: line.priceCents === null ? null : units * line.priceCents };
}

export type DifferenceSummary = {
  /** Units the system had that the shelf did not (and their value), and the reverse. */
  missing: { units: number; cents: number };
  extra: { units: number; cents: number };
  /** Shelves whose number changes. */
  changed: number;
  /** Changed shelves of products without a price: their units are in the sums, no value. */
  unpriced: number;
};

export function differenceSummary(lines: readonly Pick<StockCountLine, "before" | "after" | "priceCents">[]): DifferenceSummary {
  const summary: DifferenceSummary = { missing: { units: 0, cents: 0 }, extra: { units: 0, cents: 0 }, changed: 0, unpriced: 0 };
  for (const line of lines) {
    const { units, cents } = lineDifference(line);
    if (units === 0) continue;
    summary.changed += 1;
    if (cents === null) summary.unpriced += 1;
    const side = units < 0 ? summary.missing : summary.extra;
    side.units += Math.abs(units);
    side.cents += Math.abs(cents ?? 0);
  }
  return summary;
}

export const MAX_COUNTED_UNITS = 100_000;

/** One shelf counted: what the phone posts. */
export const countLineSchema = z.object({
  countId: idSchema,
  variantId: idSchema,
  counted: unitsField("Informe quantas unidades há na prateleira", 0, MAX_COUNTED_UNITS, `No máximo ${MAX_COUNTED_UNITS} unidades`),
});

function unitsWord(units: number): string {
  return `${units} ${units === 1 ? "unidade" : "unidades"}`;
}

/**
 * The summary of a count's differences in pt-BR: "faltam 2 unidades (−R$ 159,80); sobra 1 unidade
 * (+R$ 59,90)" before it is applied, "faltaram … sobrou …" after.
 */
export function differenceSentence(summary: DifferenceSummary, tense: "before" | "after", formatMoney: (cents: number) => string): string {
  if (summary.changed === 0) return tense === "before" ? "Nenhuma diferença entre o sistema e o contado." : "Nenhuma diferença entre o sistema e o contado: nada mudou.";
  const parts: string[] = [];
  const { missing, extra } = summary;
  if (missing.units > 0) {
    const verb = tense === "before" ? (missing.units === 1 ? "falta" : "faltam") : missing.units === 1 ? "faltou" : "faltaram";
    parts.push(`${verb} ${unitsWord(missing.units)} (−${formatMoney(missing.cents)})`);
  }
  if (extra.units > 0) {
    const verb = tense === "before" ? (extra.units === 1 ? "sobra" : "sobram") : extra.units === 1 ? "sobrou" : "sobraram";
    parts.push(`${verb} ${unitsWord(extra.units)} (+${formatMoney(extra.cents)})`);
  }
  const sentence = parts.join("; ");
  const unpriced = summary.unpriced > 0 ? ` ${summary.unpriced === 1 ? "Um item sem preço não entra" : `${summary.unpriced} itens sem preço não entram`} no valor.` : "";
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.${unpriced}`;
}
