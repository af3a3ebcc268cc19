// Saving the admin's products: the form's create and update (with its images through the media
// pipeline), delete, and what every write path shares (the store option's ids, the audit log's view of
// a product, the lock imports take). The form, the CSV import and the starter products all write here.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { media, orderItems, products, productVariants, shops, storeLocations, variantStock } from "#database/schema";
import { MAX_PRODUCT_IMAGES, type ProductFormData } from "~/lib/catalog/product.schema";
import { storeOptionFor, type StoreOption } from "~/lib/catalog/store-options";
import { recordAdminChange, type AuditActor } from "../group/audit-log.server";
import { variantKey, variantLabel } from "~/lib/catalog/variants";
import { createProduct } from "./products.server";
import { homeStoreOf, stockMovedMessage, stockMovedSinceRead, variantGrid, variantsAtStore, writeVariants, type StockMovedSinceRead } from "./variants.server";
import { moveStoreUnits, unitsAt, type StockMove } from "./stock-moves.server";
import type { DatabaseOrTransaction } from "../db/database.server";
import { ImageRejectedError, removeImageFiles, storeImage } from "../media/images.server";
import type { MediaStorage } from "../media/media-storage.server";

/** A save that cannot go through, with the pt-BR reason; `field` puts it beside that field. */
export class ProductSaveError extends Error {
  constructor(
    message: string,
    readonly field: "images" | "store" | null = null,
  ) {
    super(message);
  }
}

export class ProductNotFoundError extends Error {}

/** Serialises imports (starter products, CSV files): two clicks or two tabs cannot both create the same product. */
const IMPORT_LOCK = 727_005;

/** Takes the import lock until the transaction ends. */
export async function lockProductImports(tx: DatabaseOrTransaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
}

/**
 * The form's 'Loja' options: every store with its name as the settings edit it, grouped by shop (the
 * shops' order, then the stores').
 */
export async function listStoreOptions(db: DatabaseOrTransaction): Promise<StoreOption[]> {
  return db
    .select({ value: storeLocations.slug, label: storeLocations.name, shop: shops.slug })
    .from(storeLocations)
    .innerJoin(shops, eq(shops.id, storeLocations.shopId))
    .orderBy(asc(shops.position), asc(shops.id), asc(storeLocations.position), asc(storeLocations.id));
}

/** The shop and the physical store behind one of the form's 'Loja' options (the store's slug). */
export async function resolveStoreOption(db: DatabaseOrTransaction, option: string): Promise<{ shopId: number; storeLocationId: number }> {
  const [row] = await db
    .select({ storeLocationId: storeLocations.id, shopId: storeLocations.shopId })
    .from(storeLocations)
    .where(eq(storeLocations.slug, option));
  if (!row) throw new ProductSaveError("a loja escolhida não foi encontrada.", "store");
  return { shopId: row.shopId, storeLocationId: row.storeLocationId };
}

/**
 * The products as the audit log records them (what the form edits, the store by its label), by id;
 * ids that do not exist are missing. The rows are locked until the transaction ends, so the 'before'
 * read here is still true when the change is written.
 */
