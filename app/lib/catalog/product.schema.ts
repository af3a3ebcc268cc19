// The admin product form (/admin/produtos/novo, /admin/produtos/editar/:id). The schema runs in the
// browser before sending and again in the action; the CSV import and the starter products go through
// it too, so a product saved by any path obeys the same rules with the same pt-BR messages.
import { z } from "~/lib/forms/validation";
import { CATEGORIES, type Category, PRODUCT_GENDERS, type ProductGender } from "./categories";
import { decimalCommaPrice, MAX_MONEY_CENTS, PRICE_FORMAT_MESSAGE, readBRL } from "../forms/price-input";
import { normalizeSearchText } from "../format/search-text";
import { variantKey, variantOptions, type VariantOption } from "./variants";
import { eanProblem, PRODUCT_FISCAL_MESSAGES, productFiscalFields } from "../fiscal/product-fiscal.schema";

/** A category from what a person typed ('feminino', 'ESPORTIVO'); null when it is none of the eight. */
export function categoryFromText(text: string): Category | null {
  const wanted = normalizeSearchText(text);
  return CATEGORIES.find((category) => normalizeSearchText(category) === wanted) ?? null;
}

/** A gender from what a person typed ('feminino', 'UNISSEX'); '' for an empty text, null when it is none of the four. */
export function genderFromText(text: string): ProductGender | "" | null {
  const wanted = normalizeSearchText(text);
  if (!wanted) return "";
  return PRODUCT_GENDERS.find((gender) => normalizeSearchText(gender) === wanted) ?? null;
}

export const PRODUCT_MESSAGES = {
  nameRequired: "Nome é obrigatório",
  descriptionRequired: "Descrição é obrigatória",
  priceRequired: "Informe o preço ou marque “Consultar preço”",
  priceInvalid: "Informe um preço válido",
  priceNegative: "O preço não pode ser negativo",
  categoryRequired: "Selecione uma categoria",
  storeRequired: "Selecione uma loja",
  genderInvalid: "Escolha Feminino, Masculino, Unissex, Infantil ou deixe em branco",
  stockRequired: "Informe o estoque",
  stockNegative: "O estoque não pode ser negativo",
  stockInvalid: "O estoque deve ser um número inteiro",
  created: "Produto cadastrado com sucesso!",
  updated: "Produto atualizado com sucesso!",
  deleted: "Produto excluído com sucesso!",
  deleteFailed: "Erro ao excluir produto. Tente novamente.",
  deleteConfirm: "Tem certeza que deseja excluir este produto?",
  loadFailed: "Erro ao carregar produto",
  saveFailedPrefix: "Erro ao salvar produto: ",
} as const;

export const PRODUCT_LIMITS = {
  name: 150,
  description: 5000,
  subcategory: 80,
  brand: 80,
  size: 20,
  color: 40,
  options: 40,
  stock: 1_000_000,
  /** R$ 1.000.000,00: anything above is a typo. */
  priceCents: MAX_MONEY_CENTS,
} as const;

/** Images per product, and the limits the server enforces on an upload (by content, not by name). */
export const MAX_PRODUCT_IMAGES = 8;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_ACCEPT = "image/png,image/jpeg,image/webp";
export const IMAGE_HINT = "PNG, JPG ou WEBP até 5 MB";

const tooLong = (max: number) => `Use no máximo ${max} caracteres`;

function text(max: number, requiredMessage?: string) {
  const base = z.string().trim();
  return z.preprocess(
    (value) => value ?? "",
    requiredMessage ? base.min(1, requiredMessage).max(max, tooLong(max)) : base.max(max, tooLong(max)),
  );
}

/** A price typed the Brazilian way ('129,90', '1.299,90', '2.500': see readBRL); undefined = 'Consultar preço'. */
function price(options: { required: boolean }) {
  return z
    .string()
    .optional()
    .transform((value, ctx): number | null => {
      if (value === undefined) return null;
      const typed = value.trim();
      if (!typed) {
        if (options.required) ctx.addIssue({ code: "custom", message: PRODUCT_MESSAGES.priceRequired });
        return null;
      }
      if (/^-/.test(typed) && readBRL(typed.slice(1)).ok) {
        ctx.addIssue({ code: "custom", message: PRODUCT_MESSAGES.priceNegative });
        return z.NEVER;
      }
      const price = readBRL(typed);
      if (!price.ok || price.cents > PRODUCT_LIMITS.priceCents) {
        ctx.addIssue({ code: "custom", message: !price.ok && price.problem === "format" ? PRICE_FORMAT_MESSAGE : PRODUCT_MESSAGES.priceInvalid });
        return z.NEVER;
      }
      return price.cents;
    });
}

