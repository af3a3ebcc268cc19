// A clerk's save never puts back stock an order took after the clerk read it (issue 31): the CSV
// carries each variant's units at the export (`estoque_exportado`), the product form the units it
// was opened with (hidden fields); a variant whose stock moved since refuses the whole save, on real
// PostgreSQL with the order's real stock move, and under ten saves at once from one read.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, products, productVariants } from "#database/schema";
import type { CsvImportResult } from "~/lib/catalog/product-import";
import { productToFormInput, type ProductFormInput } from "~/lib/catalog/product.schema";
import { STOCK_FIELD_PREFIX, STOCK_READ_FIELD_PREFIX } from "~/lib/catalog/product-form-fields";
import { action as formAction, loader as formLoader } from "~/routes/admin/product-form";
import type { AdminProductDetail } from "~/server/catalog/admin-product-list.server";
import { PRODUCT_CSV_COLUMNS } from "~/server/catalog/csv/columns.server";
import { importProductsCsv, productsCsv } from "~/server/catalog/product-csv.server";
import { readCsv, toCsv, unguardFormula } from "~/server/files/csv.server";
import type { LoadContext } from "~/server/load-context.server";
import { setOrderStatus } from "~/server/orders/admin-order-changes.server";
import { openAdminTest, requestAs, TEST_ACTOR, type SignedInUser } from "../setup/admin-session";
import { insertOrder } from "../setup/order-fixtures";
import type { TestDatabase } from "../setup/test-database";
import { setVariantStock, variantStock } from "../setup/variant-stock";

let t: TestDatabase;
let context: LoadContext;
let admin: SignedInUser;
let close: () => Promise<void>;

beforeAll(async () => ({ t, context, admin, close } = await openAdminTest()));
afterAll(() => close?.());

type Variant = { id: number; productId: number; size: string; color: string; name: string; priceCents: number | null; description: string };

/** A product's first size × colour (of a product with sizes), left with `units` on the shelf. */
async function variantWith(units: number, skip = 0): Promise<Variant> {
  const rows = await t.db
    .select({ id: productVariants.id, productId: productVariants.productId, size: productVariants.size, color: productVariants.color, name: products.name, priceCents: products.priceCents, description: products.description })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(products.active, true)))
    .orderBy(productVariants.productId, productVariants.id);
  const withSize = rows.filter((row) => row.size !== "" && row.priceCents !== null);
  const firstOfEach = withSize.filter((row, index) => index === 0 || withSize[index - 1]!.productId !== row.productId);
  const variant = firstOfEach[skip]!;
  await setVariantStock(t.pool, variant, units);
  return variant;
}

/** An order for one unit of the variant, moved to Processando: the unit leaves the shelf. */
async function orderTakes(variant: Variant): Promise<void> {
  const order = await insertOrder(t.db, {
    createdAt: new Date(),
    items: [{ productId: variant.productId, variantId: variant.id, size: variant.size, color: variant.color || null, name: variant.name, unitPriceCents: variant.priceCents, quantity: 1 }],
  });
  expect(await setOrderStatus(t.db, order.id, "processing", TEST_ACTOR)).toMatchObject({ ok: true, stock: "taken" });
}

const column = (name: (typeof PRODUCT_CSV_COLUMNS)[number]) => PRODUCT_CSV_COLUMNS.indexOf(name);

/** The product's rows of an exported file, with `change` applied to each. */
function rowsOf(exported: string, productId: number, change: (cells: string[]) => void = () => {}): string {
  const [, ...rows] = readCsv(exported);
  // The layout before the columns per store (a single `estoque`): its guard is issue 31's.
  const mine = rows.map((row) => row.cells.slice(0, PRODUCT_CSV_COLUMNS.length).map(unguardFormula)).filter((cells) => cells[column("id")] === String(productId));
  mine.forEach(change);
  return toCsv(PRODUCT_CSV_COLUMNS, mine);
}

const productRow = async (id: number) => (await t.db.select().from(products).where(eq(products.id, id)))[0]!;
const updatesOf = async (id: number) => (await t.db.select().from(auditLog).where(and(eq(auditLog.entityType, "product"), eq(auditLog.entityId, String(id))))).length;

