// The catalogue as the feeds read it: active products in keyset pages by id (never the whole
// catalogue in memory), each with its variants, its images that exist, its shop's name, whether the
// admin left it (or its shop) out, and its Google category.
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import { channelCategoryMappings, channelExcludedProducts, channelExcludedShops, media, products, shops } from "#database/schema";
import { categoryMappingKey, suggestedGoogleCategory } from "~/lib/channels/channels";
import type { DatabaseOrTransaction } from "../db/database.server";
import { variantsByProduct } from "../catalog/variants.server";
import type { FeedProduct } from "./feed-items.server";

export const FEED_PAGE_SIZE = 500;

export type FeedCatalogProduct = FeedProduct & {
  shopId: number;
  /** Left out of the feeds by the admin: the product itself, or its whole shop. */
  excludedBy: "product" | "shop" | null;
};

/** The admin's category corrections, by categoryMappingKey. */
export async function categoryMappings(db: DatabaseOrTransaction): Promise<Map<string, string>> {
  const rows = await db.select().from(channelCategoryMappings);
  return new Map(rows.map((row) => [categoryMappingKey(row.category, row.subcategory), row.googleCategory]));
}

/** The admin's mapping for the subcategory, else for the category, else the suggestion. */
export function googleCategoryOf(mappings: ReadonlyMap<string, string>, category: string, subcategory: string): string {
  return (
    mappings.get(categoryMappingKey(category, subcategory)) ??
    mappings.get(categoryMappingKey(category, "")) ??
    suggestedGoogleCategory(category, subcategory)
  );
}

/**
 * Every active product, `pageSize` at a time in id order. Run it inside one repeatable-read
 * transaction for a feed that is one moment of the catalogue.
 */
export async function* feedCatalogPages(db: DatabaseOrTransaction, pageSize = FEED_PAGE_SIZE): AsyncGenerator<FeedCatalogProduct[]> {
  const mappings = await categoryMappings(db);
  let after = 0;
  for (;;) {
    const rows = await db
      .select({
        id: products.id,
        name: products.name,
        description: products.description,
        category: products.category,
        subcategory: products.subcategory,
        brand: products.brand,
        gender: products.gender,
        priceCents: products.priceCents,
        oldPriceCents: products.oldPriceCents,
        sizes: products.sizes,
        colors: products.colors,
        images: products.images,
        shopId: shops.id,
        shopName: shops.name,
        productExcluded: sql<boolean>`${channelExcludedProducts.productId} is not null`,
        shopExcluded: sql<boolean>`${channelExcludedShops.shopId} is not null`,
      })
      .from(products)
      .innerJoin(shops, eq(shops.id, products.shopId))
      .leftJoin(channelExcludedProducts, eq(channelExcludedProducts.productId, products.id))
      .leftJoin(channelExcludedShops, eq(channelExcludedShops.shopId, products.shopId))
      .where(and(eq(products.active, true), gt(products.id, after)))
      .orderBy(asc(products.id))
      .limit(pageSize);
    if (rows.length === 0) return;
    after = rows[rows.length - 1]!.id;

    const keys = [...new Set(rows.flatMap((row) => row.images))];
    const [variants, stored] = await Promise.all([
      variantsByProduct(
        db,
        rows.map((row) => row.id),
      ),
      keys.length ? db.select({ key: media.key }).from(media).where(inArray(media.key, keys)) : Promise.resolve([]),
    ]);
    const existing = new Set(stored.map((row) => row.key));
    yield rows.map(({ images, productExcluded, shopExcluded, ...row }) => ({
      ...row,
      imageKeys: images.filter((key) => existing.has(key)),
      variants: variants.get(row.id) ?? [],
      googleCategory: googleCategoryOf(mappings, row.category, row.subcategory),
      excludedBy: productExcluded ? "product" : shopExcluded ? "shop" : null,
    }));
    if (rows.length < pageSize) return;
  }
}