export async function productAuditFieldsByIds(tx: DatabaseOrTransaction, ids: number[]): Promise<Map<number, Record<string, unknown>>> {
  const fields = new Map<number, Record<string, unknown>>();
  if (ids.length === 0) return fields;
  const rows = await tx
    .select({ product: products, shopSlug: shops.slug, locationSlug: storeLocations.slug })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .leftJoin(storeLocations, eq(storeLocations.id, products.storeLocationId))
    .where(inArray(products.id, [...new Set(ids)]))
    .orderBy(products.id)
    .for("update", { of: products });
  const variants = await variantsAtStore(tx, rows.map((row) => row.product.id));
  const stores = await listStoreOptions(tx);
  for (const row of rows) {
    const p = row.product;
    fields.set(p.id, {
      name: p.name,
      description: p.description,
      category: p.category,
      subcategory: p.subcategory,
      brand: p.brand,
      gender: p.gender,
      store: storeOptionFor(stores, row.locationSlug, row.shopSlug)?.label ?? row.shopSlug,
      priceCents: p.priceCents,
      oldPriceCents: p.oldPriceCents,
      stock: auditStock(variantGrid(p, variants.get(p.id) ?? [])),
      sizes: p.sizes,
      colors: p.colors,
      featured: p.featured,
      active: p.active,
      images: p.images,
      weightGrams: p.weightGrams,
      heightCm: p.heightCm,
      widthCm: p.widthCm,
      lengthCm: p.lengthCm,
      ncm: p.ncm,
      cfopInState: p.cfopInState,
      cfopOutOfState: p.cfopOutOfState,
      taxOrigin: p.taxOrigin,
      taxSituation: p.taxSituation,
      cest: p.cest,
      eans: auditEans(variantGrid(p, variants.get(p.id) ?? [])),
    });
  }
  return fields;
}

/** A product's stock as the audit log shows it: the number, or units by size and colour. */
function auditStock(grid: { size: string; color: string; stock: number }[]): number | Record<string, number> {
  if (grid.length === 1 && !grid[0]!.size && !grid[0]!.color) return grid[0]!.stock;
  return Object.fromEntries(grid.map((cell) => [variantLabel(cell), cell.stock]));
}

/** The variants' EANs as the audit log shows them: by size and colour, those that have one. */
function auditEans(grid: { size: string; color: string; ean: string }[]): Record<string, string> {
  return Object.fromEntries(grid.filter((cell) => cell.ean).map((cell) => [variantLabel(cell) || "Único", cell.ean]));
}

/** One product as the audit log records it (see productAuditFieldsByIds); null when gone. */
export async function productAuditFields(tx: DatabaseOrTransaction, id: number): Promise<Record<string, unknown> | null> {
  return (await productAuditFieldsByIds(tx, [id])).get(id) ?? null;
}

/** The columns a saved form writes (search text and dates included). */
function productColumns(input: ProductFormData, store: { shopId: number; storeLocationId: number }) {
  return {
    name: input.name,
    description: input.description,
    category: input.category,
    subcategory: input.subcategory,
    brand: input.brand,
    gender: input.gender,
    shopId: store.shopId,
    storeLocationId: store.storeLocationId,
    priceCents: input.priceCents,
    oldPriceCents: input.oldPriceCents,
    sizes: input.sizes,
    colors: input.colors,
    featured: input.featured,
    active: input.active,
    weightGrams: input.weightGrams,
    heightCm: input.heightCm,
    widthCm: input.widthCm,
    lengthCm: input.lengthCm,
    // Absent (a path that says nothing of them): left as stored, or the column's default for a new product.
    ncm: input.ncm,
    cfopInState: input.cfopInState,
    cfopOutOfState: input.cfopOutOfState,
    taxOrigin: input.taxOrigin,
    taxSituation: input.taxSituation,
    cest: input.cest,
  };
}

/**
 * What the CSV import changes of writeProduct: the store's ids already resolved (once per store for
 * thousands of rows), the stock review flag (null leaves it; the form always clears it), and
 * `writeVariants: false` when the caller writes all products' variants at once.
 */
export type ProductWriteOptions = {
  store?: { shopId: number; storeLocationId: number };
  stockNeedsReview?: boolean | null;
  writeVariants?: boolean;
};

