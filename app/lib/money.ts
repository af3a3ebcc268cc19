const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/** Formats integer centavos as Brazilian reais: 12990 → "R$ 129,90". */
export function formatBRL(cents: number): string {
  return brl.format(cents / 100);
}

/** Parses what a person types ("129,90", "1.299,90", "129.9") into centavos; null when it is not a price. */
export function parseBRL(input: string): number | null {
  const text = input.replace(/R\$|\s|\u00a0/g, "");
  if (!/^\d{1,3}(\.\d{3})*(,\d{1,2})?$|^\d+([.,]\d{1,2})?$/.test(text)) return null;
  const normalized = text.includes(",") ? text.replace(/\./g, "").replace(",", ".") : text;
  const cents = Math.round(Number.parseFloat(normalized) * 100);
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Whole percent off, from the old and the current price. */
export function discountPercent(priceCents: number | null, oldPriceCents: number | null): number | null {
  if (priceCents === null || oldPriceCents === null || oldPriceCents <= priceCents || oldPriceCents === 0) {
    return null;
  }
  return Math.round((1 - priceCents / oldPriceCents) * 100);
}

/** Value of each instalment, rounded up to the centavo so the instalments never total less than the price. */
export function instalmentCents(totalCents: number, instalments: number): number {
  return Math.ceil(totalCents / Math.max(1, instalments));
}

/** Centavos as a plain decimal with a dot, for machines (schema.org, Open Graph): 12990 → "129.90". */
export function decimalPrice(cents: number): string {
  return (cents / 100).toFixed(2);
}
