// The product CSV's columns (README "Product CSV"): their names and order, the export's rows, and how
// the import reads a cell. A row is one variant (size × colour) of a product, the product's columns
// repeated on each of its rows.
import { centsToInput, type EditableProduct, type VariantStockInput } from "~/lib/catalog/product.schema";
import { type StoreOption } from "~/lib/catalog/store-options";
import { variantKey } from "~/lib/catalog/variants";
import { unguardFormula } from "../../files/csv.server";

/** The columns, in order; the import reads them by name. */
export const PRODUCT_CSV_COLUMNS = [
  "id",
  "nome",
  "categoria",
  "subcategoria",
  "marca",
  "loja",
  "preco",
  "preco_antigo",
  "tamanho",
  "cor",
  "sku",
  // The units at the product's own store ('loja'), not the sum over the stores: named for it (issue
  // 51, item 17). Files exported before read as `estoque` (LEGACY_HOME_STOCK_COLUMN).
  "estoque_loja_principal",
  "destaque",
  "ativo",
  "descricao",
  // The variant's units when the file was exported: the import refuses a variant whose stock has
  // moved since (an order took a unit), instead of putting the exported number back.
  "estoque_exportado",
  // Whom the product is for (Feminino, Masculino, Unissex, Infantil or empty): Google refuses apparel
  // and shoes without it. Last, so files made before it still line up.
  "genero",
  // A unit boxed, for carrier quotes (optional; empty: the category's default). After genero for the
  // same reason.
  "peso_g",
  "altura_cm",
  "largura_cm",
  "comprimento_cm",
  // What a fiscal note needs (docs/fiscal.md): the product's NCM (empty: its category's), CFOP inside
  // and outside PE, origem, CSOSN/CST, CEST, and the variant's EAN. Last, so older files still line up;
  // a file without them leaves them as stored.
  "ncm",
  "cfop_pe",
  "cfop_fora_pe",
  "origem",
  "csosn_cst",
  "cest",
  "ean",
] as const;
export type Column = (typeof PRODUCT_CSV_COLUMNS)[number];

/**
 * A store's pair of columns, after the fixed ones: its units (`estoque_barreiros_calcados`) and its
 * units at the export (`estoque_exportado_barreiros_calcados`), named from the store's slug with
 * underscores (a header's hyphens read as underscores). A file with them edits each store's units;
 * the product's `estoque_loja_principal` stays its own store's, and must agree with that store's column.
 */
export type StoreColumn = `estoque_${string}`;
const slugColumn = (slug: string) => slug.toLowerCase().replace(/[^a-z0-9]+/g, "_");
export const storeStockColumn = (slug: string): StoreColumn => `estoque_${slugColumn(slug)}`;
export const storeExportedColumn = (slug: string): StoreColumn => `estoque_exportado_${slugColumn(slug)}`;

/** The export's header: the fixed columns, then each store's pair in the stores' order. */
export function productCsvHeader(stores: readonly StoreOption[]): string[] {
  return [...PRODUCT_CSV_COLUMNS, ...stores.flatMap((store) => [storeStockColumn(store.value), storeExportedColumn(store.value)])];
}

/** The own store's units, as the export names the column. */
export const HOME_STOCK_COLUMN = "estoque_loja_principal" satisfies Column;
/** Its name in files exported before it was named for what it holds: still read. */
export const LEGACY_HOME_STOCK_COLUMN = "estoque";

export const REQUIRED_COLUMNS: readonly Column[] = ["nome", "categoria", "loja", "preco", HOME_STOCK_COLUMN];

/** The product's own columns: the same on every row of a product. */
export const PRODUCT_COLUMNS: readonly Column[] = [
  "nome", "categoria", "subcategoria", "marca", "genero", "loja", "preco", "preco_antigo", "destaque", "ativo", "descricao", "peso_g", "altura_cm", "largura_cm", "comprimento_cm",
  "ncm", "cfop_pe", "cfop_fora_pe", "origem", "csosn_cst", "cest",
];

