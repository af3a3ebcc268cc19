// A product's fiscal readiness as the dashboard shows it (docs/fiscal.md); read by
// app/server/fiscal/product-fiscal.server.ts (productsMissingFiscalData).

/** A product a note could not be issued for, and why in pt-BR ('sem NCM (nem o da categoria)'). */
export type ProductMissingFiscalData = { id: number; name: string; why: string };

/** How many the dashboard names; the rest are counted. */
export const MISSING_FISCAL_DATA_SHOWN = 10;

/** A product's own fiscal fields as the product form and the CSV carry them (not the category's NCM). */
export type ProductFiscalFields = { ncm: string; cfopInState: string; cfopOutOfState: string; taxOrigin: string; taxSituation: string; cest: string };

/** The fiscal fields of a product row, for the form's and the CSV's readers. */
export function productFiscalFieldsOf(product: ProductFiscalFields): ProductFiscalFields {
  return {
    ncm: product.ncm,
    cfopInState: product.cfopInState,
    cfopOutOfState: product.cfopOutOfState,
    taxOrigin: product.taxOrigin,
    taxSituation: product.taxSituation,
    cest: product.cest,
  };
}