describe("the CSV: export → an order takes the last unit → import", () => {
  it("refuses a file with only a price changed, naming the variant, its units now and in the file; nothing saved, stock stays 0", async () => {
    const variant = await variantWith(1);
    const exported = await productsCsv(t.db);
    await orderTakes(variant);
    expect(await variantStock(t.pool, variant)).toBe(0);

    const before = await productRow(variant.productId);
    const file = rowsOf(exported, variant.productId, (cells) => (cells[column("preco")] = "1.234,56"));
    const result = (await importProductsCsv(t.db, file, TEST_ACTOR)) as Extract<CsvImportResult, { ok: false }>;
    const line = readCsv(file).findIndex((record) => record.cells[column("tamanho")] === variant.size && record.cells[column("cor")] === variant.color) + 1;
    const label = [`Tam. ${variant.size}`, variant.color].filter(Boolean).join(" / ");
    expect(result).toEqual({
      ok: false,
      errors: [
        {
          line,
          message: `O estoque de ${variant.name} (${label}) mudou desde a exportação: 0 agora, 1 na planilha, em estoque_exportado (célula ${String.fromCharCode(65 + column("estoque_exportado"))}${line}), o estoque na exportação. Exporte o CSV de novo e refaça as alterações.`,
        },
      ],
    });
    expect(await variantStock(t.pool, variant)).toBe(0);
    expect(await productRow(variant.productId)).toEqual(before);

    // Exported again, the same change goes through and the stock stays what the order left.
    const again = rowsOf(await productsCsv(t.db), variant.productId, (cells) => (cells[column("preco")] = "1.234,56"));
    expect(await importProductsCsv(t.db, again, TEST_ACTOR)).toEqual({ ok: true, created: 0, updated: 1, unchanged: 0 });
    expect(await variantStock(t.pool, variant)).toBe(0);
    expect((await productRow(variant.productId)).priceCents).toBe(1_234_56);
  });

  it("a variant whose stock did not move imports as before", async () => {
    const variant = await variantWith(4, 1);
    const exported = await productsCsv(t.db);
    const file = rowsOf(exported, variant.productId, (cells) => {
      if (cells[column("tamanho")] === variant.size && cells[column("cor")] === variant.color) cells[column("estoque_loja_principal")] = "9";
    });
    expect(await importProductsCsv(t.db, file, TEST_ACTOR)).toEqual({ ok: true, created: 0, updated: 1, unchanged: 0 });
    expect(await variantStock(t.pool, variant)).toBe(9);
  });
});

describe("the CSV without estoque_exportado (the column deleted from an old export)", () => {
  /** The product's rows without the column, with `change` applied to each. */
  function rowsWithoutProof(exported: string, productId: number, change: (cells: string[]) => void = () => {}): string {
    const [, ...rows] = readCsv(exported);
    const kept = PRODUCT_CSV_COLUMNS.filter((name) => name !== "estoque_exportado");
    const mine = rows.map((row) => row.cells.slice(0, PRODUCT_CSV_COLUMNS.length).map(unguardFormula)).filter((cells) => cells[column("id")] === String(productId));
    mine.forEach(change);
    return toCsv(kept, mine.map((cells) => cells.filter((_, index) => index !== column("estoque_exportado"))));
  }

  it("cannot put back a unit an order took since: refused in pt-BR, nothing saved, stock stays 0", async () => {
    const variant = await variantWith(1, 2);
    const exported = await productsCsv(t.db);
    await orderTakes(variant);
    expect(await variantStock(t.pool, variant)).toBe(0);
    const before = await productRow(variant.productId);
    const file = rowsWithoutProof(exported, variant.productId, (cells) => (cells[column("preco")] = "1.234,56"));
    const result = (await importProductsCsv(t.db, file, TEST_ACTOR)) as Extract<CsvImportResult, { ok: false }>;
    const label = [`Tam. ${variant.size}`, variant.color].filter(Boolean).join(" / ");
    expect(result.ok).toBe(false);
    expect(result.errors).toEqual([
      {
        line: expect.any(Number),
        message: `estoque_exportado: o estoque de ${variant.name} (${label}) mudaria de 0 para 1 sem o estoque da exportação, e um pedido pode ter levado unidades desde então. Exporte o CSV de novo (com a coluna estoque_exportado) e refaça as alterações.`,
      },
    ]);
    expect(await variantStock(t.pool, variant)).toBe(0);
    expect(await productRow(variant.productId)).toEqual(before);
  });

  it("goes through when it leaves every variant's stock as the shelf has it now", async () => {
    const variant = await variantWith(3, 3);
    const file = rowsWithoutProof(await productsCsv(t.db), variant.productId, (cells) => (cells[column("preco")] = "1.234,56"));
    expect(await importProductsCsv(t.db, file, TEST_ACTOR)).toEqual({ ok: true, created: 0, updated: 1, unchanged: 0 });
    expect(await variantStock(t.pool, variant)).toBe(3);
    expect((await productRow(variant.productId)).priceCents).toBe(1_234_56);
  });
});

