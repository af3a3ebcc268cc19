/** Favourite products, kept in the browser as a list of product ids (no account needed). */
export const FAVORITES_STORAGE_KEY = "erick_favorites";
/** Set while localStorage mirrors the signed-in account's list rather than holding this browser's own. */
export const FAVORITES_ACCOUNT_MARK_KEY = "erick_favorites_account";