/** Creates (id null) or updates a product from validated form data; false when the id is unknown. */
export async function writeProduct(
  tx: DatabaseOrTransaction,
  id: number | null,
  input: ProductFormData,
  images?: string[],
  options: ProductWriteOptions = {},
): Promise<number | null> {
  const store = options.store ?? (await resolveStoreOption(tx, input.store));
  // The clerk has now seen (and saved) the product's stock grid, unless the caller says otherwise.
  const review = options.stockNeedsReview === undefined ? false : options.stockNeedsReview;
  const columns = { ...productColumns(input, store), ...(review === null ? {} : { stockNeedsReview: review }) };
  // The grid is the units at the store it was read at (the product's own store before this save), so
  // choosing another 'Loja' does not copy the units into the new store.
  const stockStore = id === null || options.writeVariants === false ? undefined : (await homeStoreOf(tx, [id])).get(id);
  let written: number | null;
  if (id === null) {
    written = await createProduct(tx, { ...columns, images: images ?? [] });
  } else {
    const [row] = await tx
      .update(products)
      .set({ ...columns, ...(images ? { images } : {}), updatedAt: new Date() })
      .where(eq(products.id, id))
      .returning({ id: products.id });
    written = row?.id ?? null;
  }
  if (written !== null && options.writeVariants !== false) {
    await refuseEansOfOtherProducts(tx, new Map([[written, input.variants]]));
    await writeVariants(tx, written, input.variants, stockStore);
  }
  return written;
}

/**
 * An EAN names one size × colour of one product (the counter's reader and a supplier's note find the
 * variant by it): one already on another product refuses the save, naming that product. The unique
 * index on product_variants.ean (migration 0051) holds it between two saves at the same moment.
 */
export async function refuseEansOfOtherProducts(tx: DatabaseOrTransaction, byProduct: ReadonlyMap<number, readonly { size: string; color: string; ean?: string }[]>): Promise<void> {
  const wanted = [...byProduct].flatMap(([productId, variants]) => variants.flatMap((variant) => (variant.ean ? [{ productId, ean: variant.ean }] : [])));
  if (wanted.length === 0) return;
  const { rows } = await tx.execute<{ ean: string; name: string; product_id: number; wanted_by: number }>(sql`
    select v.ean, p.name, p.id as product_id, w.product_id as wanted_by
    from unnest(${sql.param(wanted.map((row) => row.productId))}::integer[], ${sql.param(wanted.map((row) => row.ean))}::text[]) as w(product_id, ean)
    join ${productVariants} v on v.ean = w.ean and v.product_id <> w.product_id
    join ${products} p on p.id = v.product_id
    order by w.ean
    limit 5`);
  if (rows.length === 0) return;
  throw new ProductSaveError(rows.map((row) => eanTakenMessage(row.ean, row.name, Number(row.product_id))).join("; ") + ".");
}

/** Two saves gave one EAN at the same moment: the unique index let the first have it. */
const EAN_TAKEN_MEANWHILE = "um dos EANs acabou de ser gravado em outro produto. Recarregue a página e confira os EANs.";

export function isEanTaken(error: unknown): boolean {
  const cause = error instanceof Error && "cause" in error ? (error.cause as { code?: string; constraint?: string } | undefined) : undefined;
  return cause?.code === "23505" && cause.constraint === "product_variants_ean_idx";
}

/** 'o EAN 7891234567895 já é de Tênis Casual (código 12)'. */
export function eanTakenMessage(ean: string, productName: string, productId: number): string {
  return `o EAN ${ean} já é de ${productName} (código ${productId})`;
}

/**
 * Media rows of images no product uses any more are dropped (in the caller's transaction); the
 * returned keys' files are removed by the caller once that transaction has committed.
 */
async function releaseImages(tx: DatabaseOrTransaction, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const released = await tx
    .delete(media)
    .where(and(inArray(media.key, keys), sql`not exists (select 1 from ${products} where ${media.key} = any(${products.images}))`))
    .returning({ key: media.key });
  return released.map((row) => row.key);
}

export type ImageUpload = { name: string; bytes: Buffer };

type ImageSlot = { kind: "stored"; key: string } | { kind: "upload"; upload: ImageUpload };

/**
 * The product's images in the order the form sent: `k:{key}` keeps a current image, `n:{i}` places the
 * i-th upload. Keys the product does not have are ignored; uploads the order leaves out go last.
 */
