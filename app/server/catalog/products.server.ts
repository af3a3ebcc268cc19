import { and, asc, count, desc, eq, gte, inArray, isNull, lt, ne, sql, type SQL } from "drizzle-orm";
import { media, products, productVariants, shops, storeLocations } from "#database/schema";
import type { ProductStock } from "~/lib/cart/cart-stock";
import { PAGE_SIZE, type ProductDetail, type ProductSummary } from "~/lib/catalog/catalog";
import { discountPercent } from "~/lib/format/money";
import { sortSizes, type ProductFilters } from "~/lib/catalog/product-filters";
import type { DatabaseOrTransaction } from "../db/database.server";
import { productSearchCondition, productSearchRank } from "./product-search.server";
import { shownVariantStockByProduct, variantStockByProduct } from "./variants.server";
import type { CategoryNewestCache } from "./category-newest-cache.server";
import { variantIndex } from "~/lib/catalog/variants";
import type { PickupTown } from "~/lib/stores/pickup-today";

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

/** The rows as products with their stock per size × colour (one more query for all of them). */
async function toSummaries(db: DatabaseOrTransaction, rows: SummaryRow[]): Promise<ProductSummary[]> {
  const { stock, maxUnitsPerLine } = await shownVariantStockByProduct(db, rows);
  return rows.map((row) => toSummary(row, stock.get(row.id) ?? [], maxUnitsPerLine));
}

function toSummary(row: SummaryRow, variantStock: number[], maxUnitsPerLine: number): ProductSummary {
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
    variantStock,
    maxUnitsPerLine,
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
  // A product with the size on the shelf, in any colour (index product_variants_size_idx, partial on stock > 0).
  if (filters.size) {
    conditions.push(
      sql`exists (select 1 from ${productVariants} v where v.product_id = ${products.id} and v.size = ${filters.size} and v.stock > 0)`,
    );
  }
  return conditions;
}

/**
 * The sizes some active product has on the shelf, for the list's "Tamanho" filter, in reading order.
 * `select distinct` would read every in-stock variant (a million at 100,000 products); this loose
 * index scan hops through product_variants_size_idx instead, one probe per distinct size: each step
 * takes the next size above the last one that belongs to an active product. The whole catalogue's
 * sizes, also on a shop's page: narrowing them to one shop would make a step walk every variant of a
 * size the shop lacks.
 */
export async function inStockSizes(db: DatabaseOrTransaction): Promise<string[]> {
  const result = await db.execute<{ size: string }>(inStockSizesQuery());
  return sortSizes(result.rows.map((row) => row.size));
}

/** inStockSizes's query, apart so a test can EXPLAIN it. */
export function inStockSizesQuery(): SQL {
  return sql`
    with recursive found(size) as (
      select ''::text
      union all
      select (
        select v.size from ${productVariants} v
        join ${products} p on p.id = v.product_id and p.active
        where v.stock > 0 and v.size > found.size
        order by v.size
        limit 1
      )
      from found
      where found.size is not null
    )
    select size from found where size is not null and size <> ''`;
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
  return { products: await toSummaries(db, rows), total, totalCapped, page, pageCount };
}

export async function featuredProducts(db: DatabaseOrTransaction, limit = 4): Promise<ProductSummary[]> {
  const rows = await summaryQuery(db)
    .where(and(eq(products.active, true), eq(products.featured, true)))
    .orderBy(desc(products.id))
    .limit(limit);
  return toSummaries(db, rows);
}

/**
 * The newest `limit` active products of the product's category but itself. With `cache`, the
 * category's newest `limit + 1` come from it (read once per category until the catalogue changes).
 */
export async function relatedProducts(
  db: DatabaseOrTransaction,
  product: { id: number; category: string },
  limit = 4,
  cache?: CategoryNewestCache,
): Promise<ProductSummary[]> {
  if (!cache) {
    const rows = await summaryQuery(db)
      .where(and(eq(products.active, true), eq(products.category, product.category), ne(products.id, product.id)))
      .orderBy(desc(products.id))
      .limit(limit);
    return toSummaries(db, rows);
  }
  const newest = await cache.read(product.category, limit + 1, async () => {
    const rows = await summaryQuery(db)
      .where(and(eq(products.active, true), eq(products.category, product.category)))
      .orderBy(desc(products.id))
      .limit(limit + 1);
    return toSummaries(db, rows);
  });
  return newest.filter((summary) => summary.id !== product.id).slice(0, limit);
}

/**
 * The active products among `ids`, in the order of `ids` (for lists kept elsewhere, such as
 * favourites); `inactiveToo` for the admin's printing, where a hidden product's card is the owner's choice.
 */
