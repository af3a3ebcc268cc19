import { and, asc, count, desc, eq, gte, inArray, isNull, lt, ne, sql, type SQL } from "drizzle-orm";
import { media, products, shops, storeLocations } from "#database/schema";
import { PAGE_SIZE, type ProductDetail, type ProductSummary } from "~/lib/catalog";
import { discountPercent } from "~/lib/money";
import type { ProductFilters } from "~/lib/product-filters";
import type { DatabaseOrTransaction } from "../db/database.server";
import { productSearchCondition, productSearchRank } from "./product-search.server";

const summaryColumns = {
  id: products.id,
  name: products.name,
  description: products.description,
  category: products.category,
  priceCents: products.priceCents,
  oldPriceCents: products.oldPriceCents,
  sizes: products.sizes,
  colors: products.colors,
  stock: products.stock,
  featured: products.featured,
  shopId: shops.id,
  shopSlug: shops.slug,
  shopName: shops.name,
  coverKey: media.key,
  coverWidth: media.width,
  coverHeight: media.height,
  coverWidths: media.widths,
  coverAlt: media.alt,
};

type SummaryRow = Awaited<ReturnType<typeof summaryQuery>>[number];

function toSummary(row: SummaryRow): ProductSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    shop: { id: row.shopId, slug: row.shopSlug, name: row.shopName },
    priceCents: row.priceCents,
    oldPriceCents: row.oldPriceCents,
    discountPercent: discountPercent(row.priceCents, row.oldPriceCents),
    sizes: row.sizes,
    colors: row.colors,
    inStock: row.stock > 0,
    featured: row.featured,
    image:
      row.coverKey && row.coverWidth && row.coverHeight && row.coverWidths
        ? { key: row.coverKey, width: row.coverWidth, height: row.coverHeight, widths: row.coverWidths, alt: row.coverAlt ?? "" }
        : null,
  };
}

function summaryQuery(db: DatabaseOrTransaction) {
  return db
    .select(summaryColumns)
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .leftJoin(media, eq(media.key, sql`${products.images}[1]`));
}

function filterConditions(filters: ProductFilters): SQL[] {
  const conditions: SQL[] = [eq(products.active, true)];
  const search = productSearchCondition(filters.q);
  if (search) conditions.push(search);
  if (filters.category) conditions.push(eq(products.category, filters.category));
  if (filters.shop) conditions.push(eq(shops.slug, filters.shop));
  switch (filters.price) {
    case "consult":
      conditions.push(isNull(products.priceCents));
      break;
    case "under100":
      conditions.push(lt(products.priceCents, 100_00));
      break;
    case "100to200":
      conditions.push(gte(products.priceCents, 100_00), lt(products.priceCents, 200_00));
      break;
    case "over200":
      conditions.push(gte(products.priceCents, 200_00));
      break;
    case "all":
      break;
  }
  return conditions;
}

/**
 * Counting every match costs a visit to every matching row: at 100,000 products "tenis" matches tens
 * of thousands. Counting stops here, and the list says "mais de 1.000" instead.
 */
const COUNT_LIMIT = 1_000;

export type ProductPage = {
  products: ProductSummary[];
  /** The number of matches, or COUNT_LIMIT when there are more (then `totalCapped`). */
  total: number;
  totalCapped: boolean;
  page: number;
  pageCount: number;
};

/** One page of the storefront list, newest first (a search: best match first, up to `countLimit` matches), with the total found (up to `countLimit`). */
export async function listProducts(
  db: DatabaseOrTransaction,
  filters: ProductFilters,
  { countLimit = COUNT_LIMIT }: { countLimit?: number } = {},
): Promise<ProductPage> {
  const where = and(...filterConditions(filters));
  const matches = db
    .select({ id: products.id })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(where)
    // One row past the limit tells "exactly countLimit" from "more".
    .limit(countLimit + 1)
    .as("matches");
  const [totalRow] = await db.select({ total: count() }).from(matches);
  const found = totalRow?.total ?? 0;
  const totalCapped = found > countLimit;
  const total = Math.min(found, countLimit);
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(filters.page, pageCount);
  // A search lists the best matches first, when it has up to countLimit of them: ranking tens of
  // thousands ("tenis" at 100,000 products) means reading every one (a 100+ ms scan instead of an
  // index walk that stops after a page), so a search that broad lists the newest first, as the plain list does.
  const rank = totalCapped ? null : productSearchRank(filters.q);
  const rows = await summaryQuery(db)
    .where(where)
    .orderBy(...(rank ? [desc(rank), desc(products.id)] : [desc(products.id)]))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  return { products: rows.map(toSummary), total, totalCapped, page, pageCount };
}