function orderImages(order: string[] | null, currentKeys: string[], uploads: ImageUpload[]): ImageSlot[] {
  if (order === null) {
    return [...currentKeys.map((key) => ({ kind: "stored" as const, key })), ...uploads.map((upload) => ({ kind: "upload" as const, upload }))];
  }
  const slots: ImageSlot[] = [];
  const usedKeys = new Set<string>();
  const usedUploads = new Set<number>();
  for (const token of order) {
    if (token.startsWith("k:")) {
      const key = token.slice(2);
      if (currentKeys.includes(key) && !usedKeys.has(key)) {
        usedKeys.add(key);
        slots.push({ kind: "stored", key });
      }
    } else if (/^n:\d{1,3}$/.test(token)) {
      const index = Number(token.slice(2));
      const upload = uploads[index];
      if (upload && !usedUploads.has(index)) {
        usedUploads.add(index);
        slots.push({ kind: "upload", upload });
      }
    }
  }
  uploads.forEach((upload, index) => {
    if (!usedUploads.has(index)) slots.push({ kind: "upload", upload });
  });
  return slots;
}

/** The save's refusal when a variant it keeps has other units than the form was opened with. */
async function refuseStockMovedSinceRead(
  tx: DatabaseOrTransaction,
  id: number,
  name: string,
  input: ProductFormData,
  stockRead: ReadonlyMap<string, number>,
): Promise<void> {
  const kept = new Map(input.variants.flatMap(({ size, color }) => {
    const units = stockRead.get(variantKey(size, color));
    return units === undefined ? [] : [[variantKey(size, color), units] as const];
  }));
  const moved = await stockMovedSinceRead(tx, new Map([[id, kept]]));
  if (moved.length === 0) return;
  const messages = moved.map((move) => stockMovedMessage(name, move, "desde que o formulário foi aberto", "no formulário"));
  throw new ProductSaveError(`${messages.join("; ")}. Recarregue a página para ver o estoque de agora e refaça as alterações.`);
}

/** Units the form read per store slug and variantKey (storeStockAsRead). */
export type StoreStockRead = ReadonlyMap<string, ReadonlyMap<string, number>>;

type StoreCellChange = { storeId: number; key: string; delta: number };

/** A changed cell whose store's units are no longer what was read: the save is refused. */
export type StoreCellMoved = StockMovedSinceRead & { key: string; storeName: string; storeSlug: string };

export type StoreStockPlan = {
  changes: StoreCellChange[];
  moved: StoreCellMoved[];
  unitsNow: Map<number, Map<number, number>>;
  variantIds: Map<string, number>;
};

/**
 * What the per-store grids change: a cell typed as it was read is not written (a sale there meanwhile
 * stays sold); a changed cell becomes a move of (typed − read) units, refused, with the store named,
 * when that store's units moved since the form was opened. Call with the product locked.
 */
export async function planStoreStock(
  tx: DatabaseOrTransaction,
  product: { id: number | null },
  typed: ReadonlyMap<string, ReadonlyMap<string, number>>,
  read: StoreStockRead,
): Promise<StoreStockPlan> {
  const stores = await tx.select({ id: storeLocations.id, slug: storeLocations.slug, name: storeLocations.name }).from(storeLocations);
  const storeBySlug = new Map(stores.map((store) => [store.slug, store]));
  const variants =
    product.id === null
      ? []
      : await tx.select({ id: productVariants.id, size: productVariants.size, color: productVariants.color }).from(productVariants).where(eq(productVariants.productId, product.id));
  const variantIds = new Map(variants.map((variant) => [variantKey(variant.size, variant.color), variant.id]));
  const unitsNow = await unitsAt(tx, [...variantIds.values()]);
  const changes: StoreCellChange[] = [];
  const moved: StoreCellMoved[] = [];
  for (const [slug, cells] of typed) {
    const store = storeBySlug.get(slug);
    if (!store) throw new ProductSaveError("uma das lojas do estoque não existe mais. Recarregue a página.");
    for (const [key, units] of cells) {
      const asRead = read.get(slug)?.get(key) ?? 0;
      if (units === asRead) continue;
      const variantId = variantIds.get(key);
      const now = variantId === undefined ? 0 : (unitsNow.get(variantId)?.get(store.id) ?? 0);
      if (now !== asRead) {
        const [size, color] = JSON.parse(key) as [string, string];
        moved.push({ productId: product.id ?? 0, size, color, read: asRead, now, key, storeName: store.name, storeSlug: slug });
        continue;
      }
      changes.push({ storeId: store.id, key, delta: units - asRead });
    }
  }
  return { changes, moved, unitsNow, variantIds };
}

