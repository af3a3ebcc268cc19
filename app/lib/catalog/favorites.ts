// The keys are apart (favorites-keys.ts): the storefront layout reads one on every page, and the rest of
// this module would then ride in the shell chunk every page loads.
export { FAVORITES_ACCOUNT_MARK_KEY, FAVORITES_STORAGE_KEY } from "./favorites-keys";
/** Beyond this the oldest favourites are dropped, so a stored list can never grow without bound. */
export const MAX_FAVORITES = 200;

export type Favorites = readonly number[];

function isProductId(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0;
}

/** The favourites from what was stored (../storage/stored-json.ts); anything malformed (edited by hand, an old format) counts as none. */
export function favoritesFromStored(data: unknown): number[] {
  if (!Array.isArray(data)) return [];
  return [...new Set(data.filter(isProductId))].slice(-MAX_FAVORITES);
}

export function isFavorite(favorites: Favorites, productId: number): boolean {
  return favorites.includes(productId);
}

/** Adds the product at the end, or removes it when it is already a favourite. */
export function toggleFavorite(favorites: Favorites, productId: number): number[] {
  if (isFavorite(favorites, productId)) return favorites.filter((id) => id !== productId);
  return [...favorites, productId].slice(-MAX_FAVORITES);
}