/** The fiscal columns and the form fields they fill. */
export const FISCAL_COLUMNS = [
  ["ncm", "ncm"],
  ["cfop_pe", "cfopInState"],
  ["cfop_fora_pe", "cfopOutOfState"],
  ["origem", "taxOrigin"],
  ["csosn_cst", "taxSituation"],
  ["cest", "cest"],
] as const satisfies readonly (readonly [Column, string])[];

/** Form field → CSV column, to name the column in an error. */
export const COLUMN_OF: Readonly<Record<string, Column>> = {
  name: "nome",
  description: "descricao",
  price: "preco",
  oldPrice: "preco_antigo",
  category: "categoria",
  store: "loja",
  subcategory: "subcategoria",
  brand: "marca",
  gender: "genero",
  sizes: "tamanho",
  colors: "cor",
  featured: "destaque",
  active: "ativo",
  weightGrams: "peso_g",
  heightCm: "altura_cm",
  widthCm: "largura_cm",
  lengthCm: "comprimento_cm",
  ncm: "ncm",
  cfopInState: "cfop_pe",
  cfopOutOfState: "cfop_fora_pe",
  taxOrigin: "origem",
  taxSituation: "csosn_cst",
  cest: "cest",
};

export const MAX_SKU_LENGTH = 60;

/** A product as the export writes it: its variants in grid order, with their SKUs. */
export type CsvProduct = Omit<EditableProduct, "variants"> & { id: number; variants: (VariantStockInput & { sku: string })[]; storeUnits?: Record<string, number> };

const yesNo = (value: boolean) => (value ? "sim" : "não");

/**
 * A product's rows, one per variant, cells in PRODUCT_CSV_COLUMNS order: prices as the form takes them
 * ('129,90', empty = 'Consultar preço'), `loja` as the form's store option label.
 */
export function productCsvRows(product: CsvProduct, stores: readonly StoreOption[]): (string | number)[][] {
  const store = stores.find((option) => option.value === product.store)?.label ?? "";
  return product.variants.map((variant) => [
    product.id,
    product.name,
    product.category,
    product.subcategory,
    product.brand,
    store,
    centsToInput(product.priceCents),
    centsToInput(product.oldPriceCents),
    variant.size,
    variant.color,
    variant.sku,
    variant.stock,
    yesNo(product.featured),
    yesNo(product.active),
    product.description,
    variant.stock,
    product.gender,
    product.weightGrams ?? "",
    product.heightCm ?? "",
    product.widthCm ?? "",
    product.lengthCm ?? "",
    product.fiscal?.ncm ?? "",
    product.fiscal?.cfopInState ?? "",
    product.fiscal?.cfopOutOfState ?? "",
    product.fiscal?.taxOrigin ?? "",
    product.fiscal?.taxSituation ?? "",
    product.fiscal?.cest ?? "",
    variant.ean ?? "",
    ...stores.flatMap((option) => {
      const units = product.storeUnits?.[`${option.value}:${variantKey(variant.size, variant.color)}`] ?? 0;
      return [units, units];
    }),
  ]);
}

/** A column's letters as a spreadsheet shows them: 0 → A, 25 → Z, 26 → AA. */
export function spreadsheetColumn(position: number): string {
  let letters = "";
  for (let rest = position + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

/** A header cell as a column name: accents, case and spaces forgiven ('Preço Antigo' → 'preco_antigo'). */
export const headerName = (cell: string) =>
  cell
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");

export function parseYesNo(text: string): boolean | null {
  const value = headerName(text);
  if (["sim", "s", "true", "1", "x", "yes"].includes(value)) return true;
  if (["nao", "n", "false", "0", "no", ""].includes(value)) return false;
  return null;
}

/** A size or colour as the form keeps it (spaces collapsed). */
export const optionText = (text: string) => text.trim().replace(/\s+/g, " ");

/** A cell by column name, the spreadsheet formula guard undone; undefined when the file has no such column. */
export function cellOf(columns: readonly string[], cells: readonly string[], column: Column | StoreColumn): string | undefined {
  const position = columns.indexOf(column);
  return position < 0 ? undefined : unguardFormula((cells[position] ?? "").trim());
}