export async function featuredProducts(db: DatabaseOrTransaction, limit = 4): Promise<ProductSummary[]> {
  const rows = await summaryQuery(db)
    .where(and(eq(products.active, true), eq(products.featured, true)))
    .orderBy(desc(products.id))
    .limit(limit);
  return rows.map(toSummary);
}

export async function relatedProducts(
  db: DatabaseOrTransaction,
  product: { id: number; category: string },
  limit = 4,
): Promise<ProductSummary[]> {
  const rows = await summaryQuery(db)
    .where(and(eq(products.active, true), eq(products.category, product.category), ne(products.id, product.id)))
    .orderBy(desc(products.id))
    .limit(limit);
  return rows.map(toSummary);
}

/** The active products among `ids`, in the order of `ids` (for lists kept elsewhere, such as favourites). */
export async function productSummariesByIds(db: DatabaseOrTransaction, ids: readonly number[]): Promise<ProductSummary[]> {
  if (ids.length === 0) return [];
  const rows = await summaryQuery(db).where(and(eq(products.active, true), inArray(products.id, [...ids])));
  const byId = new Map(rows.map((row) => [row.id, toSummary(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** An active product with all its images, or null. */
export async function getProduct(db: DatabaseOrTransaction, id: number): Promise<ProductDetail | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  const [row] = await summaryQuery(db)
    .where(and(eq(products.id, id), eq(products.active, true)))
    .limit(1);
  if (!row) return null;
  const [extra] = await db
    .select({
      subcategory: products.subcategory,
      brand: products.brand,
      material: products.material,
      gender: products.gender,
      stock: products.stock,
      images: products.images,
      updatedAt: products.updatedAt,
      storeLocationName: storeLocations.name,
    })
    .from(products)
    .leftJoin(storeLocations, eq(storeLocations.id, products.storeLocationId))
    .where(eq(products.id, id));
  if (!extra) return null;
  const imageRows = extra.images.length
    ? await db
        .select()
        .from(media)
        .where(inArray(media.key, extra.images))
    : [];
  const byKey = new Map(imageRows.map((image) => [image.key, image]));
  const images = extra.images.flatMap((key) => {
    const image = byKey.get(key);
    return image ? [{ key, width: image.width, height: image.height, widths: image.widths, alt: image.alt }] : [];
  });
  return { ...toSummary(row), ...extra, images };
}

export type Shop = typeof shops.$inferSelect;
export type StoreLocation = typeof storeLocations.$inferSelect & { shopSlug: string };

export function listShops(db: DatabaseOrTransaction): Promise<Shop[]> {
  return db.select().from(shops).orderBy(asc(shops.position), asc(shops.id));
}

export async function listStoreLocations(db: DatabaseOrTransaction): Promise<StoreLocation[]> {
  const rows = await db
    .select({ location: storeLocations, shopSlug: shops.slug })
    .from(storeLocations)
    .innerJoin(shops, eq(shops.id, storeLocations.shopId))
    .orderBy(asc(storeLocations.position), asc(storeLocations.id));
  return rows.map((row) => ({ ...row.location, shopSlug: row.shopSlug }));
}

/** Ids and dates for the sitemap, newest first. */
export function listProductIdsForSitemap(db: DatabaseOrTransaction, limit = 50_000) {
  return db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.active, true))
    .orderBy(desc(products.id))
    .limit(limit);
}

export type NewProduct = Omit<typeof products.$inferInsert, "id" | "searchText" | "searchVector" | "createdAt" | "updatedAt">;

/** Creates a product (the database writes its search text); used by the seed, the import and the admin. */
export async function createProduct(db: DatabaseOrTransaction, input: NewProduct): Promise<number> {
  const [row] = await db
    .insert(products)
    .values(input)
    .returning({ id: products.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}

