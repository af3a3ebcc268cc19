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
import type { ProductCardData } from "~/lib/catalog";
import { createLocalStorageStore } from "~/components/ui/local-storage-store";

/** The cart lives in localStorage (spec section 4); the server always renders an empty cart. */
const EMPTY: Cart = [];
const { read, write, subscribe } = createLocalStorageStore(CART_STORAGE_KEY, parseStoredCart);

export const cartActions = {
  add: (product: ProductCardData, choice: CartChoice) => write(addToCart(read(), product, choice)),
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
