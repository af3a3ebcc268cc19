import { useCallback, useSyncExternalStore } from "react";
import {
  addWithinStock,
  CART_STORAGE_KEY,
  cartTotals,
  cartFromStored,
  removeFromCart,
  setCartQuantity,
  type Cart,
  type CartChoice,
} from "~/lib/cart/cart";
import type { ProductCardData } from "~/lib/catalog/catalog";
import { createLocalStorageStore } from "~/components/ui/local-storage-store";

/** The cart lives in localStorage, as in the shop's earlier site; the server always renders an empty cart. */
const EMPTY: Cart = [];
const { read, write, subscribe } = createLocalStorageStore(CART_STORAGE_KEY, cartFromStored);

export const cartActions = {
  /** Adds within the variant's stock; the refusal to show when it would go past it, else null. */
  addWithinStock: (product: ProductCardData, choice: CartChoice): string | null => {
    const { cart, refusal } = addWithinStock(read(), product, choice);
    if (!refusal) write(cart);
    return refusal;
  },
  /** Rewrites the cart as it is now (not as it was when a request left) with `change`, when it changes it. */
  update: (change: (cart: Cart) => Cart) => {
    const current = read();
    const next = change(current);
    if (next !== current) write(next);
  },
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