/** The product's variants with their units at its own store as they are now: writing them leaves that store's units alone. */
export async function variantsKeepingUnits(
  tx: DatabaseOrTransaction,
  id: number | null,
  input: ProductFormData,
  plan: { unitsNow: Map<number, Map<number, number>>; variantIds: Map<string, number> },
): Promise<ProductFormData["variants"]> {
  const home = id === null ? undefined : (await homeStoreOf(tx, [id])).get(id);
  return input.variants.map((variant) => {
    const variantId = plan.variantIds.get(variantKey(variant.size, variant.color));
    const units = home === undefined || variantId === undefined ? 0 : (plan.unitsNow.get(variantId)?.get(home) ?? 0);
    return { ...variant, stock: units };
  });
}

/** Applies the planned cell changes as moves (all or nothing) once the product's variants exist. */
export async function applyStoreStock(tx: DatabaseOrTransaction, productId: number, changes: readonly StoreCellChange[]): Promise<StockMove[]> {
  if (changes.length === 0) return [];
  const variants = await tx.select({ id: productVariants.id, size: productVariants.size, color: productVariants.color }).from(productVariants).where(eq(productVariants.productId, productId));
  const ids = new Map(variants.map((variant) => [variantKey(variant.size, variant.color), variant.id]));
  return moveStoreUnits(
    tx,
    changes.flatMap((change) => {
      const variantId = ids.get(change.key);
      return variantId === undefined ? [] : [{ variantId, storeId: change.storeId, delta: change.delta }];
    }),
  );
}

/**
 * Saves the form: the new images go through the media pipeline (by content: a text file named
 * foto.jpg is refused) and the product is written in one transaction. Any refusal leaves nothing
 * behind: no product change, no media row, no file. `order` null keeps the current images and adds
 * the uploads after them. `stockRead` is the units per variantKey the form was opened with: a
 * variant whose stock moved since (an order took a unit) refuses the save rather than put it back.
 * With the per-store grids (`input.storeUnits`), `storeStockRead` is what each store's grid read: see
 * planStoreStock.
 */
