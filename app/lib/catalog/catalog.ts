import type { PickupTown } from "~/lib/stores/pickup-today";
/** Catalogue vocabulary shared by the storefront, the admin and the server. */

/**
 * The four shops, in the menu's order: each has its storefront route (/calcados…), a fact of the code
 * written here only. The routes, the menu, the sitemap, the page cache's paths and the seed's rows
 * follow this list; what shoppers read of a shop (its names, slogan, colour) is its row in `shops`.
 */
export const SHOP_SLUGS = ["calcados", "variedades", "kids", "sports"] as const;
export type ShopSlug = (typeof SHOP_SLUGS)[number];

export const PRICE_BANDS = [
  { value: "all", label: "Todos os preços" },
  { value: "under100", label: "Até R$ 99,99" },
  { value: "100to200", label: "R$ 100,00 a R$ 199,99" },
  { value: "over200", label: "R$ 200,00 ou mais" },
  { value: "consult", label: "Consultar preço" },
] as const;
export type PriceBand = (typeof PRICE_BANDS)[number]["value"];

export type ShopSummary = { id: number; slug: string; name: string };

/** What a product card, the cart and the WhatsApp texts need to know of a product. */
export type ProductSummary = {
  id: number;
  name: string;
  description: string;
  category: string;
  shop: ShopSummary;
  priceCents: number | null;
  oldPriceCents: number | null;
  discountPercent: number | null;
  sizes: string[];
  colors: string[];
  /** Some size × colour has units on the shelf. */
  inStock: boolean;
  /**
   * Units per size × colour, in grid order (app/lib/catalog/variants.ts), as the storefront shows them:
   * at most shownStockCap(maxUnitsPerLine), so that a sale that leaves more than that changes no page.
   */
  variantStock: number[];
  /** The most of one size × colour an order takes (the settings'): what a page lets a shopper add past the cap. */
  maxUnitsPerLine: number;
  featured: boolean;
  image: ImageRef | null;
};

/**
 * What a product card shows and puts in the cart: lists send only this to the page (their router
 * data), not whether the product is featured nor the shop's id and address.
 */
export type ProductCardData = Omit<ProductSummary, "featured" | "shop"> & { shop: Pick<ShopSummary, "name"> };

export function productCardData({ featured: _featured, shop, ...card }: ProductSummary): ProductCardData {
  return { ...card, shop: { name: shop.name } };
}

export type ImageRef = { key: string; width: number; height: number; widths: number[]; alt: string };

export const PAGE_SIZE = 24;

/** An active product with all its images, as the product page shows it. */
export type ProductDetail = ProductSummary & {
  subcategory: string;
  brand: string;
  material: string;
  gender: string;
  storeLocationName: string | null;
  images: ImageRef[];
  /** Where each size × colour can be picked up today, by town ("Retire hoje"), units capped as variantStock's. */
  pickupTowns: PickupTown[];
};
