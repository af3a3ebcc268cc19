// Prices as people type them into the admin's forms and the CSV: read into centavos, and written back
// the same way into a form's field or a spreadsheet. Kept apart from money.ts, which every storefront
// page loads to show prices: only the forms and exports that handle a typed price need this.
/** Shown when a price uses a dot in a way that could be read two ways ("129.9", "1,234.56"). */
export const PRICE_FORMAT_MESSAGE = "Use o formato 1.234,56 (ponto nos milhares, vírgula nos centavos)";

export type ParsedPrice = { ok: true; cents: number } | { ok: false; problem: "format" | "invalid" };

/**
 * The most any typed amount may be (a price, a coupon, a fee, cash received): R$ 1.000.000,00, far
 * above anything the shops sell and far below PostgreSQL's integer (R$ 21.474.836,47), so an amount
 * typed by mistake is a field message and never a database error.
 */
export const MAX_MONEY_CENTS = 100_000_000;
export const MONEY_TOO_LARGE_MESSAGE = "Valor acima do máximo de R$ 1.000.000,00";

/** readBRL within MAX_MONEY_CENTS: `too-large` past it. */
export function readMoneyAmount(input: string): ParsedPrice | { ok: false; problem: "too-large" } {
  const price = readBRL(input);
  return price.ok && price.cents > MAX_MONEY_CENTS ? { ok: false, problem: "too-large" } : price;
}

/** Reais with dots grouping thousands: '2500', '2.500', '1.234.567'. */
const WHOLE_REAIS = /^(?:\d+|\d{1,3}(?:\.\d{3})+)$/;

/**
 * A price as a person in Brazil types it, in centavos. A dot groups thousands and only that ('2.500'
 * is two thousand five hundred, never R$ 2,50); the comma starts the centavos ('2,5', '129,90',
 * '2.500,00'). One dot followed by exactly two digits and nothing else ('89.90', '1234.56') can
 * only be a decimal point (a thousands dot takes three digits), so it is read as one. Any other dot
 * used as a decimal point ('129.9', '1,234.56', '1.234.56') is `format`: refused rather than guessed,
 * since reading it either way can put a price live a hundred times off.
 */
export function readBRL(input: string): ParsedPrice {
  const text = input.replace(/R\$|\s|\u00a0/g, "");
  const dotDecimal = /^(\d+)\.(\d{2})$/.exec(text);
  if (dotDecimal) {
    const cents = Number(dotDecimal[1]) * 100 + Number(dotDecimal[2]);
    return Number.isSafeInteger(cents) ? { ok: true, cents } : { ok: false, problem: "invalid" };
  }
  const [reais = "", centavos, ...more] = text.split(",");
  if (more.length === 0 && WHOLE_REAIS.test(reais) && (centavos === undefined || /^\d{1,2}$/.test(centavos))) {
    const cents = Number(reais.replace(/\./g, "")) * 100 + Number((centavos ?? "").padEnd(2, "0"));
    return Number.isSafeInteger(cents) ? { ok: true, cents } : { ok: false, problem: "invalid" };
  }
  return { ok: false, problem: /^[\d.,]+$/.test(text) && /\.(?!\d{3}(?:\D|$))/.test(text) ? "format" : "invalid" };
}

/** readBRL's centavos; null when the text is not a price. */
export function parseBRL(input: string): number | null {
  const price = readBRL(input);
  return price.ok ? price.cents : null;
}

/**
 * Centavos as people write them in a form field or a spreadsheet: 123450 → "1234,50". A decimal comma,
 * no thousands dot and no currency sign, so readBRL reads it back and a spreadsheet in Brazil takes it
 * as a number.
 */
export function decimalCommaPrice(cents: number): string {
  return (cents / 100).toFixed(2).replace(".", ",");
}
