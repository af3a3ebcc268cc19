import type { ImageRef, ProductCardData } from "../catalog/catalog";
import { countLabel } from "../format/plural";
import type { StockGrid } from "../catalog/variant-choice";
import { addLimit, stockOf, variantLabel } from "../catalog/variants";

/** Stored in localStorage under the shop-name prefix plus `_cart`, the earlier site's key. */
export const CART_STORAGE_KEY = "erick_cart";
export const MAX_LINE_QUANTITY = 99;

export type CartItem = {
  cartItemId: string;
  id: number;
  name: string;
  shopName: string;
  category: string;
  priceCents: number | null;
  size: string | null;
  color: string | null;
  quantity: number;
  image: ImageRef | null;
};
export type Cart = CartItem[];

export type CartChoice = { size: string | null; color: string | null; quantity?: number };

/** The spec's id: product, size, colour and the moment it was added. */
function makeCartItemId(productId: number, size: string | null, color: string | null, now: number) {
  return `${productId}-${size ?? ""}-${color ?? ""}-${now}`;
}

function clampQuantity(quantity: number) {
  return Math.min(Math.max(Math.trunc(quantity), 1), MAX_LINE_QUANTITY);
}

/** A line with the same product, size and colour grows; otherwise a new line is added. */
export function addToCart(cart: Cart, product: ProductCardData, choice: CartChoice, now = Date.now()): Cart {
  const quantity = clampQuantity(choice.quantity ?? 1);
  const existing = cart.find(
    (item) => item.id === product.id && item.size === choice.size && item.color === choice.color,
  );
  if (existing) {
    return cart.map((item) =>
      item === existing ? { ...item, quantity: clampQuantity(item.quantity + quantity) } : item,
    );
  }
  const item: CartItem = {
    cartItemId: makeCartItemId(product.id, choice.size, choice.color, now),
    id: product.id,
    name: product.name,
    shopName: product.shop.name,
    category: product.category,
    priceCents: product.priceCents,
    size: choice.size,
    color: choice.color,
    quantity,
    image: product.image satisfies ImageRef | null,
  };
  return [...cart, item];
}

/** Units of this product, size and colour already in the cart. */
export function quantityInCart(cart: Cart, productId: number, size: string | null, color: string | null): number {
  return cart
    .filter((item) => item.id === productId && item.size === size && item.color === color)
    .reduce((sum, item) => sum + item.quantity, 0);
}

/**
 * Why `quantity` more of a size and colour cannot go in the cart (what is already there counts), or
 * null when the shelf holds them: 'Temos só 2 unidades deste tamanho', the words.
 */
export function stockRefusal(cart: Cart, product: StockGrid & { id: number; maxUnitsPerLine?: number }, choice: CartChoice): string | null {
  const shown = stockOf(product, choice.size, choice.color);
  const inCart = quantityInCart(cart, product.id, choice.size, choice.color);
  if (shown <= 0) return `${variantLabel(choice) || "Produto"} esgotado`;
  const { max, message } = addLimit(shown, product);
  if (inCart + (choice.quantity ?? 1) <= max) return null;
  const already = inCart > 0 ? `. Você já tem ${countLabel(inCart, "unidade", "unidades")} no carrinho` : "";
  return `${message.replace(/\.$/, "")}${already}`;
}

/** addToCart within the variant's stock: the new cart, or the unchanged one and the refusal. */
export function addWithinStock(
  cart: Cart,
  product: ProductCardData,
  choice: CartChoice,
  now = Date.now(),
): { cart: Cart; refusal: string | null } {
  const refusal = stockRefusal(cart, product, choice);
  return refusal ? { cart, refusal } : { cart: addToCart(cart, product, choice, now), refusal: null };
}

export function removeFromCart(cart: Cart, cartItemId: string): Cart {
  return cart.filter((item) => item.cartItemId !== cartItemId);
}

/** Below 1 removes the line. */
export function setCartQuantity(cart: Cart, cartItemId: string, quantity: number): Cart {
  if (!Number.isFinite(quantity) || quantity < 1) return removeFromCart(cart, cartItemId);
  return cart.map((item) => (item.cartItemId === cartItemId ? { ...item, quantity: clampQuantity(quantity) } : item));
}

export type CartTotals = { totalCents: number; itemCount: number; hasConsultItems: boolean };

/** Missing prices count as 0; the flag tells the shopper some prices must be consulted. */
export function cartTotals(cart: Cart): CartTotals {
  let totalCents = 0;
  let itemCount = 0;
  let hasConsultItems = false;
  for (const item of cart) {
    itemCount += item.quantity;
    if (item.priceCents === null) hasConsultItems = true;
    else totalCents += item.priceCents * item.quantity;
  }
  return { totalCents, itemCount, hasConsultItems };
}

const isString = (value: unknown): value is string => typeof value === "string";
const isNullableString = (value: unknown): value is string | null => value === null || typeof value === "string";
const isWhole = (value: unknown, min: number, max = Number.MAX_SAFE_INTEGER): value is number =>
  Number.isInteger(value) && (value as number) >= min && (value as number) <= max;

function isImageRef(value: unknown): value is ImageRef {
  if (typeof value !== "object" || value === null) return false;
  const image = value as Record<string, unknown>;
  return (
    isString(image.key) &&
    typeof image.width === "number" &&
    typeof image.height === "number" &&
    Array.isArray(image.widths) &&
    image.widths.every((width) => typeof width === "number") &&
    isString(image.alt)
  );
}

/**
 * Is this a cart line as this code writes it? Checked by hand rather than with zod, so the cart (on
 * every page) does not pull the validation library into the first page load.
 */
function isCartItem(value: unknown): value is CartItem {
  if (typeof value !== "object" || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    isString(item.cartItemId) &&
    item.cartItemId.length > 0 &&
    isWhole(item.id, 1) &&
    isString(item.name) &&
    isString(item.shopName) &&
    isString(item.category) &&
    (item.priceCents === null || isWhole(item.priceCents, 0)) &&
    isNullableString(item.size) &&
    isNullableString(item.color) &&
    isWhole(item.quantity, 1, MAX_LINE_QUANTITY) &&
    (item.image === null || isImageRef(item.image))
  );
}

/** The cart from what localStorage held (../storage/stored-json.ts): the valid lines of a damaged or older cart. */
export function cartFromStored(data: unknown): Cart {
  return Array.isArray(data) ? data.filter(isCartItem) : [];
}

/** What the server needs of the cart to record an order: never prices (it reads its own). */
export function orderLinesJson(cart: Cart): string {
  return JSON.stringify(cart.map(({ id, size, color, quantity }) => ({ productId: id, size, color, quantity })));
}