/** One stock cell as typed: a whole number of units, or the reason it is not one. */
function parseStock(value: string | undefined): number | string {
  const typed = (value ?? "").trim();
  if (!typed) return PRODUCT_MESSAGES.stockRequired;
  if (/^-\s*\d/.test(typed)) return PRODUCT_MESSAGES.stockNegative;
  if (!/^\d+$/.test(typed) || Number(typed) > PRODUCT_LIMITS.stock) return PRODUCT_MESSAGES.stockInvalid;
  return Number(typed);
}

/** `ean` absent: the save leaves the variant's EAN as it is (a path that says nothing of EANs). */
export type VariantStockInput = VariantOption & { stock: number; ean?: string };

/** Sizes or colours: trimmed, blanks dropped, duplicates (ignoring case and accents) kept once. */
function optionList(max: number, label: string) {
  return z
    .array(z.string())
    .default([])
    .transform((values, ctx) => {
      const seen = new Set<string>();
      const kept: string[] = [];
      for (const raw of values) {
        const value = raw.trim().replace(/\s+/g, " ");
        const key = normalizeSearchText(value);
        if (!value || seen.has(key)) continue;
        if (value.length > max) {
          ctx.addIssue({ code: "custom", message: `Cada ${label} pode ter no máximo ${max} caracteres` });
          return z.NEVER;
        }
        seen.add(key);
        kept.push(value);
      }
      if (kept.length > PRODUCT_LIMITS.options) {
        ctx.addIssue({ code: "custom", message: `No máximo ${PRODUCT_LIMITS.options} opções` });
        return z.NEVER;
      }
      return kept;
    });
}

/** A unit's boxed weight and size for carrier quotes, in whole grams and centimetres: 30 kg and 2 m are beyond any parcel here. */
export const PACKAGE_FIELDS = {
  weightGrams: { label: "Peso (g)", max: 30_000, message: "Peso em gramas, um número inteiro (ex.: 800), ou vazio" },
  heightCm: { label: "Altura (cm)", max: 200, message: "Altura em centímetros, um número inteiro (ex.: 12), ou vazio" },
  widthCm: { label: "Largura (cm)", max: 200, message: "Largura em centímetros, um número inteiro (ex.: 20), ou vazio" },
  lengthCm: { label: "Comprimento (cm)", max: 200, message: "Comprimento em centímetros, um número inteiro (ex.: 30), ou vazio" },
} as const;
export type PackageField = keyof typeof PACKAGE_FIELDS;

/** Empty: the category's default (null); else a whole number from 1 to the field's max. */
const packageMeasure = (field: PackageField) =>
  z
    .string()
    .optional()
    .default("")
    .transform((typed, ctx) => {
      const text = typed.trim();
      if (!text) return null;
      const value = /^\d{1,6}$/.test(text) ? Number(text) : NaN;
      if (!(value >= 1 && value <= PACKAGE_FIELDS[field].max)) {
        ctx.addIssue({ code: "custom", message: PACKAGE_FIELDS[field].message });
        return z.NEVER;
      }
      return value;
    });

const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on" || value === "true");

/**
 * The form's values as strings (what `productFormValues` reads from the form data). `price` is
 * absent when 'Consultar preço' is ticked; every field validates on its own, so all messages show at once.
 */
