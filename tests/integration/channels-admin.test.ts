// /admin/canais on the server: the check of the catalogue (left out and why, recommended fields
// missing), and the admin's choices (a product or a shop out of the feeds, a Google category
// corrected) reaching the feeds, recorded in the audit log, refused to anyone but an admin.
import { parse as parseCsv } from "csv-parse/sync";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, channelCategoryMappings, channelExcludedProducts, channelExcludedShops, products } from "#database/schema";
import type { ChannelsViewProps } from "~/components/admin/channels/channels-view";
import { action, loader } from "~/routes/admin/channels";
import { loader as metaFeedLoader } from "~/routes/feeds/meta-csv";
import type { LoadContext } from "~/server/load-context.server";
import { openAdminTest, requestAs, type SignedInUser } from "../setup/admin-session";
import { run } from "../setup/signed-in";
import type { TestDatabase } from "../setup/test-database";

let t: TestDatabase;
let context: LoadContext;
let admin: SignedInUser;
let customer: SignedInUser;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, context, admin, customer, close } = await openAdminTest());
});
afterAll(() => close?.());

const page = async () => {
  const outcome = await run<ChannelsViewProps>(loader, requestAs(admin, "/admin/canais"), context);
  expect(outcome.status).toBe(200);
  return outcome.data;
};

const post = (user: SignedInUser | null, fields: Record<string, string>) =>
  run<{ error?: string }>(action, requestAs(user, "/admin/canais", { form: new URLSearchParams(fields) }), context);

async function metaRows() {
  const outcome = await run<string>(metaFeedLoader, requestAs(null, "/feeds/meta.csv"), context);
  return parseCsv(outcome.data, { columns: true }) as Record<string, string>[];
}

const rowsOf = (rows: Record<string, string>[], productId: number) => rows.filter((row) => new URL(row.link!).pathname === `/produto/${productId}`);

