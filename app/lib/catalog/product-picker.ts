// The admin's product picker (a search-as-you-type box choosing products by name): what its
// endpoint answers, and the address it asks. Client-safe.

/** One product the picker offers: enough to tell it apart from its neighbours on a phone. */
export type PickableProduct = { id: number; name: string; shopName: string; priceCents: number | null; active: boolean };

export const PRODUCT_PICKER_PATH = "/admin/produtos/busca";

/** At most this many products per answer: a phone's screen of choices, and a small query. */
export const PRODUCT_PICKER_LIMIT = 8;

/** The longest query the endpoint reads; longer ones are cut. */
export const PRODUCT_PICKER_MAX_QUERY = 100;

export function productPickerUrl(query: string): string {
  return `${PRODUCT_PICKER_PATH}?${new URLSearchParams({ q: query })}`;
}

/** "12, 15, 20" → [12, 15, 20]: the ids a picker's hidden field carries, as the forms always read them. */
export function pickedIdsText(ids: number[]): string {
  return ids.join(", ");
}
