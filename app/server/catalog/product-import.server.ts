// /admin/importar: the 10 starter products (one per request, so the page shows real progress) and
// the CSV import (all rows or none).
import { and, eq, inArray, sql } from "drizzle-orm";
import { products, shops, storeLocations } from "#database/schema";
import { STARTER_PRODUCTS, type StarterProduct } from "#database/seed/starter-products";
import { CsvSyntaxError, parseCsv, unguardFormula } from "~/lib/csv";
import {
  categoryFromText,
  centsToInput,
  productFormSchema,
  productToFormInput,
  storeOptionFor,
  storeOptionFromText,
  STORE_OPTIONS,
  type ProductFormData,
  type ProductFormInput,
} from "~/lib/product.schema";
import { fieldErrors, type FieldErrors } from "~/lib/form-errors";
import type { CsvImportResult, CsvRowError, StarterResult } from "~/lib/product-import";
import { recordAdminChange, recordAdminChanges, type AuditActor } from "../shop/audit-log.server";
import type { Database } from "../db/database.server";
import { ImageRejectedError, removeImageFiles, storeImage } from "../media/images.server";
import { CSV_LIST_SEPARATOR, PRODUCT_CSV_COLUMNS, ProductSaveError, productAuditFields, productAuditFieldsByIds, resolveStoreOption, writeProduct } from "./product-admin.server";
import { renderProductArt } from "../seed/product-art.server";

/** Serialises imports: two clicks (or two tabs) cannot both create the same starter product. */
const IMPORT_LOCK = 727_005;

export const STARTER_COUNT = STARTER_PRODUCTS.length;

const reais = (value: number | null) => (value === null ? undefined : centsToInput(Math.round(value * 100)));

/** The seed's Portuguese fields as the product form's values. */
export function starterFormInput(starter: StarterProduct): ProductFormInput {
  return {
    name: starter.nome,
    description: starter.descricao,
    price: reais(starter.preco),
    oldPrice: starter.preco === null ? undefined : (reais(starter.precoOriginal) ?? ""),
    category: starter.categoria,
    store: storeOptionFromText(starter.loja) ?? "",
    subcategory: starter.subcategoria,
    brand: starter.marca,
    stock: String(starter.estoque),
    sizes: starter.tamanhos,
    colors: starter.cores,
    featured: starter.destaque ? "on" : undefined,
    active: starter.ativo ? "on" : undefined,
  };
}

function firstMessage(errors: FieldErrors): string {
  return Object.values(errors)[0] ?? "dados inválidos";
}

/**
 * Creates starter product `index` unless a product of the same name already exists in the same shop
 * (then it says which). Its picture comes from the seed's art generator, through the media pipeline.
 */
export async function importStarterProduct(db: Database, mediaDir: string, index: number, actor: AuditActor): Promise<StarterResult> {
  const starter = STARTER_PRODUCTS[index];
  if (!Number.isInteger(index) || !starter) return { index, name: "", status: "error", message: "Produto inicial desconhecido." };
  const name = starter.nome;
  const parsed = productFormSchema.safeParse(starterFormInput(starter));
  if (!parsed.success) return { index, name, status: "error", message: firstMessage(fieldErrors(parsed.error)) };
  const input = parsed.data;

  let storedKey: string | null = null;
  try {
    const result = await db.transaction(async (tx): Promise<StarterResult> => {
      await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
      const store = await resolveStoreOption(tx, input.store);
      const [existing] = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.shopId, store.shopId), sql`lower(${products.name}) = lower(${input.name})`))
        .limit(1);
      if (existing) return { index, name, status: "exists", id: existing.id };
      const [shop] = await tx.select({ color: shops.color }).from(shops).where(eq(shops.id, store.shopId));
      const art = await renderProductArt({ ...input, shopColor: shop?.color ?? "#475569" });
      const image = await storeImage(tx, mediaDir, art, input.name);
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
    if (storedKey) await removeImageFiles(mediaDir, storedKey);
    // Our own refusals say what is wrong; anything else is logged, not shown.
    const known = error instanceof ProductSaveError || error instanceof ImageRejectedError;
    if (!known) console.error("[import] starter product failed:", error);
    const message = known ? error.message : "não foi possível criar o produto. Tente novamente.";
    return { index, name, status: "error", message: `Erro ao importar: ${message}` };
  }
}

export const MAX_CSV_ROWS = 5_000;

class CsvConflictError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

