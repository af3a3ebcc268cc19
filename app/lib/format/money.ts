const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/** Formats integer centavos as Brazilian reais: 12990 → "R$ 129,90". */
export function formatBRL(cents: number): string {
  return brl.format(cents / 100);
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
