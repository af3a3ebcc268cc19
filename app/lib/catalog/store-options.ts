// The form's 'Loja' options and a store named as a person types it (the CSV's loja column, the starter
// products' loja): apart from the product form's schema, which only carries the chosen slug.
import { normalizeSearchText } from "../format/search-text";

/**
 * One of the form's 'Loja' options (six in the seed): a physical store, with its shop. The list is the
 * database's store_locations, read by the server and handed to the form and the CSV code, so a store
 * renamed in the settings reads the same everywhere; the form sends the store's slug (`value`), which
 * the server resolves to shop_id + store_location_id.
 */
export type StoreOption = { value: string; label: string; shop: string };

/** The store option a clerk would pick for a product: its store, else the first one of its shop. */
export function storeOptionFor(options: readonly StoreOption[], locationSlug: string | null, shopSlug: string): StoreOption | null {
  return options.find((option) => option.value === locationSlug) ?? options.find((option) => option.shop === shopSlug) ?? null;
}

/** A store's name compared as a person types it: case, accents and a dash ('Calçados - Barreiros') aside. */
const storeNameKey = (text: string) => normalizeSearchText(text.replace(/\s*-\s*/g, " "));

/** The slug of the store a text names ('Erick Calçados Barreiros', 'erick calcados - barreiros', or the slug). */
export function storeOptionFromText(options: readonly StoreOption[], text: string): string | null {
  const wanted = storeNameKey(text);
  const slug = text.trim().toLowerCase();
  return options.find((option) => storeNameKey(option.label) === wanted || option.value === slug)?.value ?? null;
}
