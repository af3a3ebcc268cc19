/** Favourite products, kept in the browser as a list of product ids (no account needed). */
export const FAVORITES_STORAGE_KEY = "erick_favorites";
/** Set while localStorage mirrors the signed-in account's list rather than holding this browser's own. */
export const FAVORITES_ACCOUNT_MARK_KEY = "erick_favorites_account";
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
