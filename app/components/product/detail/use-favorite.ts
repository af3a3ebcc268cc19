import { useCallback, useSyncExternalStore } from "react";
import { FAVORITES_STORAGE_KEY, isFavorite, parseFavorites, toggleFavorite, type Favorites } from "~/lib/favorites";

/**
 * Favourites live in localStorage, like the cart (cart-store.ts): read once, written on every change,
 * and kept in step across tabs through the `storage` event. The server renders "not a favourite".
 */
let current: Favorites | null = null;
const listeners = new Set<() => void>();

function read(): Favorites {
  if (current === null) {
    try {
      current = parseFavorites(window.localStorage.getItem(FAVORITES_STORAGE_KEY));
    } catch {
      current = [];
    }
  }
  return current;
}

function write(next: Favorites) {
  current = next;
  try {
    window.localStorage.setItem(FAVORITES_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Private mode or a full storage: the heart still works for this page view.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === FAVORITES_STORAGE_KEY || event.key === null) {
      current = null;
      listener();
    }
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** Whether the product is a favourite, and a function that flips it. */
export function useFavorite(productId: number): [boolean, () => void] {
  const getSnapshot = useCallback(() => isFavorite(read(), productId), [productId]);
  const favorite = useSyncExternalStore(subscribe, getSnapshot, () => false);
  const toggle = useCallback(() => write(toggleFavorite(read(), productId)), [productId]);
  return [favorite, toggle];
}