type Column = (typeof PRODUCT_CSV_COLUMNS)[number];
const REQUIRED_COLUMNS: Column[] = ["nome", "categoria", "loja", "preco", "estoque"];

/** Form field → CSV column, to name the column in a row's error. */
const COLUMN_OF: Record<string, Column> = {
  name: "nome",
  description: "descricao",
  price: "preco",
  oldPrice: "preco_antigo",
  category: "categoria",
  store: "loja",
  subcategory: "subcategoria",
  brand: "marca",
  stock: "estoque",
  sizes: "tamanhos",
  colors: "cores",
  featured: "destaque",
  active: "ativo",
};

const headerName = (cell: string) =>
  cell
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");

function parseYesNo(text: string): boolean | null {
  const value = headerName(text);
  if (["sim", "s", "true", "1", "x", "yes"].includes(value)) return true;
  if (["nao", "n", "false", "0", "no", ""].includes(value)) return false;
  return null;
}

const splitList = (text: string) =>
  text
    .split(CSV_LIST_SEPARATOR)
    .map((item) => item.trim())
    .filter(Boolean);

type ExistingProduct = Parameters<typeof productToFormInput>[0];

/**
 * Validates every row of the file with the product form's rules; rows with an id update that product
 * (columns left out keep their values), rows without one create a product. Any bad row: nothing is
 * saved and every bad row is reported by its line in the file.
 */