export const productFormSchema = z
  .object({
    name: text(PRODUCT_LIMITS.name, PRODUCT_MESSAGES.nameRequired),
    description: text(PRODUCT_LIMITS.description, PRODUCT_MESSAGES.descriptionRequired),
    price: price({ required: true }),
    oldPrice: price({ required: false }),
    category: z.enum(CATEGORIES, { error: PRODUCT_MESSAGES.categoryRequired }),
    // The store's slug; whether it is one of the database's is the server's to check (resolveStoreOption).
    store: z.string({ error: PRODUCT_MESSAGES.storeRequired }).trim().min(1, PRODUCT_MESSAGES.storeRequired),
    subcategory: text(PRODUCT_LIMITS.subcategory),
    brand: text(PRODUCT_LIMITS.brand),
    gender: z.preprocess((value) => value ?? "", z.union([z.literal(""), z.enum(PRODUCT_GENDERS)], { error: PRODUCT_MESSAGES.genderInvalid })),
    /** Stock cells by variantKey; a size × colour with no cell has 0 units. */
    stock: z
      .record(z.string(), z.string())
      .default({})
      .transform((cells, ctx) => {
        const units = new Map<string, number>();
        for (const [key, typed] of Object.entries(cells)) {
          const parsed = parseStock(typed);
          if (typeof parsed === "string") ctx.addIssue({ code: "custom", path: [key], message: parsed });
          else units.set(key, parsed);
        }
        return units;
      }),
    /**
     * The per-store grids (the admin form): cells by `{store slug}:{variantKey}`, read as units by store
     * slug and variantKey; absent (the CSV, the starter products, an older form): null, `stock` is the
     * product's own store.
     */
    storeStock: z
      .record(z.string(), z.string())
      .optional()
      .transform((cells, ctx) => {
        if (cells === undefined) return null;
        const byStore = new Map<string, Map<string, number>>();
        for (const [key, typed] of Object.entries(cells)) {
          const at = key.indexOf(":");
          if (at <= 0) continue;
          const parsed = parseStock(typed);
          if (typeof parsed === "string") {
            ctx.addIssue({ code: "custom", path: [key], message: parsed });
            continue;
          }
          const units = byStore.get(key.slice(0, at)) ?? new Map<string, number>();
          units.set(key.slice(at + 1), parsed);
          byStore.set(key.slice(0, at), units);
        }
        return byStore;
      }),
    sizes: optionList(PRODUCT_LIMITS.size, "tamanho"),
    colors: optionList(PRODUCT_LIMITS.color, "cor"),
    featured: checkbox,
    active: checkbox,
    weightGrams: packageMeasure("weightGrams"),
    heightCm: packageMeasure("heightCm"),
    widthCm: packageMeasure("widthCm"),
    lengthCm: packageMeasure("lengthCm"),
    ...productFiscalFields,
    /** Each size × colour's EAN by variantKey; absent: EANs are left as stored. */
    eans: z
      .record(z.string(), z.string())
      .optional()
      .transform((cells, ctx) => {
        if (cells === undefined) return undefined;
        const eans = new Map<string, string>();
        const seen = new Set<string>();
        for (const [key, typed] of Object.entries(cells)) {
          const problem = eanProblem(typed);
          if (problem) ctx.addIssue({ code: "custom", path: [key], message: problem });
          const ean = typed.trim();
          if (ean && seen.has(ean)) ctx.addIssue({ code: "custom", path: [key], message: PRODUCT_FISCAL_MESSAGES.eanRepeated });
          seen.add(ean);
          eans.set(key, ean);
        }
        return eans;
      }),
  })
  .transform(({ price: priceCents, oldPrice: oldPriceCents, stock, storeStock, eans, ...rest }) => {
    // A cell per size × colour the product offers; cells of options no longer offered are dropped.
    const options = variantOptions(rest);
    const variants: VariantStockInput[] = options.map((option) => ({
      ...option,
      stock: stock.get(variantKey(option.size, option.color)) ?? 0,
      ...(eans ? { ean: eans.get(variantKey(option.size, option.color)) ?? "" } : {}),
    }));
    const offered = new Set(options.map((option) => variantKey(option.size, option.color)));
    // Units typed per store slug and variantKey (offered options only); absent: `variants` carry the own store's units.
    const perStore: { storeUnits?: Map<string, Map<string, number>> } = storeStock
      ? { storeUnits: new Map([...storeStock].map(([store, units]) => [store, new Map([...units].filter(([key]) => offered.has(key)))] as const)) }
      : {};
    return {
      ...rest,
      variants,
      ...perStore,
      priceCents,
      // An old price means nothing next to 'Consultar preço'.
      oldPriceCents: priceCents === null ? null : oldPriceCents,
    };
  });
export type ProductFormData = z.output<typeof productFormSchema>;