export async function saveProduct(
  db: DatabaseOrTransaction,
  storage: MediaStorage,
  request: {
    id: number | null;
    input: ProductFormData;
    order: string[] | null;
    uploads: ImageUpload[];
    stockRead?: ReadonlyMap<string, number>;
    storeStockRead?: StoreStockRead;
  },
  actor: AuditActor,
): Promise<number> {
  const { id, input } = request;
  let currentKeys: string[] = [];
  if (id !== null) {
    const [current] = await db.select({ images: products.images }).from(products).where(eq(products.id, id));
    if (!current) throw new ProductNotFoundError();
    currentKeys = current.images;
  }
  const slots = orderImages(request.order, currentKeys, request.uploads);
  if (slots.length > MAX_PRODUCT_IMAGES) {
    throw new ProductSaveError(`envie no máximo ${MAX_PRODUCT_IMAGES} imagens por produto.`, "images");
  }

  const storedNow: string[] = [];
  let released: string[] = [];
  let savedId: number;
  try {
    savedId = await db.transaction(async (tx) => {
      const keys: string[] = [];
      for (const slot of slots) {
        if (slot.kind === "stored") {
          keys.push(slot.key);
          continue;
        }
        try {
          const image = await storeImage(tx, storage, slot.upload.bytes, input.name);
          storedNow.push(image.key);
          keys.push(image.key);
        } catch (error) {
          if (error instanceof ImageRejectedError) {
            throw new ProductSaveError(`imagem “${slot.upload.name}”: ${error.message}`, "images");
          }
          throw error;
        }
      }
      // Locks the product: a stock move waits until this save commits, and one before it shows here.
      const before = id === null ? null : await productAuditFields(tx, id);
      if (id !== null && !before) throw new ProductNotFoundError();
      let written: number | null;
      let storeMoves: StockMove[] = [];
      if (input.storeUnits) {
        const plan = await planStoreStock(tx, { id }, input.storeUnits, request.storeStockRead ?? new Map());
        if (plan.moved.length) {
          const name = String(before?.name ?? input.name);
          const messages = plan.moved.map((move) => stockMovedMessage(name, move, `em ${move.storeName} desde que o formulário foi aberto`, "no formulário"));
          throw new ProductSaveError(`${messages.join("; ")}. Recarregue a página para ver o estoque de agora e refaça as alterações.`);
        }
        written = await writeProduct(tx, id, { ...input, variants: await variantsKeepingUnits(tx, id, input, plan) }, keys);
        if (written === null) throw new ProductNotFoundError();
        storeMoves = await applyStoreStock(tx, written, plan.changes);
      } else {
        if (id !== null && before && request.stockRead?.size) await refuseStockMovedSinceRead(tx, id, String(before.name), input, request.stockRead);
        written = await writeProduct(tx, id, input, keys);
        if (written === null) throw new ProductNotFoundError();
      }
      released = await releaseImages(tx, currentKeys.filter((key) => !keys.includes(key)));
      await recordAdminChange(tx, actor, {
        action: id === null ? "product.create" : "product.update",
        entityType: "product",
        entityId: written,
        entityLabel: input.name,
        // Units moved at any store, each named with its store (the `stock` field is the own store's).
        before: before && storeMoves.length ? { ...before, storeStock: Object.fromEntries(storeMoves.map((move) => [move.label, move.before])) } : before,
        after: storeMoves.length
          ? { ...(await productAuditFields(tx, written)), storeStock: Object.fromEntries(storeMoves.map((move) => [move.label, move.after])) }
          : await productAuditFields(tx, written),
      });
      return written;
    });
  } catch (error) {
    await Promise.all(storedNow.map((key) => removeImageFiles(storage, key)));
    if (isEanTaken(error)) throw new ProductSaveError(EAN_TAKEN_MEANWHILE);
    throw error;
  }
  await Promise.all(released.map((key) => removeImageFiles(storage, key)));
  return savedId;
}

/**
 * Deletes the product for good. Orders keep their lines: order_items hold a snapshot (name, category,
 * shop, price) and their product_id becomes null (ON DELETE SET NULL). Its images go too.
 * False when there was no such product.
 */
export async function deleteProduct(db: DatabaseOrTransaction, storage: MediaStorage, id: number, actor: AuditActor): Promise<boolean> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return false;
  const released = await db.transaction(async (tx) => {
    const before = await productAuditFields(tx, id);
    const [row] = await tx.delete(products).where(eq(products.id, id)).returning({ name: products.name, images: products.images });
    if (!row) return null;
    await recordAdminChange(tx, actor, { action: "product.delete", entityType: "product", entityId: id, entityLabel: row.name, before, after: null });
    return releaseImages(tx, row.images);
  });
  if (released === null) return false;
  await Promise.all(released.map((key) => removeImageFiles(storage, key)));
  return true;
}

/** How many of the first start's demo products are still in the catalogue. */
export async function countDemoProducts(db: DatabaseOrTransaction): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(products).where(eq(products.demo, true));
  return row?.count ?? 0;
}

/**
 * Another product of the same store with the same name (case, accents and spaces aside), or null: the
 * form saves it anyway (two products may share a name) and the list warns, since a product saved twice
 * splits its stock in two.
 */
