// What a shopper may pick on the product page and the card's quick-add, read from the product's stock
// grid (app/lib/variants.ts). Sizes are judged in the chosen colour, since that is the pair that would
// leave the shelf; a colour is sold out only when none of its sizes has a unit, so switching colour
// never leads to a dead end.
import { stockOf, variantOptions } from "./variants";

/** A product's sizes, colours and units per size × colour, as the storefront and /api/estoque send them. */
export type StockGrid = { sizes: readonly string[]; colors: readonly string[]; variantStock: readonly number[] };

const orNull = (value: string) => value || null;

/**
 * The first size and colour (grid order) with units, as the cart writes them (null for none); null when
 * all are out. With `size` (a list filtered by it), the first colour with units of that size when it has any.
 */
export function firstInStock(product: StockGrid, size?: string | null): { size: string | null; color: string | null } | null {
  const onShelf = variantOptions(product).filter((option) => stockOf(product, orNull(option.size), orNull(option.color)) > 0);
  const found = onShelf.find((option) => option.size === size) ?? onShelf[0];
  return found ? { size: orNull(found.size), color: orNull(found.color) } : null;
}

/** Some size of this colour has units (a product without sizes: the colour itself). */
export function colorInStock(product: StockGrid, color: string): boolean {
  const sizes = product.sizes.length ? product.sizes : [null];
  return sizes.some((size) => stockOf(product, size, color) > 0);
}

/** The first size with units in this colour, or null. */
export function firstSizeInStock(product: StockGrid, color: string | null): string | null {
  return product.sizes.find((size) => stockOf(product, size, color) > 0) ?? null;
}

export type SizeState = {
  size: string;
  /** Units of this size in the chosen colour. */
  stock: number;
  /** When sold out in the chosen colour: the other colours that still have it. */
  otherColors: string[];
};

/** Each size in the chosen colour: its units and, when it is out, where else it is on the shelf. */
export function sizeStates(product: StockGrid, color: string | null): SizeState[] {
  return product.sizes.map((size) => {
    const stock = stockOf(product, size, color);
    const otherColors = stock > 0 ? [] : product.colors.filter((other) => other !== color && stockOf(product, size, other) > 0);
    return { size, stock, otherColors };
  });
}
