// The stock screen of one store (/admin/estoque): what its shelf holds of each product's sizes ×
// colours. Read-only: a count that is wrong is corrected through the store's stock count (balanço).
import { pageParam, searchParam } from "../lists/admin-list";
import { parseId } from "../forms/ids";

export const STORE_STOCK_PATH = "/admin/estoque";

/** One product at the store: its sizes and colours in its own order, and the units of each pair there. */
export type StoreStockProduct = {
  id: number;
  name: string;
  shopName: string;
  active: boolean;
  /** '' when the product has no sizes (or no colours). */
  sizes: string[];
  colors: string[];
  /** Units at the store by `${size}|${color}` (a missing pair: 0). */
  units: Record<string, number>;
  totalUnits: number;
};

export type StoreStockList = { products: StoreStockProduct[]; total: number; page: number; pageCount: number };

export type StoreStockFilters = { storeId: number | null; q: string; page: number };

/** `/admin/estoque?loja=2&q=tenis&pagina=2`; unknown values are ignored. */
export function parseStoreStockFilters(searchParams: URLSearchParams): StoreStockFilters {
  return { storeId: parseId(searchParams.get("loja")), q: searchParam(searchParams), page: pageParam(searchParams) };
}

export function unitsKey(size: string, color: string): string {
  return `${size}|${color}`;
}