export async function sameNameInStore(db: DatabaseOrTransaction, id: number): Promise<{ id: number; name: string } | null> {
  const { rows } = await db.execute<{ id: number; name: string }>(sql`
    select other.id, other.name
    from ${products} saved
    join ${products} other on other.id <> saved.id
      and lower(unaccent(btrim(regexp_replace(other.name, '[[:space:]]+', ' ', 'g')))) = lower(unaccent(btrim(regexp_replace(saved.name, '[[:space:]]+', ' ', 'g'))))
      and erick_product_home_store(other.id) is not distinct from erick_product_home_store(saved.id)
    where saved.id = ${id}
    order by other.id
    limit 1`);
  return rows[0] ?? null;
}

/** What "Remover produtos de demonstração" would remove, shown before the owner confirms. */
export type DemoProductsRemoval = {
  /** The demo products, by name. */
  names: string[];
  /** Their units in stock, every store's. */
  units: number;
  /** Orders with a line of one of them: kept as they are. */
  orders: number;
};

async function demoProductsRemovalIn(db: DatabaseOrTransaction, ids: number[]): Promise<Omit<DemoProductsRemoval, "names">> {
  if (ids.length === 0) return { units: 0, orders: 0 };
  const [stock] = await db
    .select({ units: sql<number>`coalesce(sum(${variantStock.units}), 0)::int` })
    .from(variantStock)
    .innerJoin(productVariants, eq(productVariants.id, variantStock.variantId))
    .where(inArray(productVariants.productId, ids));
  const [ordered] = await db.select({ orders: sql<number>`count(distinct ${orderItems.orderId})::int` }).from(orderItems).where(inArray(orderItems.productId, ids));
  return { units: stock?.units ?? 0, orders: ordered?.orders ?? 0 };
}

export async function previewDemoProductsRemoval(db: DatabaseOrTransaction): Promise<DemoProductsRemoval> {
  const demo = await db.select({ id: products.id, name: products.name }).from(products).where(eq(products.demo, true)).orderBy(asc(products.name));
  return { names: demo.map((product) => product.name), ...(await demoProductsRemovalIn(db, demo.map((product) => product.id))) };
}

/**
 * "Remover produtos de demonstração", once the owner confirmed: every demo product goes, with its
 * stock (its variants go with it) and its pictures. Orders are never changed: nothing tells a test
 * order from a sale (a clerk may have sold at the counter before the real catalogue was in), so an
 * order with a demo product stays in the sales and the reports as it was, its lines keeping their
 * name and price as with any deleted product (decision 0002); a test order leaves the figures by
 * being cancelled, like any other. One audit entry says what went.
 */
export async function removeDemoProducts(
  db: DatabaseOrTransaction,
  storage: MediaStorage,
  actor: AuditActor,
): Promise<{ products: number; units: number; orders: number }> {
  const outcome = await db.transaction(async (tx) => {
    const demo = await tx.select({ id: products.id, name: products.name }).from(products).where(eq(products.demo, true)).for("update");
    if (demo.length === 0) return { products: 0, units: 0, orders: 0, released: [] as string[] };
    const ids = demo.map((product) => product.id);
    const { units, orders: ordersKept } = await demoProductsRemovalIn(tx, ids);
    const removed = await tx.delete(products).where(inArray(products.id, ids)).returning({ images: products.images });
    await recordAdminChange(tx, actor, {
      action: "product.demo_remove",
      entityType: "product",
      entityId: null,
      entityLabel: "Produtos de demonstração",
      before: { demoProducts: demo.map((product) => product.name) },
      after: { removed: removed.length, units, ordersKept },
    });
    return { products: removed.length, units, orders: ordersKept, released: await releaseImages(tx, removed.flatMap((row) => row.images)) };
  });
  await Promise.all(outcome.released.map((key) => removeImageFiles(storage, key)));
  return { products: outcome.products, units: outcome.units, orders: outcome.orders };
}
