// A product's fiscal fields (docs/fiscal.md) as the product form, the CSV and the starter import type
// them: one rule per field, with its pt-BR message, shared by the browser and the server through
// ../catalog/product.schema.ts. An absent field (a CSV without the column, an older form) leaves what
// is stored; an empty NCM means "the category's".
import { z } from "~/lib/forms/validation";
import { isValidGtin, isValidNcm } from "./identifiers";

export const PRODUCT_FISCAL_MESSAGES = {
  ncm: "NCM: 8 números (ex.: 6403.99.90), ou vazio para usar o da categoria",
  cfopInState: "CFOP dentro de PE: 4 números começando com 5 (ex.: 5102)",
  cfopOutOfState: "CFOP fora de PE: 4 números começando com 6 (ex.: 6102)",
  taxOrigin: "Origem: um número de 0 a 8 (0 = nacional)",
  taxSituation: "CSOSN (3 números, ex.: 102) ou CST (2 números, ex.: 00)",
  cest: "CEST: 7 números, ou vazio",
  ean: "EAN inválido: confira os números do código de barras (8, 12, 13 ou 14, o último é o dígito verificador)",
  eanRepeated: "Este EAN já está em outra variação deste produto",
} as const;

/** The defaults a new product gets (migration 0050): Simples Nacional, national goods, 5102 / 6102. */
export const PRODUCT_FISCAL_DEFAULTS = { ncm: "", cfopInState: "5102", cfopOutOfState: "6102", taxOrigin: "0", taxSituation: "102", cest: "" } as const;

/** The NCM kept as its eight digits ('6403.99.90' → '64039990'); '' stays ''. */
export function ncmDigits(typed: string): string {
  return typed.trim().replace(/\./g, "");
}

/** 64039990 → 6403.99.90, as the TIPI writes it. */
export function formatNcm(ncm: string): string {
  return /^\d{8}$/.test(ncm) ? `${ncm.slice(0, 4)}.${ncm.slice(4, 6)}.${ncm.slice(6)}` : ncm;
}

const optionalText = (check: (value: string) => boolean, message: string, normalize: (value: string) => string = (value) => value.trim()) =>
  z
    .string()
    .optional()
    .transform((typed, ctx): string | undefined => {
      if (typed === undefined) return undefined;
      const value = normalize(typed);
      if (!check(value)) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return value;
    });

/** Each field: absent → undefined (leave what is stored); present → checked and normalized. */
export const productFiscalFields = {
  ncm: optionalText((value) => value === "" || isValidNcm(value), PRODUCT_FISCAL_MESSAGES.ncm, ncmDigits),
  cfopInState: optionalText((value) => /^5\d{3}$/.test(value), PRODUCT_FISCAL_MESSAGES.cfopInState),
  cfopOutOfState: optionalText((value) => /^6\d{3}$/.test(value), PRODUCT_FISCAL_MESSAGES.cfopOutOfState),
  taxOrigin: optionalText((value) => /^[0-8]$/.test(value), PRODUCT_FISCAL_MESSAGES.taxOrigin),
  taxSituation: optionalText((value) => /^(\d{2}|\d{3})$/.test(value), PRODUCT_FISCAL_MESSAGES.taxSituation),
  cest: optionalText((value) => value === "" || /^\d{7}$/.test(value), PRODUCT_FISCAL_MESSAGES.cest, (value) => value.trim().replace(/\./g, "")),
};

/** One variant's EAN as typed: '' none, else a GTIN with its check digit right. */
export function eanProblem(typed: string): string | null {
  const value = typed.trim();
  return value === "" || isValidGtin(value) ? null : PRODUCT_FISCAL_MESSAGES.ean;
}

/** The origem codes of the NF-e (tabela de origem da mercadoria), for the form's select. */
export const TAX_ORIGIN_LABELS: Record<string, string> = {
  "0": "0 – Nacional",
  "1": "1 – Estrangeira, importação direta",
  "2": "2 – Estrangeira, adquirida no mercado interno",
  "3": "3 – Nacional, conteúdo de importação entre 40% e 70%",
  "4": "4 – Nacional, processos produtivos básicos",
  "5": "5 – Nacional, conteúdo de importação até 40%",
  "6": "6 – Estrangeira, importação direta sem similar nacional",
  "7": "7 – Estrangeira, mercado interno sem similar nacional",
  "8": "8 – Nacional, conteúdo de importação acima de 70%",
};

/** The field of a category's NCM in the settings' "NCM padrão por categoria": `categoryNcm:Calçados`. */
export const CATEGORY_NCM_FIELD_PREFIX = "categoryNcm:";

export const CATEGORY_NCM_MESSAGES = {
  saved: "NCM das categorias salvo.",
  ncm: "NCM: 8 números (ex.: 6403.99.90), ou vazio",
} as const;

/** The categories' NCM as typed (8 digits, dots allowed, or empty to remove), or the fields refused. */
export function parseCategoryNcmForm(
  values: Record<string, string>,
  categories: readonly string[],
): { ok: true; defaults: Map<string, string> } | { ok: false; errors: Record<string, string> } {
  const defaults = new Map<string, string>();
  const errors: Record<string, string> = {};
  for (const category of categories) {
    const typed = values[`${CATEGORY_NCM_FIELD_PREFIX}${category}`];
    if (typed === undefined) continue;
    const ncm = ncmDigits(typed);
    if (ncm !== "" && !isValidNcm(ncm)) errors[`${CATEGORY_NCM_FIELD_PREFIX}${category}`] = CATEGORY_NCM_MESSAGES.ncm;
    defaults.set(category, ncm);
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, defaults };
}
