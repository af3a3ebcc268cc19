import { useCallback, useEffect, useRef, useSyncExternalStore } from "react";
import { useRevalidator } from "react-router";
import { useStorefront } from "~/components/layout/use-storefront";
import { createLocalStorageStore } from "~/components/ui/local-storage-store";
import { FAVORITES_ACCOUNT_MARK_KEY as ACCOUNT_MARK_KEY, FAVORITES_STORAGE_KEY, favoritesFromStored, isFavorite, toggleFavorite } from "~/lib/catalog/favorites";

/**
 * Favourites live in localStorage, like the cart (cart-store.ts). The server renders "not a favourite".
 * Signed in, the account holds them (/api/favoritos) and localStorage is its mirror.
 */
const { read, write, subscribe } = createLocalStorageStore(FAVORITES_STORAGE_KEY, favoritesFromStored);

/** Set in a tab once it has fetched the account's list, so that each tab asks once. */
const TAB_SYNCED_KEY = "erick_favorites_synced";
const API_PATH = "/api/favoritos";

/** Saves one change on the account; when that fails, the heart goes back to what the account has. */
async function saveOnAccount(productId: number, on: boolean) {
  let ok = false;
  try {
    const response = await fetch(API_PATH, { method: "POST", body: new URLSearchParams({ productId: String(productId), on: String(on) }) });
    ok = response.ok;
  } catch {
    ok = false;
  }
  if (!ok && isFavorite(read(), productId) === on) write(toggleFavorite(read(), productId));
}

/**
 * Hearts tapped before /api/eu said whether anyone is signed in (product id → on), saved on the
 * account once it has, if someone is.
 */
const unsavedBeforeAccountKnown = new Map<number, boolean>();

/** Whether the product is a favourite, and a function that flips it. */
export function useFavorite(productId: number): [boolean, () => void] {
  const { user } = useStorefront();
  const accountKnown = user !== undefined;
  const signedIn = Boolean(user);
  const getSnapshot = useCallback(() => isFavorite(read(), productId), [productId]);
  const favorite = useSyncExternalStore(subscribe, getSnapshot, () => false);
  const toggle = useCallback(() => {
    const next = toggleFavorite(read(), productId);
    write(next);
    const on = isFavorite(next, productId);
    if (!accountKnown) unsavedBeforeAccountKnown.set(productId, on);
    else if (signedIn) void saveOnAccount(productId, on);
  }, [productId, accountKnown, signedIn]);
  useEffect(() => {
    const on = unsavedBeforeAccountKnown.get(productId);
    if (!accountKnown || on === undefined) return;
    unsavedBeforeAccountKnown.delete(productId);
    if (signedIn) void saveOnAccount(productId, on);
  }, [productId, accountKnown, signedIn]);
  return [favorite, toggle];
}

function storageGet(storage: "localStorage" | "sessionStorage", key: string): string | null {
  try {
    return window[storage].getItem(key);
  } catch {
    return null;
  }
}

function storageSet(storage: "localStorage" | "sessionStorage", key: string, value: string | null) {
  try {
    if (value === null) window[storage].removeItem(key);
    else window[storage].setItem(key, value);
  } catch {
    // Storage unavailable: the next page load tries again.
  }
}

/**
 * Makes the browser's favourites follow the account, for the storefront layout. After sign-in, the
 * favourites this browser kept while signed out are added to the account once, and from then on the
 * browser mirrors the account's list (fetched once per tab). After sign-out, the mirror is emptied:
 * the account keeps the favourites, and the next person on this browser does not inherit them.
 */
export function useFavoritesFollowAccount() {
  const { user } = useStorefront();
  const revalidator = useRevalidator();
  // Read when the merge answers; the effect below runs only when the account changes.
  const latestRevalidator = useRef(revalidator);
  useEffect(() => {
    latestRevalidator.current = revalidator;
  });
  // undefined until /api/eu answers: not known yet, so neither signed in nor out.
  const account = user === undefined ? undefined : (user?.email ?? null);

  useEffect(() => {
    if (account === undefined) return;
    const mirroring = storageGet("localStorage", ACCOUNT_MARK_KEY) !== null;
    if (!account) {
      storageSet("sessionStorage", TAB_SYNCED_KEY, null);
      if (mirroring) {
        write([]);
        storageSet("localStorage", ACCOUNT_MARK_KEY, null);
      }
      return;
    }
    if (mirroring && storageGet("sessionStorage", TAB_SYNCED_KEY) !== null) return;

    // Only a list kept while signed out is this browser's own; a mirror is some account's.
    const local = mirroring ? [] : read();
    const body = new URLSearchParams({ intent: "merge" });
    for (const id of local) body.append("productId", String(id));
    let cancelled = false;
    void (async () => {
      try {
        const response = await fetch(API_PATH, { method: "POST", body });
        if (!response.ok || cancelled) return;
        const { ids } = (await response.json()) as { ids: number[] };
        write(favoritesFromStored(ids));
        storageSet("localStorage", ACCOUNT_MARK_KEY, "1");
        storageSet("sessionStorage", TAB_SYNCED_KEY, "1");
        // A page showing the account's favourites (/conta) loaded before the merge: show them all.
        if (local.length > 0) void latestRevalidator.current.revalidate();
      } catch {
        // Offline: the next page load tries again.
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [account]);
}

/**
 * `useFavoritesFollowAccount` as a component that draws nothing, so the storefront layout can load
 * it apart (its code is not needed before the page is interactive).
 */
export function FavoritesFollowAccount() {
  useFavoritesFollowAccount();
  return null;
}