export async function productSummariesByIds(db: DatabaseOrTransaction, ids: readonly number[], { inactiveToo = false } = {}): Promise<ProductSummary[]> {
  if (ids.length === 0) return [];
  const rows = await summaryQuery(db).where(and(inactiveToo ? undefined : eq(products.active, true), inArray(products.id, [...ids])));
  const byId = new Map((await toSummaries(db, rows)).map((summary) => [summary.id, summary]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * What the cart needs to re-check its lines (/api/estoque): sizes, colours and units per variant of
 * these products, active or not (an inactive one is no longer on sale: its stock is not sent).
 * Products that do not exist are left out.
 */
export async function productStock(db: DatabaseOrTransaction, ids: readonly number[]): Promise<ProductStock[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: products.id, sizes: products.sizes, colors: products.colors, active: products.active })
    .from(products)
    .where(inArray(products.id, [...ids]))
    .orderBy(asc(products.id));
  const stock = await variantStockByProduct(
    db,
    rows.filter((row) => row.active),
  );
  return rows.map((row) => ({ ...row, variantStock: stock.get(row.id) ?? [] }));
}

/**
 * An active product with all its images, or null. Two round trips: the product with its shop, cover
 * and store (one row), then its pictures, its stock per size × colour and "Retire hoje" together: a
 * product page nobody asked for before (the long tail of a large catalogue) waits for these.
 */
export async function getProduct(db: DatabaseOrTransaction, id: number): Promise<ProductDetail | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  const [row] = await db
    .select({
      ...summaryColumns,
      subcategory: products.subcategory,
      brand: products.brand,
      material: products.material,
      gender: products.gender,
      images: products.images,
      storeLocationName: storeLocations.name,
    })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .leftJoin(media, eq(media.key, sql`${products.images}[1]`))
    .leftJoin(storeLocations, eq(storeLocations.id, products.storeLocationId))
    .where(and(eq(products.id, id), eq(products.active, true)))
    .limit(1);
  if (!row) return null;
  const [imageRows, stock, pickupTowns] = await Promise.all([
    row.images.length ? db.select().from(media).where(inArray(media.key, row.images)) : [],
    shownVariantStockByProduct(db, [row]),
    pickupTownsOf(db, row),
  ]);
  const byKey = new Map(imageRows.map((image) => [image.key, image]));
  const images = row.images.flatMap((key) => {
    const image = byKey.get(key);
    return image ? [{ key, width: image.width, height: image.height, widths: image.widths, alt: image.alt }] : [];
  });
  const { subcategory, brand, material, gender, storeLocationName } = row;
  return {
    ...toSummary(row, stock.stock.get(row.id) ?? [], stock.maxUnitsPerLine),
    subcategory,
    brand,
    material,
    gender,
    storeLocationName,
    images,
    pickupTowns,
  };
}

/**
 * Why a product page has no product: removed (its row is inactive, or an admin deleted it: the audit
 * log keeps its category; docs/decisions/0002-deleting-a-product.md) or never there. An id past the
 * products' sequence was never given: the log is not read for it, whatever a bot makes up.
 */
export async function unavailableProduct(db: DatabaseOrTransaction, id: number | null): Promise<{ removed: boolean; category: string | null }> {
  if (id === null || !Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return { removed: false, category: null };
  const { rows } = await db.execute<{ category: string | null }>(sql`
    select category from ${products} where id = ${id}
    union all
    (select before->>'category' from audit_log
      where entity_type = 'product' and action = 'product.delete' and entity_id = ${String(id)}
        and ${id} <= (select last_value from products_id_seq)
      order by at desc limit 1)
    limit 1`);
  const [row] = rows;
  return row ? { removed: true, category: row.category } : { removed: false, category: null };
}

/** What a page without its product shows instead: the newest of its category, else the newest of all. */
export async function productsLike(
  db: DatabaseOrTransaction,
  category: string | null,
  limit: number,
  cache?: CategoryNewestCache,
): Promise<ProductSummary[]> {
  const similar = category ? await relatedProducts(db, { id: 0, category }, limit, cache) : [];
  if (similar.length > 0) return similar;
  const rows = await summaryQuery(db).where(eq(products.active, true)).orderBy(desc(products.id)).limit(limit);
  return toSummaries(db, rows);
}

/**
 * "Retire hoje": each town's units of each variant (grid order) at its stores that serve online,
 * the towns in the stores' order; towns without any unit of the product are left out.
 */
async function pickupTownsOf(db: DatabaseOrTransaction, product: { id: number; sizes: readonly string[]; colors: readonly string[] }): Promise<PickupTown[]> {
  const rows = await db.execute<{ town: string; size: string; color: string; units: number }>(sql`
    select l.city as town, v.size, v.color, least(sum(s.units), erick_shown_stock_cap())::integer as units, min(l.position) as position, min(l.id) as first_id
    from variant_stock s
    join ${productVariants} v on v.id = s.variant_id
    join ${storeLocations} l on l.id = s.store_location_id
    where v.product_id = ${product.id} and l.serves_online and s.units > 0
    group by l.city, v.size, v.color
    order by min(l.position), min(l.id)`);
  const towns = new Map<string, PickupTown>();
  const cells = Math.max(product.sizes.length, 1) * Math.max(product.colors.length, 1);
  for (const row of rows.rows) {
    const index = variantIndex(product, row.size, row.color);
    if (index < 0) continue;
    const town = towns.get(row.town) ?? { town: row.town, units: new Array<number>(cells).fill(0) };
    town.units[index] = Number(row.units);
    towns.set(row.town, town);
  }
  return [...towns.values()];
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

