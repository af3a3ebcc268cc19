// Stock per size × colour (docs/decisions/0015-stock-per-variant.md), as the storefront, the cart, the
// admin form and the server all read it. A product's variants form a grid: a row per size, a column
// per colour, in the order the product lists them; a product without sizes (or colours) has one row
// (or column) named ''. The grid travels as `variantStock`, the numbers in row order, so a list page
// sends a few bytes per product instead of a list of objects.
import { countLabel } from "../format/plural";
import { lineLimitMessage } from "../holds/order-limit-messages";

/** 1–3 left: 'Últimas unidades' for the shopper, a flag for the clerk. */
export const LOW_STOCK_MAX = 3;

export type VariantOption = { size: string; color: string };
type Axes = { sizes: readonly string[]; colors: readonly string[] };

const axis = (values: readonly string[]) => (values.length ? values : [""]);

/** Every size × colour of a product, in grid order (sizes first, then colours). */
export function variantOptions({ sizes, colors }: Axes): VariantOption[] {
  return axis(sizes).flatMap((size) => axis(colors).map((color) => ({ size, color })));
}

/** Where a size and colour sit in `variantStock`; -1 when the product has no such option. */
export function variantIndex({ sizes, colors }: Axes, size: string | null, color: string | null): number {
  const row = sizes.length ? sizes.indexOf(size ?? "\u0000") : size ? -1 : 0;
  const column = colors.length ? colors.indexOf(color ?? "\u0000") : color ? -1 : 0;
  return row < 0 || column < 0 ? -1 : row * axis(colors).length + column;
}

/** Units on the shelf for a size and colour (0 for options the product does not have). */
export function stockOf(product: Axes & { variantStock: readonly number[] }, size: string | null, color: string | null): number {
  const index = variantIndex(product, size, color);
  return index < 0 ? 0 : (product.variantStock[index] ?? 0);
}

/** The key of a size × colour in maps and form fields: JSON, so any text in either stays apart. */
export function variantKey(size: string, color: string): string {
  return JSON.stringify([size, color]);
}

/** What a size or colour is called in a message: 'Tam. 38 / Preto', 'Tam. 38', 'Preto' or ''. */
export function variantLabel({ size, color }: { size: string | null; color: string | null }): string {
  return [size ? `Tam. ${size}` : "", color ?? ""].filter(Boolean).join(" / ");
}

/**
 * The refusal when a shopper asks for more than the shelf holds: 'Temos só 2 unidades deste tamanho
 * nesta cor' (the stock is per size × colour), or 'deste tamanho', 'desta cor', 'deste produto' when
 * the product has only sizes, only colours or neither.
 */
export function stockLimitMessage(available: number, product: Axes): string {
  const of = product.sizes.length
    ? product.colors.length
      ? "deste tamanho nesta cor"
      : "deste tamanho"
    : product.colors.length
      ? "desta cor"
      : "deste produto";
  return `Temos só ${countLabel(available, "unidade", "unidades")} ${of}`;
}

/**
 * The storefront's pages show a shelf only up to this many units (app/server/catalog/shown-stock.server.ts,
 * the same rule as the database's erick_shown_stock, migration 0055): more than a shopper may take of
 * one size × colour in an order (the settings' maxUnitsPerLine) changes nothing on the page, so a sale
 * that leaves 56 of 57 makes no page stale. Never below 'Últimas unidades''s 1–3 plus one, so that the
 * note stays true.
 */
export function shownStockCap(maxUnitsPerLine: number): number {
  return Math.max(maxUnitsPerLine, LOW_STOCK_MAX + 1);
}

/**
 * How many of a size × colour a page lets a shopper add, from the units it shows (capped, above) and
 * the per-order limit, and what to say past it: the shelf's 'Temos só 2 unidades…' when the shelf is
 * the smaller, else the limit, which is true however many the shelf holds past the cap.
 */
export function addLimit(shown: number, product: Axes & { maxUnitsPerLine?: number }): { max: number; message: string } {
  const perOrder = product.maxUnitsPerLine;
  if (perOrder === undefined || shown < perOrder) return { max: shown, message: stockLimitMessage(shown, product) };
  return { max: perOrder, message: lineLimitMessage(perOrder) };
}

/** What the product page says of a variant: nothing, 'Últimas unidades' or 'Esgotado'. */
export function stockNote(stock: number): "Esgotado" | "Últimas unidades" | null {
  if (stock <= 0) return "Esgotado";
  return stock <= LOW_STOCK_MAX ? "Últimas unidades" : null;
}