/** The product form as the edit page renders it for `product`, with `change` applied: hidden fields included. */
function formOf(values: ProductFormInput, change: Partial<ProductFormInput> = {}): FormData {
  const merged = { ...values, ...change };
  const form = new FormData();
  for (const [name, value] of Object.entries(merged)) {
    if (typeof value === "string") form.set(name, value);
  }
  for (const size of merged.sizes) form.append("sizes", size);
  for (const color of merged.colors) form.append("colors", color);
  for (const [key, units] of Object.entries(merged.stock)) form.set(`${STOCK_FIELD_PREFIX}${key}`, units);
  for (const [key, units] of Object.entries(merged.stockRead ?? {})) form.set(`${STOCK_READ_FIELD_PREFIX}${key}`, units);
  return form;
}

/** What the edit page's loader hands the form. */
async function openForm(productId: number): Promise<ProductFormInput> {
  const { product } = (await formLoader({ request: requestAs(admin, `/admin/produtos/editar/${productId}`), context, params: { id: String(productId) } } as never)) as {
    product: AdminProductDetail;
  };
  return productToFormInput(product);
}

async function save(productId: number, form: FormData): Promise<{ status: number; formError?: string }> {
  const result = (await formAction({ request: requestAs(admin, `/admin/produtos/editar/${productId}`, { form }), context, params: { id: String(productId) } } as never)) as
    | Response
    | { data: { errors: { form?: string } }; init: ResponseInit | null };
  if (result instanceof Response) return { status: result.status };
  return { status: result.init?.status ?? 200, formError: result.data.errors.form };
}

describe("the product form: opened → an order takes the last unit → saved", () => {
  it("refuses a save with only the description changed; the stock stays 0", async () => {
    const variant = await variantWith(1, 2);
    const opened = await openForm(variant.productId);
    await orderTakes(variant);

    const outcome = await save(variant.productId, formOf(opened, { description: "Descrição nova de um formulário antigo." }));
    const label = [`Tam. ${variant.size}`, variant.color].filter(Boolean).join(" / ");
    expect(outcome).toEqual({
      status: 400,
      formError: `Erro ao salvar produto: O estoque de ${variant.name} (${label}) mudou desde que o formulário foi aberto: 0 agora, 1 no formulário. Recarregue a página para ver o estoque de agora e refaça as alterações.`,
    });
    expect(await variantStock(t.pool, variant)).toBe(0);
    expect((await productRow(variant.productId)).description).toBe(variant.description);

    // Opened again, the same change saves and leaves the stock as the order left it.
    expect(await save(variant.productId, formOf(await openForm(variant.productId), { description: "Descrição nova." }))).toEqual({ status: 302 });
    expect(await variantStock(t.pool, variant)).toBe(0);
    expect((await productRow(variant.productId)).description).toBe("Descrição nova.");
  });

  it("ten saves at once from one opening, each with another count: one wins, nine are refused, the stock is the winner's", async () => {
    const variant = await variantWith(5, 3);
    const opened = await openForm(variant.productId);
    const key = JSON.stringify([variant.size, variant.color]);
    const auditBefore = await updatesOf(variant.productId);
    const outcomes = await Promise.all(Array.from({ length: 10 }, (_, index) => save(variant.productId, formOf(opened, { stock: { ...opened.stock, [key]: String(20 + index) } }))));
    const winners = outcomes.flatMap((outcome, index) => (outcome.status === 302 ? [index] : []));
    expect(winners).toHaveLength(1);
    for (const outcome of outcomes.filter((outcome) => outcome.status !== 302)) {
      expect(outcome.status).toBe(400);
      expect(outcome.formError).toMatch(/mudou desde que o formulário foi aberto: \d+ agora, 5 no formulário/);
    }
    expect(await variantStock(t.pool, variant)).toBe(20 + winners[0]!);
    expect(await updatesOf(variant.productId)).toBe(auditBefore + 1);
  });

  it("ten saves and an order's stock move at once: at most one save goes through, and the stock is what the order of events gives", async () => {
    const variant = await variantWith(5, 4);
    const opened = await openForm(variant.productId);
    const key = JSON.stringify([variant.size, variant.color]);
    const saves = Array.from({ length: 10 }, (_, index) => save(variant.productId, formOf(opened, { stock: { ...opened.stock, [key]: String(20 + index) } })));
    const [outcomes] = await Promise.all([Promise.all(saves), orderTakes(variant)]);
    const winners = outcomes.flatMap((outcome, index) => (outcome.status === 302 ? [index] : []));
    expect(winners.length).toBeLessThanOrEqual(1);
    // A save that won came before the order (which then took its unit from the saved count); none
    // won when the order came first.
    expect(await variantStock(t.pool, variant)).toBe(winners.length ? 20 + winners[0]! - 1 : 4);
  });
});
