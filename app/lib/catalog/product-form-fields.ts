// How the admin product form names its fields and how a submitted form is read back into the
// schema's input (./product.schema.ts holds the rules; this file, the names both sides agree on).
import { variantKey } from "./variants";
import { splitOptionText } from "./option-text";
import type { ProductFormInput } from "./product.schema";

/** The form field of one stock cell: `stock:["38","Preto"]` (see variantKey). */
export const STOCK_FIELD_PREFIX = "stock:";
export const stockFieldName = (size: string, color: string) => `${STOCK_FIELD_PREFIX}${variantKey(size, color)}`;

/**
 * The hidden field of one stock cell as the form was opened, `stockRead:["38","Preto"]`: the save is
 * refused when a variant's stock moved since (an order took a unit), instead of putting it back.
 */
export const STOCK_READ_FIELD_PREFIX = "stockRead:";

/**
 * The cell of one store's stock grid: `storeStock:barreiros-calcados:["38","Preto"]` (the store's
 * slug, then variantKey), and the hidden field of its units as the form was opened,
 * `storeStockRead:barreiros-calcados:["38","Preto"]`. A cell the clerk changed is refused when that
 * store's units moved since (a sale there); a cell left as read is not written at all.
 */
export const STORE_STOCK_FIELD_PREFIX = "storeStock:";
export const STORE_STOCK_READ_FIELD_PREFIX = "storeStockRead:";
/** The EAN of one size × colour: `ean:["38","Preto"]` (see variantKey). */
export const EAN_FIELD_PREFIX = "ean:";
export const eanFieldName = (size: string, color: string) => `${EAN_FIELD_PREFIX}${variantKey(size, color)}`;
/** Sent by the form with its EAN cells: EANs are read (an older form without it leaves them as stored). */
export const EAN_GRID_FIELD = "eanGrid";

/** The product's fiscal fields, as the form and the CSV name them. */
export const PRODUCT_FISCAL_FIELD_NAMES = ["ncm", "cfopInState", "cfopOutOfState", "taxOrigin", "taxSituation", "cest"] as const;

/** Sent by the form with its per-store grids: the stock is read per store, not from the `stock:` cells. */
export const STORE_STOCK_GRID_FIELD = "storeStockGrid";

/** The key of a store's cell in the form's values: `{store slug}:{variantKey}` (a slug holds no colon). */
export const storeStockKey = (store: string, size: string, color: string) => `${store}:${variantKey(size, color)}`;
export const storeStockFieldName = (store: string, size: string, color: string) => `${STORE_STOCK_FIELD_PREFIX}${storeStockKey(store, size, color)}`;

/** A store cell's key split into the store's slug and the variantKey; null when it is not one. */
export function splitStoreStockKey(key: string): { store: string; variant: string } | null {
  const at = key.indexOf(":");
  return at > 0 ? { store: key.slice(0, at), variant: key.slice(at + 1) } : null;
}

/** The form's fields named `{prefix}{variantKey}`, by variantKey. */
function fieldsByKey(form: FormData, prefix: string): Record<string, string> {
  return Object.fromEntries(
    [...form.entries()].flatMap(([name, value]) => (name.startsWith(prefix) && typeof value === "string" ? [[name.slice(prefix.length), value]] : [])),
  );
}

/** The units the form was opened with, by variantKey (what is not a count is left out). */
export function stockAsRead(values: ProductFormInput): Map<string, number> {
  return new Map(Object.entries(values.stockRead ?? {}).flatMap(([key, units]) => (/^\d{1,9}$/.test(units) ? [[key, Number(units)]] : [])));
}

/** The units each store's grid was opened with: store slug → variantKey → units (what is not a count is left out). */
export function storeStockAsRead(values: ProductFormInput): Map<string, Map<string, number>> {
  const byStore = new Map<string, Map<string, number>>();
  for (const [key, units] of Object.entries(values.storeStockRead ?? {})) {
    const cell = splitStoreStockKey(key);
    if (!cell || !/^\d{1,9}$/.test(units)) continue;
    const read = byStore.get(cell.store) ?? new Map<string, number>();
    read.set(cell.variant, Number(units));
    byStore.set(cell.store, read);
  }
  return byStore;
}

/** The text box of a size or colour list: what was typed there and not yet added. */
export const typedOptionsField = (list: "sizes" | "colors") => `${list}Typed`;

/** The schema's input from the submitted form: the lists come as repeated fields. */
export function productFormValues(form: FormData): ProductFormInput {
  const one = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const many = (name: string) => form.getAll(name).filter((value): value is string => typeof value === "string");
  const consult = one("consultPrice") === "on";
  return {
    name: one("name"),
    description: one("description"),
    price: consult ? undefined : (one("price") ?? ""),
    oldPrice: consult ? undefined : one("oldPrice"),
    category: one("category"),
    store: one("store"),
    subcategory: one("subcategory"),
    brand: one("brand"),
    gender: one("gender"),
    stock: fieldsByKey(form, STOCK_FIELD_PREFIX),
    stockRead: fieldsByKey(form, STOCK_READ_FIELD_PREFIX),
    ...(form.has(STORE_STOCK_GRID_FIELD)
      ? { storeStock: fieldsByKey(form, STORE_STOCK_FIELD_PREFIX), storeStockRead: fieldsByKey(form, STORE_STOCK_READ_FIELD_PREFIX) }
      : {}),
    // Text typed but not added ('28, 29, 30', '34-39') is read as the form's button would add it; the
    // chips already listed are taken as they are (a saved size may hold a comma).
    sizes: [...many("sizes"), ...splitOptionText(one(typedOptionsField("sizes")) ?? "")],
    colors: [...many("colors"), ...splitOptionText(one(typedOptionsField("colors")) ?? "")],
    featured: one("featured"),
    active: one("active"),
    weightGrams: one("weightGrams"),
    heightCm: one("heightCm"),
    widthCm: one("widthCm"),
    lengthCm: one("lengthCm"),
    ...Object.fromEntries(PRODUCT_FISCAL_FIELD_NAMES.flatMap((name) => (one(name) === undefined ? [] : [[name, one(name)]]))),
    ...(form.has(EAN_GRID_FIELD) ? { eans: fieldsByKey(form, EAN_FIELD_PREFIX) } : {}),
  };
}

/**
 * The form's image fields: the new files, their order with the kept images (`k:{media key}` keeps
 * one, `n:{i}` places the i-th new file; the first is the cover), and a marker that the list was sent
 * at all (so an empty order means 'no images', not 'leave them').
 */
export const IMAGE_FIELDS = { newImages: "newImages", order: "imageOrder", sent: "imagesSent" } as const;
