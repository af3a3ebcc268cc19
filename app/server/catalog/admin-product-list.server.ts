// What the admin reads of the catalogue: the product list (inactive products too) and the product
// as the edit form shows it.
import { productFiscalFieldsOf } from "~/lib/fiscal/product-fiscal";
import { and, count, desc, eq, gt, inArray, or, sql, type SQL } from "drizzle-orm";
import { media, products, productVariants, shops, storeLocations } from "#database/schema";
import { ADMIN_PAGE_SIZE, pageCount as pagesFor } from "~/lib/lists/admin-list";
import type { AdminProductFilters, AdminProductPage } from "~/lib/catalog/admin-products";
import type { ImageRef } from "~/lib/catalog/catalog";
import type { PickableProduct } from "~/lib/catalog/product-picker";
import { type EditableProduct } from "~/lib/catalog/product.schema";
import { storeOptionFor, type StoreOption } from "~/lib/catalog/store-options";
import { LOW_STOCK_MAX } from "~/lib/catalog/variants";
import type { DatabaseOrTransaction } from "../db/database.server";
import { productSearchCondition, productSearchRank } from "./product-search.server";
import { unitsByStoreSlug, variantGrid, variantsAtStore } from "./variants.server";

/** The listed product's variants with 0–3 units, for a subquery of the list's one query. */
const lowVariants = sql`from ${productVariants} where ${productVariants.productId} = ${products.id} and ${productVariants.stock} <= ${LOW_STOCK_MAX}`;

function filterConditions(filters: AdminProductFilters): SQL[] {
  // The storefront's search: every word, ignoring case and accents, in Portuguese word forms.
  const conditions: SQL[] = [];
  const search = productSearchCondition(filters.q);
  if (search) conditions.push(search);
  if (filters.category) conditions.push(eq(products.category, filters.category));
  if (filters.shop) conditions.push(eq(shops.slug, filters.shop));
  if (filters.stock === "com") conditions.push(gt(products.stock, 0));
  if (filters.stock === "sem") conditions.push(eq(products.stock, 0));
  if (filters.stock === "baixo") conditions.push(sql`exists (select 1 ${lowVariants})`);
  if (filters.stock === "conferir") conditions.push(eq(products.stockNeedsReview, true));
  return conditions;
}

/** One page of every product (inactive ones too), newest first. */
export async function listAdminProducts(db: DatabaseOrTransaction, filters: AdminProductFilters): Promise<AdminProductPage> {
  const where = and(...filterConditions(filters));
  const [totalRow] = await db
    .select({ total: count() })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(where);
  const total = totalRow?.total ?? 0;
  const pageCount = pagesFor(total);
  const page = Math.min(filters.page, pageCount);
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      shopName: shops.name,
      category: products.category,
      priceCents: products.priceCents,
      stock: products.stock,
      sizeCount: sql<number>`cardinality(${products.sizes})`,
      colorCount: sql<number>`cardinality(${products.colors})`,
      lowVariants: sql<number>`(select count(*)::int ${lowVariants})`,
      stockNeedsReview: products.stockNeedsReview,
      featured: products.featured,
      active: products.active,
      cover: { key: media.key, width: media.width, height: media.height, widths: media.widths, alt: media.alt },
    })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .leftJoin(media, eq(media.key, sql`${products.images}[1]`))
    .where(where)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE);
  return {
    products: rows.map(({ cover, ...row }) => ({ ...row, image: cover?.key ? (cover as ImageRef) : null })),
    total,
    page,
    pageCount,
  };
}

export type AdminProductDetail = EditableProduct & { id: number; images: ImageRef[]; stockNeedsReview: boolean };

async function imagesByKey(db: DatabaseOrTransaction, keys: string[]): Promise<ImageRef[]> {
  if (keys.length === 0) return [];
  const rows = await db.select().from(media).where(inArray(media.key, keys));
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return keys.flatMap((key) => {
    const row = byKey.get(key);
    return row ? [{ key, width: row.width, height: row.height, widths: row.widths, alt: row.alt }] : [];
  });
}

/** Any product (active or not) as the edit form shows it, among the form's store options; null when there is none. */
export async function getProductForEdit(db: DatabaseOrTransaction, id: number, stores: readonly StoreOption[]): Promise<AdminProductDetail | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  const [row] = await db
    .select({ product: products, shopSlug: shops.slug, locationSlug: storeLocations.slug })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .leftJoin(storeLocations, eq(storeLocations.id, products.storeLocationId))
    .where(eq(products.id, id));
  if (!row) return null;
  const { product } = row;
  const variants = (await variantsAtStore(db, [product.id])).get(product.id) ?? [];
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    priceCents: product.priceCents,
    oldPriceCents: product.oldPriceCents,
    category: product.category,
    store: storeOptionFor(stores, row.locationSlug, row.shopSlug)?.value ?? null,
    subcategory: product.subcategory,
    brand: product.brand,
    gender: product.gender,
    variants: variantGrid(product, variants),
    storeUnits: await unitsByStoreSlug(db, product),
    stockNeedsReview: product.stockNeedsReview,
    sizes: product.sizes,
    colors: product.colors,
    featured: product.featured,
    active: product.active,
    weightGrams: product.weightGrams,
    heightCm: product.heightCm,
    widthCm: product.widthCm,
    lengthCm: product.lengthCm,
    fiscal: productFiscalFieldsOf(product),
    images: await imagesByKey(db, product.images),
  };
}


/**
 * The admin's product picker: products (inactive ones too) whose name, category, brand or shop has
 * every typed word, as the product list searches; digits alone also find the product of that code.
 * Best matches first, at most `limit`.
 */
export async function pickableProducts(db: DatabaseOrTransaction, query: string, limit: number): Promise<PickableProduct[]> {
  const search = productSearchCondition(query);
  if (!search) return [];
  const code = /^\d{1,9}$/.test(query.trim()) ? Number(query.trim()) : null;
  const rank = productSearchRank(query);
  return db
    .select({ id: products.id, name: products.name, shopName: shops.name, priceCents: products.priceCents, active: products.active })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(code === null ? search : or(eq(products.id, code), search))
    .orderBy(
      ...(code === null ? [] : [sql`${products.id} = ${code} desc`]),
      desc(products.active),
      ...(rank ? [desc(rank)] : []),
      products.name,
    )
    .limit(limit);
}

/** The named products among `ids`, in that order (ids of products since deleted are left out). */
export async function pickedProducts(db: DatabaseOrTransaction, ids: number[]): Promise<PickableProduct[]> {
  const wanted = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647);
  if (wanted.length === 0) return [];
  const rows = await db
    .select({ id: products.id, name: products.name, shopName: shops.name, priceCents: products.priceCents, active: products.active })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(inArray(products.id, wanted));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return wanted.flatMap((id) => byId.get(id) ?? []);
}
