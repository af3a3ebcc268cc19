// A product's fiscal readiness as the dashboard shows it (docs/fiscal.md); read by
// app/server/fiscal/product-fiscal.server.ts (productsMissingFiscalData).

/** A product a note could not be issued for, and why in pt-BR ('sem NCM (nem o da categoria)'). */
export type ProductMissingFiscalData = { id: number; name: string; why: string };

/** How many the dashboard names; the rest are counted. */
export const MISSING_FISCAL_DATA_SHOWN = 10;
