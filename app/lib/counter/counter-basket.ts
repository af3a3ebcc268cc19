// The counter's basket on the phone: the items of one sale before it is paid. Pure rules, so that the
// screen and its tests agree on merging, removing and the total.
import type { OrderLineRequest } from "../orders/checkout.schema";
import { MAX_LINE_QUANTITY } from "../cart/cart";
import type { CounterProduct } from "./counter-sale";

export type BasketLine = {
  variantId: number;
  product: Pick<CounterProduct, "id" | "name" | "priceCents">;
  size: string;
  color: string;
  quantity: number;
};

/** Adds the line; the same size × colour already in the basket gets the units added (up to the line's maximum). */
export function addToBasket(basket: readonly BasketLine[], line: BasketLine): BasketLine[] {
  const existing = basket.find((item) => item.variantId === line.variantId);
  if (!existing) return [...basket, line];
  return basket.map((item) => (item === existing ? { ...item, quantity: Math.min(MAX_LINE_QUANTITY, item.quantity + line.quantity) } : item));
}

export function removeFromBasket(basket: readonly BasketLine[], variantId: number): BasketLine[] {
  return basket.filter((item) => item.variantId !== variantId);
}

/** Units of this size × colour already in the basket: the shelf must hold them and the ones being added. */
export function unitsInBasket(basket: readonly BasketLine[], variantId: number): number {
  return basket.find((item) => item.variantId === variantId)?.quantity ?? 0;
}

/** The sale's total; lines without a price are never added (the counter refuses "preço a consultar"). */
export function basketTotalCents(basket: readonly BasketLine[]): number {
  return basket.reduce((sum, item) => sum + (item.product.priceCents ?? 0) * item.quantity, 0);
}

/** What the form posts: the lines the server prices and takes from the store's shelf. */
export function basketOrderLines(basket: readonly BasketLine[]): OrderLineRequest[] {
  return basket.map((item) => ({ productId: item.product.id, size: item.size || null, color: item.color || null, quantity: item.quantity }));
}