/** What the schema reads: strings as a form sends them (`price` absent = 'Consultar preço'). */
export type ProductFormInput = {
  name?: string;
  description?: string;
  price?: string;
  oldPrice?: string;
  category?: string;
  store?: string;
  subcategory?: string;
  brand?: string;
  gender?: string;
  /** Units typed per size × colour, by variantKey. */
  stock: Record<string, string>;
  /** Units per size × colour when the form was opened (hidden fields), by variantKey; the schema ignores them. */
  stockRead?: Record<string, string>;
  /** The per-store grids: units typed by `{store slug}:{variantKey}` (see product-form-fields.ts). */
  storeStock?: Record<string, string>;
  /** The same cells as the form was opened (hidden fields); the schema ignores them. */
  storeStockRead?: Record<string, string>;
  sizes: string[];
  colors: string[];
  featured?: string;
  active?: string;
  /** Empty or absent: the category's default. */
  weightGrams?: string;
  heightCm?: string;
  widthCm?: string;
  lengthCm?: string;
  /** The fiscal fields (docs/fiscal.md); absent: left as stored. */
  ncm?: string;
  cfopInState?: string;
  cfopOutOfState?: string;
  taxOrigin?: string;
  taxSituation?: string;
  cest?: string;
  /** Each size × colour's EAN by variantKey; absent: left as stored. */
  eans?: Record<string, string>;
};

/** A price as the product form shows it (decimalCommaPrice: 12990 → '129,90'); none, an empty field. */
export function centsToInput(cents: number | null): string {
  return cents === null ? "" : decimalCommaPrice(cents);
}

/** A saved product as the form edits it. */
export type EditableProduct = {
  name: string;
  description: string;
  priceCents: number | null;
  oldPriceCents: number | null;
  category: string;
  /** The store option's value (its slug). */
  store: string | null;
  subcategory: string;
  brand: string;
  /** '' or one of PRODUCT_GENDERS (older rows may hold other text: the form then asks for one). */
  gender: string;
  /** Every size × colour the product has, with its units. */
  variants: VariantStockInput[];
  /** Units at every store by `{store slug}:{variantKey}` (the edit page; the CSV leaves it out). */
  storeUnits?: Record<string, number>;
  sizes: string[];
  colors: string[];
  featured: boolean;
  active: boolean;
  /** Null: the category's default. */
  weightGrams: number | null;
  heightCm: number | null;
  widthCm: number | null;
  lengthCm: number | null;
  /** The fiscal fields as stored (ncm '' = the category's); absent (an older caller): the form sends none. */
  fiscal?: { ncm: string; cfopInState: string; cfopOutOfState: string; taxOrigin: string; taxSituation: string; cest: string };
};

/** The form's values for a saved product (the edit page's defaults; the CSV import's unchanged columns). */
export function productToFormInput(product: EditableProduct): ProductFormInput {
  return {
    name: product.name,
    description: product.description,
    price: product.priceCents === null ? undefined : centsToInput(product.priceCents),
    oldPrice: product.priceCents === null ? undefined : centsToInput(product.oldPriceCents),
    category: product.category,
    store: product.store ?? "",
    subcategory: product.subcategory,
    brand: product.brand,
    gender: product.gender,
    stock: Object.fromEntries(product.variants.map((variant) => [variantKey(variant.size, variant.color), String(variant.stock)])),
    stockRead: Object.fromEntries(product.variants.map((variant) => [variantKey(variant.size, variant.color), String(variant.stock)])),
    ...(product.storeUnits
      ? {
          storeStock: Object.fromEntries(Object.entries(product.storeUnits).map(([key, units]) => [key, String(units)])),
          storeStockRead: Object.fromEntries(Object.entries(product.storeUnits).map(([key, units]) => [key, String(units)])),
        }
      : {}),
    sizes: product.sizes,
    colors: product.colors,
    featured: product.featured ? "on" : undefined,
    active: product.active ? "on" : undefined,
    weightGrams: product.weightGrams === null ? "" : String(product.weightGrams),
    heightCm: product.heightCm === null ? "" : String(product.heightCm),
    widthCm: product.widthCm === null ? "" : String(product.widthCm),
    lengthCm: product.lengthCm === null ? "" : String(product.lengthCm),
    ...(product.fiscal ?? {}),
    ...(product.variants.some((variant) => variant.ean !== undefined)
      ? { eans: Object.fromEntries(product.variants.map((variant) => [variantKey(variant.size, variant.color), variant.ean ?? ""])) }
      : {}),
  };
}
