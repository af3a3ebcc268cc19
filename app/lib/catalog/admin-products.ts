// The admin product list's URL: filters, page and the notice shown after a save or a delete.
import { pageParam, searchParam } from "../lists/admin-list";
import { SHOP_SLUGS, type ImageRef, type ShopSlug } from "./catalog";
import { CATEGORIES, type Category } from "./categories";
import { countLabel } from "../format/plural";
import { PRODUCT_MESSAGES } from "./product.schema";
import { LOW_STOCK_MAX } from "./variants";

export const STOCK_FILTERS = [
  { value: "all", label: "Todos" },
  { value: "com", label: "Em estoque" },
  { value: "sem", label: "Sem estoque" },
  /** A size or colour with 0–3 units (LOW_STOCK_MAX). */
  { value: "baixo", label: `Baixo (0–${LOW_STOCK_MAX})` },
  /** Stock spread over the sizes by the variants migration, not yet saved by a clerk. */
  { value: "conferir", label: "A conferir" },
] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number]["value"];

export type AdminProductFilters = {
  q: string;
  category: Category | null;
  shop: ShopSlug | null;
  stock: StockFilter;
  page: number;
};

/** `?q=…&categoria=…&loja=…&estoque=com|sem&pagina=2`; unknown or malformed values are ignored. */
export function parseAdminProductFilters(params: URLSearchParams): AdminProductFilters {
  const category = CATEGORIES.find((c) => c === params.get("categoria")) ?? null;
  const shop = SHOP_SLUGS.find((s) => s === params.get("loja")) ?? null;
  const stock = STOCK_FILTERS.find((s) => s.value === params.get("estoque"))?.value ?? "all";
  return { q: searchParam(params).replace(/\s+/g, " "), category, shop, stock, page: pageParam(params) };
}

export function hasAdminFilters(filters: AdminProductFilters): boolean {
  return Boolean(filters.q || filters.category || filters.shop || filters.stock !== "all");
}

/**
 * After a save or a delete the list opens with `?aviso=…`; only these keys are shown, so a crafted
 * link cannot put arbitrary text on the page.
 */
export const PRODUCT_NOTICES = {
  cadastrado: PRODUCT_MESSAGES.created,
  atualizado: PRODUCT_MESSAGES.updated,
  excluido: PRODUCT_MESSAGES.deleted,
} as const;
export type ProductNotice = keyof typeof PRODUCT_NOTICES;
export const NOTICE_PARAM = "aviso";
/** `?mesmoNome=<id>`: the product just saved has the name of another product of its store. */
export const SAME_NAME_PARAM = "mesmoNome";

export function noticeFrom(params: URLSearchParams): ProductNotice | null {
  const value = params.get(NOTICE_PARAM);
  return value && Object.hasOwn(PRODUCT_NOTICES, value) ? (value as ProductNotice) : null;
}

/** One product of the admin list. */
export type AdminProductRow = {
  id: number;
  name: string;
  shopName: string;
  category: string;
  priceCents: number | null;
  /** The sum of its variants. */
  stock: number;
  sizeCount: number;
  colorCount: number;
  /** Variants with 0–3 units. */
  lowVariants: number;
  stockNeedsReview: boolean;
  featured: boolean;
  active: boolean;
  image: ImageRef | null;
};

/**
 * '2 tamanhos com 0–3' on a product card: its sizes (or colours, or size × colour 'variações') that
 * are nearly or quite sold out. Nothing for a product with one variant (its total says it all) or
 * with no stock at all ('Sem estoque').
 */
export function lowVariantsLabel(row: Pick<AdminProductRow, "stock" | "sizeCount" | "colorCount" | "lowVariants">): string | null {
  if (row.lowVariants === 0 || row.stock === 0 || Math.max(row.sizeCount, 1) * Math.max(row.colorCount, 1) < 2) return null;
  const [one, many] = row.sizeCount && row.colorCount ? ["variação", "variações"] : row.sizeCount ? ["tamanho", "tamanhos"] : ["cor", "cores"];
  return `${countLabel(row.lowVariants, one, many)} com 0–${LOW_STOCK_MAX}`;
}

export type AdminProductPage = { products: AdminProductRow[]; total: number; page: number; pageCount: number };
