// The product form edits each store's units (issue 42): every store's grid is sent with what it was
// opened with; a cell left as read is not written (a sale there meanwhile stays sold), a changed cell
// moves the store's units by what the clerk changed, and a changed cell whose store sold since the form
// was opened refuses the whole save, naming the store. Real PostgreSQL, the order's real stock move.
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, products, productVariants, storeLocations } from "#database/schema";
import { productToFormInput, type ProductFormInput } from "~/lib/catalog/product.schema";
import { STORE_STOCK_FIELD_PREFIX, STORE_STOCK_GRID_FIELD, STORE_STOCK_READ_FIELD_PREFIX } from "~/lib/catalog/product-form-fields";
import { variantKey } from "~/lib/catalog/variants";
import { action as formAction, loader as formLoader } from "~/routes/admin/product-form";
import type { AdminProductDetail } from "~/server/catalog/admin-product-list.server";
import type { LoadContext } from "~/server/load-context.server";
import { setOrderStatus } from "~/server/orders/admin-order-changes.server";
import { openAdminTest, requestAs, TEST_ACTOR, type SignedInUser } from "../setup/admin-session";
import { insertOrder } from "../setup/order-fixtures";
import type { TestDatabase } from "../setup/test-database";
import { setVariantStock, variantUnitsByStore } from "../setup/variant-stock";

let t: TestDatabase;
let context: LoadContext;
let admin: SignedInUser;
let close: () => Promise<void>;

beforeAll(async () => ({ t, context, admin, close } = await openAdminTest()));
afterAll(() => close?.());

type Variant = { id: number; productId: number; size: string; color: string; name: string; priceCents: number | null; homeSlug: string; homeName: string };

/** The first size × colour of the `skip`-th product with sizes and a price, with `units` at its own store and none elsewhere. */
async function variantWith(units: number, skip: number): Promise<Variant> {
  const { rows } = await t.pool.query<{ id: number; product_id: number; size: string; color: string; name: string; price_cents: number | null; slug: string; store: string }>(`
    select distinct on (p.id) v.id, p.id as product_id, v.size, v.color, p.name, p.price_cents, l.slug, l.name as store
    from products p join product_variants v on v.product_id = p.id join store_locations l on l.id = erick_product_home_store(p.id)
    where p.active and v.size <> '' and p.price_cents is not null
    order by p.id, v.id`);
  const row = rows[skip]!;
  const variant = { id: row.id, productId: row.product_id, size: row.size, color: row.color, name: row.name, priceCents: row.price_cents, homeSlug: row.slug, homeName: row.store };
  await setVariantStock(t.pool, variant, units);
  return variant;
}

/** An order for one unit of the variant, moved to Processando: the unit leaves its store's shelf. */
async function orderTakes(variant: Variant): Promise<void> {
  const order = await insertOrder(t.db, {
    createdAt: new Date(),
    items: [{ productId: variant.productId, variantId: variant.id, size: variant.size, color: variant.color || null, name: variant.name, unitPriceCents: variant.priceCents, quantity: 1 }],
  });
  expect(await setOrderStatus(t.db, order.id, "processing", TEST_ACTOR)).toMatchObject({ ok: true, stock: "taken" });
}

/** Another store than the variant's own. */
async function otherStore(variant: Variant): Promise<{ slug: string; name: string }> {
  const stores = await t.db.select({ slug: storeLocations.slug, name: storeLocations.name }).from(storeLocations).orderBy(storeLocations.id);
  return stores.find((store) => store.slug !== variant.homeSlug)!;
}

/** What the edit page's loader hands the form. */
async function openForm(productId: number): Promise<ProductFormInput> {
  const { product } = (await formLoader({ request: requestAs(admin, `/admin/produtos/editar/${productId}`), context, params: { id: String(productId) } } as never)) as {
    product: AdminProductDetail;
  };
  return productToFormInput(product);
}

/** The form as the editor sends it: every store's grid, with the cells read when it was opened; `typed` changes cells. */
function storeForm(values: ProductFormInput, typed: Record<string, string> = {}, change: Partial<ProductFormInput> = {}): FormData {
  const merged = { ...values, ...change };
  const form = new FormData();
  for (const [name, value] of Object.entries(merged)) if (typeof value === "string") form.set(name, value);
  for (const size of merged.sizes) form.append("sizes", size);
  for (const color of merged.colors) form.append("colors", color);
  form.set(STORE_STOCK_GRID_FIELD, "1");
  for (const [key, units] of Object.entries({ ...merged.storeStock, ...typed })) form.set(`${STORE_STOCK_FIELD_PREFIX}${key}`, units);
  for (const [key, units] of Object.entries(merged.storeStockRead ?? {})) form.set(`${STORE_STOCK_READ_FIELD_PREFIX}${key}`, units);
  return form;
}

async function save(path: string, form: FormData, id?: number): Promise<{ status: number; location?: string | null; formError?: string }> {
  const result = (await formAction({ request: requestAs(admin, path, { form }), context, params: id === undefined ? {} : { id: String(id) } } as never)) as
    | Response
    | { data: { errors: { form?: string } }; init: ResponseInit | null };
  if (result instanceof Response) return { status: result.status };
  return { status: result.init?.status ?? 200, formError: result.data.errors.form };
}