export async function importProductsCsv(db: Database, text: string, actor: AuditActor): Promise<CsvImportResult> {
  let records;
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) return { ok: false, errors: [{ line: error.line, message: `Arquivo CSV inválido: ${error.message}.` }] };
    throw error;
  }
  const [header, ...rows] = records;
  if (!header) return { ok: false, errors: [{ line: 1, message: "O arquivo está vazio." }] };

  const columns = header.cells.map(headerName);
  const headerErrors: string[] = [];
  columns.forEach((column, position) => {
    if (!column) headerErrors.push(`a coluna ${position + 1} não tem nome`);
    else if (!(PRODUCT_CSV_COLUMNS as readonly string[]).includes(column)) headerErrors.push(`coluna desconhecida “${header.cells[position]?.trim()}”`);
    else if (columns.indexOf(column) !== position) headerErrors.push(`coluna “${column}” repetida`);
  });
  for (const required of REQUIRED_COLUMNS) {
    if (!columns.includes(required)) headerErrors.push(`falta a coluna “${required}”`);
  }
  if (headerErrors.length) return { ok: false, errors: [{ line: header.line, message: `Cabeçalho: ${headerErrors.join("; ")}.` }] };
  if (rows.length === 0) return { ok: false, errors: [{ line: header.line, message: "O arquivo não tem produtos (só o cabeçalho)." }] };
  if (rows.length > MAX_CSV_ROWS) {
    return { ok: false, errors: [{ line: header.line, message: `O arquivo tem ${rows.length} linhas de produtos; o máximo é ${MAX_CSV_ROWS}.` }] };
  }

  const has = (column: Column) => columns.includes(column);
  const cellOf = (cells: string[], column: Column) => {
    const position = columns.indexOf(column);
    return position < 0 ? undefined : unguardFormula((cells[position] ?? "").trim());
  };

  // The products the file updates, read once.
  const ids = rows.flatMap((row) => {
    const id = cellOf(row.cells, "id");
    return id && /^\d{1,9}$/.test(id) ? [Number(id)] : [];
  });
  const existing = new Map<number, ExistingProduct>();
  if (ids.length) {
    const found = await db
      .select({ product: products, shopSlug: shops.slug, locationSlug: storeLocations.slug })
      .from(products)
      .innerJoin(shops, eq(shops.id, products.shopId))
      .leftJoin(storeLocations, eq(storeLocations.id, products.storeLocationId))
      .where(inArray(products.id, [...new Set(ids)]));
    for (const { product, shopSlug, locationSlug } of found) {
      existing.set(product.id, { ...product, store: storeOptionFor(locationSlug, shopSlug) });
    }
  }

  const errors: CsvRowError[] = [];
  const valid: { line: number; id: number | null; input: ProductFormData }[] = [];
  const seenIds = new Map<number, number>();

  for (const row of rows) {
    const problems: string[] = [];
    if (row.cells.length !== columns.length) {
      errors.push({ line: row.line, message: `esperadas ${columns.length} colunas, encontradas ${row.cells.length}.` });
      continue;
    }
    let id: number | null = null;
    let base: ProductFormInput | null = null;
    const idText = cellOf(row.cells, "id") ?? "";
    if (idText) {
      if (!/^\d{1,9}$/.test(idText) || Number(idText) === 0) {
        problems.push(`id: “${idText}” não é um número de produto`);
      } else {
        id = Number(idText);
        const product = existing.get(id);
        const earlier = seenIds.get(id);
        if (!product) problems.push(`id: não existe produto com id ${id}`);
        else if (earlier !== undefined) problems.push(`id: o produto ${id} já aparece na linha ${earlier}`);
        else base = productToFormInput(product);
        seenIds.set(id, earlier ?? row.line);
      }
    }

    const values: ProductFormInput = base ? { ...base } : { sizes: [], colors: [], active: "on" };
    const set = (column: Column, apply: (cell: string) => void) => {
      const cell = cellOf(row.cells, column);
      if (cell !== undefined) apply(cell);
    };
    set("nome", (cell) => (values.name = cell));
    set("descricao", (cell) => (values.description = cell));
    set("categoria", (cell) => (values.category = cell ? (categoryFromText(cell) ?? cell) : ""));
    set("subcategoria", (cell) => (values.subcategory = cell));
    set("marca", (cell) => (values.brand = cell));
    set("loja", (cell) => {
      values.store = storeOptionFromText(cell) ?? "";
      if (cell && !values.store) problems.push(`loja: “${cell}” não é uma das lojas (${STORE_OPTIONS.map((option) => option.label).join(", ")})`);
    });
    set("preco", (cell) => (values.price = cell || undefined));
    if (has("preco_antigo")) set("preco_antigo", (cell) => (values.oldPrice = values.price === undefined ? undefined : cell));
    else if (values.price === undefined) values.oldPrice = undefined;
    set("estoque", (cell) => (values.stock = cell));
    set("tamanhos", (cell) => (values.sizes = splitList(cell)));
    set("cores", (cell) => (values.colors = splitList(cell)));
    for (const [column, field] of [["destaque", "featured"], ["ativo", "active"]] as const) {
      set(column, (cell) => {
        const flag = parseYesNo(cell);
        if (flag === null) problems.push(`${column}: use “sim” ou “não”`);
        else values[field] = flag ? "on" : undefined;
      });
    }

    const parsed = productFormSchema.safeParse(values);
    if (!parsed.success) {
      for (const [field, message] of Object.entries(fieldErrors(parsed.error))) {
        // The store's own message above already says what is wrong.
        if (field === "store" && problems.some((problem) => problem.startsWith("loja:"))) continue;
        problems.push(`${COLUMN_OF[field] ?? field}: ${message}`);
      }
    }
    if (problems.length || !parsed.success) {
      errors.push({ line: row.line, message: `${problems.join("; ")}.` });
      continue;
    }
    valid.push({ line: row.line, id, input: parsed.data });
  }

  if (errors.length) return { ok: false, errors };

  let created = 0;
  let updated = 0;
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
      // The audit log gets one entry per product the file created or changed, with its before and after.
      const before = await productAuditFieldsByIds(tx, valid.flatMap(({ id }) => (id === null ? [] : [id])));
      const written: { id: number; created: boolean; name: string }[] = [];
      for (const { line, id, input } of valid) {
        const writtenId = await writeProduct(tx, id, input).catch((error: unknown) => {
          if (error instanceof ProductSaveError) throw new CsvConflictError(line, `loja: ${error.message}`);
          throw error;
        });
        // Deleted by someone else since the check: the whole file is refused, as for any bad row.
        if (writtenId === null) throw new CsvConflictError(line, `id: o produto ${id} foi excluído durante a importação.`);
        written.push({ id: writtenId, created: id === null, name: input.name });
        if (id === null) created += 1;
        else updated += 1;
      }
      const after = await productAuditFieldsByIds(tx, written.map(({ id }) => id));
      await recordAdminChanges(
        tx,
        actor,
        written.map(({ id, created: isNew, name }) => ({
          action: isNew ? "product.csv_create" : "product.csv_update",
          entityType: "product",
          entityId: id,
          entityLabel: name,
          before: isNew ? null : (before.get(id) ?? null),
          after: after.get(id) ?? null,
        })),
      );
    });
  } catch (error) {
    if (error instanceof CsvConflictError) return { ok: false, errors: [{ line: error.line, message: error.message }] };
    throw error;
  }
  return { ok: true, created, updated };
}