describe("/admin/canais", () => {
  it("gives the two feed addresses and says which products are left out and why, with a link to each", async () => {
    const [noPrice] = await t.db.select({ id: products.id, name: products.name }).from(products).where(and(eq(products.active, true), isNotNull(products.priceCents))).limit(1);
    await t.db.update(products).set({ priceCents: null, brand: "" }).where(eq(products.id, noPrice!.id));
    const view = await page();
    expect(view.feeds).toEqual({ meta: "http://localhost:3999/feeds/meta.csv", google: "http://localhost:3999/feeds/google.xml" });
    const leftOut = view.check.leftOut.products.find((product) => product.id === noPrice!.id);
    expect(leftOut?.reasons).toContain("no-price");
    const [{ count }] = (await t.pool.query<{ count: number }>("select count(*)::int as count from products where active and (price_cents is null or cardinality(images) = 0)")).rows as [{ count: number }];
    expect(view.check.leftOut.total).toBe(count);
    // The feed's items are the page's count.
    expect(view.check.items).toBe((await metaRows()).length);
    expect(view.categories.length).toBeGreaterThan(0);
    expect(view.shops.map((shop) => shop.excluded)).toEqual([false, false, false, false]);
  });

  it("lists products that lack a recommended field, and apparel without a gender as refused by Google, not as a recommendation", async () => {
    const listed = and(eq(products.active, true), isNotNull(products.priceCents), sql`cardinality(${products.images}) > 0`);
    const [shoe] = await t.db.select({ id: products.id }).from(products).where(and(listed, eq(products.category, "Feminino"))).limit(1);
    const [pan] = await t.db.select({ id: products.id }).from(products).where(and(listed, eq(products.category, "Variedades"))).limit(1);
    await t.db.update(products).set({ gender: "", brand: "" }).where(eq(products.id, shoe!.id));
    await t.db.update(products).set({ gender: "" }).where(eq(products.id, pan!.id));
    const { check } = await page();
    expect(check.missing.products.find((entry) => entry.id === shoe!.id)?.reasons).toEqual(["brand"]);
    expect(check.googleRefuses.products.find((entry) => entry.id === shoe!.id)?.reasons).toEqual(["gender"]);
    // A frying pan has no gender to give: neither refused nor asked for.
    expect(check.googleRefuses.products.map((entry) => entry.id)).not.toContain(pan!.id);
    expect(check.missing.products.find((entry) => entry.id === pan!.id)?.reasons ?? []).not.toContain("gender");
    // The feeds send what the product form now saves: gender and age group.
    await t.db.update(products).set({ gender: "Feminino" }).where(eq(products.id, shoe!.id));
    expect((await page()).check.googleRefuses.products.map((entry) => entry.id)).not.toContain(shoe!.id);
    const rows = rowsOf(await metaRows(), shoe!.id);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect([row.gender, row.age_group]).toEqual(["female", "adult"]);
  });

  it("leaves a product out of the feeds and brings it back, in the audit log", async () => {
    const [product] = await t.db.select({ id: products.id }).from(products).where(and(eq(products.active, true), isNotNull(products.priceCents), sql`cardinality(${products.images}) > 0`)).limit(1);
    expect(rowsOf(await metaRows(), product!.id).length).toBeGreaterThan(0);
    const out = await post(admin, { intent: "exclude-product", productId: String(product!.id) });
    expect(out.status).toBe(302);
    expect(out.location).toBe("/admin/canais?salvo=1");
    expect(rowsOf(await metaRows(), product!.id)).toEqual([]);
    expect((await page()).check.excluded).toContainEqual(expect.objectContaining({ id: product!.id, by: "product" }));
    await post(admin, { intent: "include-product", productId: String(product!.id) });
    expect(rowsOf(await metaRows(), product!.id).length).toBeGreaterThan(0);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, "channels.product"));
    expect(entries.map((entry) => entry.after)).toEqual([{ inChannels: false }, { inChannels: true }]);
  });

  it("leaves a whole shop out and brings it back", async () => {
    const view = await page();
    const shop = view.shops[0]!;
    await post(admin, { intent: "exclude-shop", shopId: String(shop.id) });
    expect((await page()).shops[0]!.excluded).toBe(true);
    const shopProducts = await t.db.select({ id: products.id }).from(products).where(eq(products.shopId, shop.id));
    const rows = await metaRows();
    expect(shopProducts.flatMap((product) => rowsOf(rows, product.id))).toEqual([]);
    await post(admin, { intent: "include-shop", shopId: String(shop.id) });
    expect(await t.db.select().from(channelExcludedShops)).toEqual([]);
  });

  it("stores the admin's Google category, which the feeds then send, and goes back to the suggestion when emptied", async () => {
    const row = (await page()).categories[0]!;
    const [product] = await t.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.category, row.category), eq(products.subcategory, row.subcategory), eq(products.active, true), isNotNull(products.priceCents), sql`cardinality(${products.images}) > 0`))
      .limit(1);
    const corrected = "Apparel & Accessories > Clothing > Activewear";
    expect((await post(admin, { intent: "category", category: row.category, subcategory: row.subcategory, googleCategory: `  ${corrected} ` })).status).toBe(302);
    const after = (await page()).categories.find((entry) => entry.category === row.category && entry.subcategory === row.subcategory)!;
    expect(after).toMatchObject({ googleCategory: corrected, corrected: true });
    if (product) expect(rowsOf(await metaRows(), product.id).map((item) => item.google_product_category)).toEqual(rowsOf(await metaRows(), product.id).map(() => corrected));
    await post(admin, { intent: "category", category: row.category, subcategory: row.subcategory, googleCategory: "" });
    expect(await t.db.select().from(channelCategoryMappings)).toEqual([]);
  });

  it("refuses bad input with a message in Portuguese and changes nothing", async () => {
    const attempts: Record<string, string>[] = [
      { intent: "exclude-product", productId: "abc" },
      { intent: "exclude-product", productId: "99999999999" },
      { intent: "category", category: "Feminino", subcategory: "", googleCategory: "x".repeat(300) },
      { intent: "apagar-tudo" },
    ];
    for (const fields of attempts) {
      const outcome = await post(admin, fields);
      expect(outcome.status, JSON.stringify(fields)).toBe(400);
      expect((outcome.data as { errors: Record<string, string> }).errors.form).toMatch(/inválid|máximo/i);
    }
    expect(((await post(admin, { intent: "exclude-product", productId: "999999" })).data as { errors: Record<string, string> }).errors.form).toBe("Produto não encontrado.");
    expect(await t.db.select().from(channelExcludedProducts)).toEqual([]);
    expect(await t.db.select().from(channelCategoryMappings)).toEqual([]);
  });

  it("is the admin's only: a customer or a visitor changes nothing", async () => {
    const [product] = await t.db.select({ id: products.id }).from(products).limit(1);
    for (const user of [customer, null]) {
      const outcome = await post(user, { intent: "exclude-product", productId: String(product!.id) });
      expect([302, 403]).toContain(outcome.status);
      expect(outcome.location ?? "").not.toBe("/admin/canais?salvo=1");
      const view = await run(loader, requestAs(user, "/admin/canais"), context);
      expect([302, 403]).toContain(view.status);
    }
    expect(await t.db.select().from(channelExcludedProducts)).toEqual([]);
  });
});
