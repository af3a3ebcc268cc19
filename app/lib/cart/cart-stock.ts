// The cart's re-check against the shelf (/api/estoque), loaded by the cart page only: which products
// to ask about, how far a line's stepper may go, and the cart brought down to what is left.
import type { Cart, CartItem } from "./cart";
import { countLabel } from "../format/plural";
import type { StockGrid } from "../catalog/variant-choice";
import { stockLimitMessage, stockOf, variantIndex, variantLabel } from "../catalog/variants";

/** /api/estoque: the stock of the cart's products, at most this many per request. */
export const CART_STOCK_PATH = "/api/estoque";
export const MAX_STOCK_IDS = 50;

/** A product's stock as /api/estoque answers it; `active` false: no longer on sale. */
export type ProductStock = StockGrid & { id: number; active: boolean };

/** The `ids` parameter of /api/estoque ("1,2,3"): up to MAX_STOCK_IDS distinct ids, else null. */
export function parseStockIds(param: string | null): number[] | null {
  if (!param) return null;
  const parts = param.split(",");
  if (parts.length > MAX_STOCK_IDS) return null;
  const ids: number[] = [];
  for (const part of parts) {
    // The same bounds as app/lib/ids.ts parseId, without pulling zod into the cart's bundle.
    if (!/^\d{1,10}$/.test(part)) return null;
    const id = Number(part);
    if (id < 1 || id > 2_147_483_647) return null;
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** The cart's products whose stock is not known yet, in id order. */
export function idsToCheck(cart: Cart, known: { has: (id: number) => boolean }): number[] {
  return [...new Set(cart.map((item) => item.id))].filter((id) => !known.has(id)).sort((a, b) => a - b);
}

/** The /api/estoque requests for these ids, MAX_STOCK_IDS each. */
export function stockRequestUrls(ids: readonly number[]): string[] {
  const urls: string[] = [];
  for (let start = 0; start < ids.length; start += MAX_STOCK_IDS) {
    urls.push(`${CART_STOCK_PATH}?ids=${ids.slice(start, start + MAX_STOCK_IDS).join(",")}`);
  }
  return urls;
}

/** How far a line's stepper may go, and what it says past that; null while the stock is unknown. */
export function lineStockLimit(item: CartItem, stock: ProductStock | undefined): { available: number; message: string } | null {
  if (!stock) return null;
  const available = stockOf(stock, item.size, item.color);
  return { available, message: stockLimitMessage(available, stock) };
}

/**
 * The cart measured against the shelf: a line asking for more than is left goes down to what is left
 * (lines of one variant share its units), a sold-out line or one no longer on sale leaves the cart,
 * each with a sentence for the shopper. Lines of products not in `stocks` (`checkedIds` minus the
 * answer: deleted products) leave too; lines of products not checked stay as they are.
 */
export function reconcileCart(
  cart: Cart,
  stocks: readonly ProductStock[],
  checkedIds: ReadonlySet<number>,
): { cart: Cart; changes: string[] } {
  const byId = new Map(stocks.map((stock) => [stock.id, stock]));
  const used = new Map<string, number>();
  const changes: string[] = [];
  const next: Cart = [];
  for (const item of cart) {
    if (!checkedIds.has(item.id)) {
      next.push(item);
      continue;
    }
    const stock = byId.get(item.id);
    const label = variantLabel(item);
    const name = label ? `${item.name} (${label})` : item.name;
    if (!stock || !stock.active || variantIndex(stock, item.size, item.color) < 0) {
      changes.push(`${name} não está mais à venda e saiu do carrinho.`);
      continue;
    }
    const key = JSON.stringify([item.id, item.size, item.color]);
    const left = stockOf(stock, item.size, item.color) - (used.get(key) ?? 0);
    if (left <= 0) {
      changes.push(`${name} esgotou e saiu do carrinho.`);
      continue;
    }
    const quantity = Math.min(item.quantity, left);
    used.set(key, (used.get(key) ?? 0) + quantity);
    if (quantity < item.quantity) {
      changes.push(`${name}: temos só ${countLabel(quantity, "unidade", "unidades")}; a quantidade passou de ${item.quantity} para ${quantity}.`);
      next.push({ ...item, quantity });
    } else {
      next.push(item);
    }
  }
  return { cart: changes.length ? next : cart, changes };
}
