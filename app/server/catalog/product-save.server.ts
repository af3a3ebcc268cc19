// Saving the admin's products: the form's create and update (with its images through the media
// pipeline) and delete. The form, the CSV import and the starter products all write through
// writeProduct; what every write path shares is in ./product-writes.server.ts (refusals, the import
// lock, the store options), ./product-audit.server.ts (the audit log's view of a product) and
// ./product-store-stock.server.ts (the units per store a save changes).
import { and, eq, inArray, sql } from "drizzle-orm";
import { media, products, productVariants } from "#database/schema";
import { MAX_PRODUCT_IMAGES, type ProductFormData } from "~/lib/catalog/product.schema";
import { recordAdminChange, type AuditActor } from "../group/audit-log.server";
import { createProduct } from "./products.server";
import { homeStoreOf, stockMovedMessage, writeVariants } from "./variants.server";
import type { StockMove } from "./stock-moves.server";
import type { DatabaseOrTransaction } from "../db/database.server";
import { ImageRejectedError, removeImageFiles, storeImage } from "../media/images.server";
import type { MediaStorage } from "../media/media-storage.server";
import { productAuditFields } from "./product-audit.server";
import { ProductNotFoundError, ProductSaveError, resolveStoreOption } from "./product-writes.server";
import { applyStoreStock, planStoreStock, refuseStockMovedSinceRead, variantsKeepingUnits, type StoreStockRead } from "./product-store-stock.server";

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
export async function releaseImages(tx: DatabaseOrTransaction, keys: string[]): Promise<string[]> {
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
      const keys = await storeUploadedImages(tx, storage, slots, input.name, storedNow);
      // Locks the product: a stock move waits until this save commits, and one before it shows here.
      const before = id === null ? null : await productAuditFields(tx, id);
      if (id !== null && !before) throw new ProductNotFoundError();
      const { written, storeMoves } = await writeProductAndStock(tx, request, before, keys);
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
 * The slots' images in order: a stored one keeps its key, an upload is stored now (its key pushed to
 * `storedNow` at once, so a later refusal can remove its files).
 */
async function storeUploadedImages(tx: DatabaseOrTransaction, storage: MediaStorage, slots: ImageSlot[], productName: string, storedNow: string[]): Promise<string[]> {
  const keys: string[] = [];
  for (const slot of slots) {
    if (slot.kind === "stored") {
      keys.push(slot.key);
      continue;
    }
    try {
      const image = await storeImage(tx, storage, slot.upload.bytes, productName);
      storedNow.push(image.key);
      keys.push(image.key);
    } catch (error) {
      if (error instanceof ImageRejectedError) {
        throw new ProductSaveError(`imagem “${slot.upload.name}”: ${error.message}`, "images");
      }
      throw error;
    }
  }
  return keys;
}

/**
 * The product's row and variants, refused when its stock moved since the form read it: with the
 * per-store grids, each store's units through a plan (its moves returned for the audit log); else
 * the own store's grid as typed.
 */
async function writeProductAndStock(
  tx: DatabaseOrTransaction,
  request: { id: number | null; input: ProductFormData; stockRead?: ReadonlyMap<string, number>; storeStockRead?: StoreStockRead },
  before: Record<string, unknown> | null,
  keys: string[],
): Promise<{ written: number; storeMoves: StockMove[] }> {
  const { id, input } = request;
  if (input.storeUnits) {
    const plan = await planStoreStock(tx, { id }, input.storeUnits, request.storeStockRead ?? new Map());
    if (plan.moved.length) {
      const name = String(before?.name ?? input.name);
      const messages = plan.moved.map((move) => stockMovedMessage(name, move, `em ${move.storeName} desde que o formulário foi aberto`, "no formulário"));
      throw new ProductSaveError(`${messages.join("; ")}. Recarregue a página para ver o estoque de agora e refaça as alterações.`);
    }
    const written = await writeProduct(tx, id, { ...input, variants: await variantsKeepingUnits(tx, id, input, plan) }, keys);
    if (written === null) throw new ProductNotFoundError();
    return { written, storeMoves: await applyStoreStock(tx, written, plan.changes) };
  }
  if (id !== null && before && request.stockRead?.size) await refuseStockMovedSinceRead(tx, id, String(before.name), input, request.stockRead);
  const written = await writeProduct(tx, id, input, keys);
  if (written === null) throw new ProductNotFoundError();
  return { written, storeMoves: [] };
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

