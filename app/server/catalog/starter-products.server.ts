// /admin/importar's starter products: the 10 of database/catalogue/starter-products.ts, one per request so
// the page shows real progress. (The page's CSV import is product-csv.server.ts.)
import { and, eq, sql } from "drizzle-orm";
import { products, shops } from "#database/schema";
import { SEED_STORE_LOCATIONS } from "#database/seed/shops";
import { STARTER_PRODUCTS, type StarterProduct } from "#database/catalogue/starter-products";
import { centsToInput, productFormSchema, type ProductFormInput } from "~/lib/catalog/product.schema";
import { storeOptionFromText } from "~/lib/catalog/store-options";
import { fieldErrors, type FieldErrors } from "~/lib/forms/form-errors";
import type { StarterResult } from "~/lib/catalog/product-import";
import { recordAdminChange, type AuditActor } from "../group/audit-log.server";
import type { Database } from "../db/database.server";
import { ImageRejectedError, removeImageFiles, storeImage } from "../media/images.server";
import type { MediaStorage } from "../media/media-storage.server";
import { lockProductImports, ProductSaveError, resolveStoreOption } from "../catalog/product-writes.server";
import { productAuditFields } from "../catalog/product-audit.server";
import { writeProduct } from "../catalog/product-save.server";
import { renderProductArt } from "./product-art.server";
import { log } from "../log/logger.server";
import { demoVariantStock } from "./demo-variant-stock.server";
import { variantKey } from "~/lib/catalog/variants";

/**
 * The seed's stores as 'Loja' options: a starter's `loja` names one of them as the spec wrote it
 * ('Erick Calçados - Barreiros'), and still means that store after the settings rename it.
 */
const SEED_STORE_OPTIONS = SEED_STORE_LOCATIONS.map((location) => ({ value: location.slug, label: location.name, shop: location.shop }));

const reais = (value: number | null) => (value === null ? undefined : centsToInput(Math.round(value * 100)));

/** The seed's Portuguese fields as the product form's values. */
export function starterFormInput(starter: StarterProduct): ProductFormInput {
  return {
    name: starter.nome,
    description: starter.descricao,
    price: reais(starter.preco),
    oldPrice: starter.preco === null ? undefined : (reais(starter.precoOriginal) ?? ""),
    category: starter.categoria,
    store: storeOptionFromText(SEED_STORE_OPTIONS, starter.loja) ?? "",
    subcategory: starter.subcategoria,
    brand: starter.marca,
    gender: starter.genero,
    stock: Object.fromEntries(
      demoVariantStock({ name: starter.nome, sizes: starter.tamanhos, colors: starter.cores }, starter.estoque).map((cell) => [
        variantKey(cell.size, cell.color),
        String(cell.stock),
      ]),
    ),
    sizes: starter.tamanhos,
    colors: starter.cores,
    featured: starter.destaque ? "on" : undefined,
    active: starter.ativo ? "on" : undefined,
  };
}

function firstMessage(errors: FieldErrors): string {
  return Object.values(errors)[0] ?? "dados inválidos";
}

/** The starter products' names, in the order `importStarterProduct` takes their index. */
export function starterProductNames(): string[] {
  return STARTER_PRODUCTS.map((product) => product.nome);
}

/**
 * Creates starter product `index` unless a product of the same name already exists in the same shop
 * (then it says which). Its picture comes from the seed's art generator, through the media pipeline.
 */
export async function importStarterProduct(db: Database, storage: MediaStorage, index: number, actor: AuditActor): Promise<StarterResult> {
  const starter = STARTER_PRODUCTS[index];
  if (!Number.isInteger(index) || !starter) return { index, name: "", status: "error", message: "Produto inicial desconhecido." };
  const name = starter.nome;
  const parsed = productFormSchema.safeParse(starterFormInput(starter));
  if (!parsed.success) return { index, name, status: "error", message: firstMessage(fieldErrors(parsed.error)) };
  const input = parsed.data;

  let storedKey: string | null = null;
  try {
    const result = await db.transaction(async (tx): Promise<StarterResult> => {
      await lockProductImports(tx);
      const store = await resolveStoreOption(tx, input.store);
      const [existing] = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.shopId, store.shopId), sql`lower(${products.name}) = lower(${input.name})`))
        .limit(1);
      if (existing) return { index, name, status: "exists", id: existing.id };
      const [shop] = await tx.select({ color: shops.color }).from(shops).where(eq(shops.id, store.shopId));
      const art = await renderProductArt({ ...input, shopColor: shop?.color ?? "#475569" });
      const image = await storeImage(tx, storage, art, input.name);
      storedKey = image.key;
      const id = await writeProduct(tx, null, input, [image.key]);
      if (id === null) throw new Error("insert returned no row");
      await recordAdminChange(tx, actor, {
        action: "product.import_starter",
        entityType: "product",
        entityId: id,
        entityLabel: input.name,
        before: null,
        after: await productAuditFields(tx, id),
      });
      return { index, name, status: "created", id };
    });
    return result;
  } catch (error) {
    if (storedKey) await removeImageFiles(storage, storedKey);
    // Our own refusals say what is wrong; anything else is logged, not shown.
    const known = error instanceof ProductSaveError || error instanceof ImageRejectedError;
    if (!known) log.error({ err: error }, "starter product import failed");
    const message = known ? error.message : "não foi possível criar o produto. Tente novamente.";
    return { index, name, status: "error", message: `Erro ao importar: ${message}` };
  }
}