const cell = (slug: string, variant: { size: string; color: string }) => `${slug}:${variantKey(variant.size, variant.color)}`;
const description = async (id: number) => (await t.db.select({ description: products.description }).from(products).where(eq(products.id, id)))[0]!.description;

describe("the product form's grid per store", () => {
  it("opens with every store's units, 0 where a store has none", async () => {
    const variant = await variantWith(4, 0);
    const other = await otherStore(variant);
    const opened = await openForm(variant.productId);
    expect(opened.storeStock?.[cell(variant.homeSlug, variant)]).toBe("4");
    expect(opened.storeStock?.[cell(other.slug, variant)]).toBe("0");
    expect(opened.storeStockRead).toEqual(opened.storeStock);
  });

  it("an order between opening and saving: the untouched store keeps the sale, another store's change is applied, both audited by store", async () => {
    const variant = await variantWith(2, 1);
    const other = await otherStore(variant);
    const opened = await openForm(variant.productId);
    await orderTakes(variant);
    expect((await variantUnitsByStore(t.pool, variant.id))[variant.homeSlug]).toBe(1);

    const outcome = await save(`/admin/produtos/editar/${variant.productId}`, storeForm(opened, { [cell(other.slug, variant)]: "3" }, { description: "Chegaram 3 na outra loja." }), variant.productId);
    expect(outcome).toEqual({ status: 302 });
    const units = await variantUnitsByStore(t.pool, variant.id);
    // The own store's cell was sent as read (2): it is not written, so the order's unit stays sold.
    expect(units[variant.homeSlug]).toBe(1);
    expect(units[other.slug]).toBe(3);
    expect(await description(variant.productId)).toBe("Chegaram 3 na outra loja.");

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "product"), eq(auditLog.entityId, String(variant.productId))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    const label = Object.keys((entry!.after as { storeStock: Record<string, number> }).storeStock)[0]!;
    expect(label).toContain(`em ${other.name}`);
    expect(entry!.before).toMatchObject({ storeStock: { [label]: 0 } });
    expect(entry!.after).toMatchObject({ storeStock: { [label]: 3 } });
  });

  it("a changed cell at the store that sold since: refused in pt-BR naming the store, nothing saved at any store", async () => {
    const variant = await variantWith(1, 2);
    const other = await otherStore(variant);
    const opened = await openForm(variant.productId);
    await orderTakes(variant);

    const typed = { [cell(variant.homeSlug, variant)]: "5", [cell(other.slug, variant)]: "2" };
    const outcome = await save(`/admin/produtos/editar/${variant.productId}`, storeForm(opened, typed, { description: "Não deve gravar." }), variant.productId);
    const label = [`Tam. ${variant.size}`, variant.color].filter(Boolean).join(" / ");
    expect(outcome).toEqual({
      status: 400,
      formError: `Erro ao salvar produto: O estoque de ${variant.name} (${label}) mudou em ${variant.homeName} desde que o formulário foi aberto: 0 agora, 1 no formulário. Recarregue a página para ver o estoque de agora e refaça as alterações.`,
    });
    const units = await variantUnitsByStore(t.pool, variant.id);
    expect(units[variant.homeSlug]).toBe(0);
    expect(units[other.slug] ?? 0).toBe(0);
    expect(await description(variant.productId)).not.toBe("Não deve gravar.");

    // Opened again, the same counts save: the store's units become what the clerk typed.
    expect(await save(`/admin/produtos/editar/${variant.productId}`, storeForm(await openForm(variant.productId), typed), variant.productId)).toEqual({ status: 302 });
    expect(await variantUnitsByStore(t.pool, variant.id)).toMatchObject({ [variant.homeSlug]: 5, [other.slug]: 2 });
  });

  it("a new product is created with units at each store typed", async () => {
    const stores = await t.db.select({ slug: storeLocations.slug }).from(storeLocations).orderBy(storeLocations.id);
    const [first, second] = stores;
    const values: ProductFormInput = {
      name: "Sandália por loja",
      description: "Criada com estoque em duas lojas.",
      price: "59,90",
      category: "Feminino",
      store: first!.slug,
      stock: {},
      sizes: ["36", "37"],
      colors: [],
      active: "on",
    };
    const typed = { [cell(first!.slug, { size: "36", color: "" })]: "2", [cell(second!.slug, { size: "37", color: "" })]: "4" };
    expect(await save("/admin/produtos/novo", storeForm(values, typed))).toEqual({ status: 302 });
    const [created] = await t.db.select({ id: products.id }).from(products).where(eq(products.name, "Sandália por loja"));
    const variants = await t.db.select().from(productVariants).where(eq(productVariants.productId, created!.id)).orderBy(productVariants.size);
    expect(await variantUnitsByStore(t.pool, variants[0]!.id)).toMatchObject({ [first!.slug]: 2 });
    expect((await variantUnitsByStore(t.pool, variants[0]!.id))[second!.slug] ?? 0).toBe(0);
    expect(await variantUnitsByStore(t.pool, variants[1]!.id)).toMatchObject({ [second!.slug]: 4 });
  });
});
