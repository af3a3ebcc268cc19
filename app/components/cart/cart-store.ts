import { useCallback, useSyncExternalStore } from "react";
import {
  addToCart,
  CART_STORAGE_KEY,
  cartTotals,
  parseStoredCart,
  removeFromCart,
  setCartQuantity,
  type Cart,
  type CartChoice,
} from "~/lib/cart";
import type { ProductSummary } from "~/lib/catalog";

/**
 * The cart lives in localStorage (spec section 4): loaded on start, saved on every change, and kept in
 * step across tabs through the `storage` event. The server always renders an empty cart.
 */
const EMPTY: Cart = [];
let current: Cart | null = null;
const listeners = new Set<() => void>();

function read(): Cart {
  if (current === null) {
    try {
      current = parseStoredCart(window.localStorage.getItem(CART_STORAGE_KEY));
    } catch {
      current = [];
    }
  }
  return current;
}

function write(next: Cart) {
  current = next;
  try {
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Private mode or a full storage: the cart still works for this page view.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_STORAGE_KEY || event.key === null) {
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

export const cartActions = {
  add: (product: ProductSummary, choice: CartChoice) => write(addToCart(read(), product, choice)),
  remove: (cartItemId: string) => write(removeFromCart(read(), cartItemId)),
  setQuantity: (cartItemId: string, quantity: number) => write(setCartQuantity(read(), cartItemId, quantity)),
  clear: () => write([]),
};

export function useCart() {
  const cart = useSyncExternalStore(subscribe, read, () => EMPTY);
  return { cart, totals: cartTotals(cart), ...cartActions };
}

/** Only the item count, for the header badge. */
export function useCartCount(): number {
  const getCount = useCallback(() => cartTotals(read()).itemCount, []);
  return useSyncExternalStore(subscribe, getCount, () => 0);
}
