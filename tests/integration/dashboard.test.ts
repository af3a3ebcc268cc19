// The admin dashboard's figures on a real PostgreSQL: revenue without cancelled
// orders, average ticket, conversion, months in the shop's time zone, top products, recent orders,
// the WhatsApp placeholder warning and the e-mails waiting to be sent.
import { asc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, productVariants, settings as settingsTable, storeLocations, users } from "#database/schema";
import { DEFAULT_SETTINGS } from "~/lib/group/settings.schema";
import { loader } from "~/routes/admin/dashboard";
import { deliverDueEmails, queueEmail } from "~/server/email/email-queue.server";
import { getDashboard, STOCK_LIST_SIZE } from "~/server/read-models/dashboard.server";
import { getReport } from "~/server/read-models/reports.server";
import type { LoadContext } from "~/server/load-context.server";
import { createTestContext, requestAs, signedInUser, type SignedInUser } from "../setup/admin-session";
import { insertOrder } from "../setup/order-fixtures";
import { setAllVariantStock, setVariantStockByIds, setVariantUnitsAt } from "../setup/variant-stock";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestContext>>;
let context: LoadContext;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestContext(t);
  context = app.context;
});
afterAll(async () => {
  await t?.close();
  await app?.close();
});

// Mid-March 2026 in Recife: the last 6 months are October 2025 to March 2026.
const NOW = new Date("2026-03-15T12:00:00-03:00");

async function productIds() {
  const rows = await t.db.select({ id: products.id, name: products.name }).from(products).limit(2);
  return rows as [{ id: number; name: string }, { id: number; name: string }];
}

describe("an empty shop", () => {
  it("shows zeros, six empty months and no orders, without dividing by zero", async () => {
    const dashboard = await getDashboard(t.db, NOW);
    expect(dashboard.stats).toEqual({
      revenueCents: 0,
      orders: 0,
      products: 20,
      customers: 0,
      pending: 0,
      completed: 0,
      averageTicketCents: 0,
      todayRevenueCents: 0,
      sameDayLastWeekRevenueCents: 0,
    });
    expect(dashboard.monthlySales).toEqual(
      ["2025-10", "2025-11", "2025-12", "2026-01", "2026-02", "2026-03"].map((month) => ({ month, orders: 0, revenueCents: 0 })),
    );
    expect(dashboard.ordersByStatus.every((entry) => entry.count === 0)).toBe(true);
    expect(dashboard.topProducts).toEqual([]);
    expect(dashboard.recentOrders).toEqual([]);
  });
});

describe("with orders", () => {
  let recent: string[];
  let x: { id: number; name: string };
  let y: { id: number; name: string };

  beforeAll(async () => {
    [x, y] = await productIds();
    // Three customers and an admin (who does not count as a customer).
    await t.db.insert(users).values([
      { id: "c1", name: "Ana", email: "ana@exemplo.com", role: "customer" },
      { id: "c2", name: "Bia", email: "bia@exemplo.com", role: "customer" },
      { id: "c3", name: "Caio", email: "caio@exemplo.com", role: "customer" },
      { id: "a1", name: "Dona", email: "dona@exemplo.com", role: "admin" },
    ]);
    const d = await insertOrder(t.db, {
      status: "processing",
      createdAt: "2025-09-20T12:00:00-03:00", // before the 6 months: counts in the totals only
      items: [{ productId: x.id, name: x.name, unitPriceCents: 30_00, quantity: 1 }],
    });
    const b = await insertOrder(t.db, {
      status: "pending",
      // 23:00 on 31 January in Recife (already February in UTC): a January sale.
      createdAt: "2026-02-01T02:00:00Z",
      items: [{ productId: y.id, name: y.name, unitPriceCents: 50_00, quantity: 1 }],
    });
    const c = await insertOrder(t.db, {
      status: "cancelled",
      createdAt: "2026-03-01T10:00:00-03:00",
      items: [{ productId: y.id, name: y.name, unitPriceCents: 999_00, quantity: 10 }],
    });
    const a = await insertOrder(t.db, {
      status: "delivered",
      createdAt: "2026-03-10T10:00:00-03:00",
      customerName: "Ana",
      items: [{ productId: x.id, name: x.name, unitPriceCents: 50_00, quantity: 2 }],
    });
    const e = await insertOrder(t.db, {
      status: "shipped",
      createdAt: "2026-03-14T10:00:00-03:00",
      customerName: "",
      items: [
        { productId: y.id, name: y.name, unitPriceCents: 2_00, quantity: 5 },
        { productId: x.id, name: x.name, unitPriceCents: 5_00, quantity: 1 },
        { productId: null, name: "Produto Antigo", unitPriceCents: 5_00, quantity: 1 },
      ],
    });
    recent = [e.id, a.id, c.id, b.id, d.id];
  });

  it("computes the stat cards: revenue without cancelled orders, ticket = revenue / orders not cancelled", async () => {
    const { stats } = await getDashboard(t.db, NOW);
    // 30 + 50 + 100 + 20 (the cancelled 9.990 left out).
    expect(stats).toEqual({
      revenueCents: 200_00,
      orders: 5,
      products: 20,
      customers: 3,
      pending: 1,
      completed: 1,
      // 200 ÷ 4: the cancelled order counts in 'Pedidos' (all of them) but not in the ticket.
      averageTicketCents: 50_00,
      // NOW is 15 March: nothing was sold that day, nor on 8 March.
      todayRevenueCents: 0,
      sameDayLastWeekRevenueCents: 0,
    });
  });

  it("gives the same ticket as Relatórios over a period holding every order (one query for both)", async () => {
    const { stats } = await getDashboard(t.db, NOW);
    const report = await getReport(t.db, { from: "2025-09-01", to: "2026-03-31", group: "mes" });
    expect(report.summary).toEqual({ orders: 4, revenueCents: stats.revenueCents, averageTicketCents: stats.averageTicketCents });
  });

  it("groups the last 6 months in the shop's time zone, months without sales at zero", async () => {
    const { monthlySales } = await getDashboard(t.db, NOW);
    expect(monthlySales).toEqual([
      { month: "2025-10", orders: 0, revenueCents: 0 },
      { month: "2025-11", orders: 0, revenueCents: 0 },
      { month: "2025-12", orders: 0, revenueCents: 0 },
      { month: "2026-01", orders: 1, revenueCents: 50_00 },
      { month: "2026-02", orders: 0, revenueCents: 0 },
      { month: "2026-03", orders: 2, revenueCents: 120_00 },
    ]);
  });

  it("counts orders by status and ranks the products sold by units, without cancelled orders", async () => {
    const dashboard = await getDashboard(t.db, NOW);
    expect(dashboard.ordersByStatus).toEqual([
      { status: "pending", count: 1 },
      { status: "processing", count: 1 },
      { status: "shipped", count: 1 },
      { status: "pickup_ready", count: 0 },
      { status: "delivered", count: 1 },
      { status: "cancelled", count: 1 },
    ]);
    expect(dashboard.topProducts).toEqual([
      { productId: y.id, name: y.name, quantity: 6 },
      { productId: x.id, name: x.name, quantity: 4 },
      { productId: null, name: "Produto Antigo", quantity: 1 },
    ]);
  });

  it("lists the 5 newest orders with their 8-character code", async () => {
    const { recentOrders } = await getDashboard(t.db, NOW);
    expect(recentOrders.map((order) => order.id)).toEqual(recent);
    for (const order of recentOrders) {
      expect(order.code).toBe(order.id.slice(0, 8).toUpperCase());
      expect(order.code).toHaveLength(8);
    }
    expect(recentOrders[1]).toMatchObject({ customerName: "Ana", totalCents: 100_00, status: "delivered" });
  });

  it("keeps at most 5 top products and 5 recent orders", async () => {
    for (let index = 0; index < 6; index += 1) {
      await insertOrder(t.db, {
        status: "pending",
        createdAt: `2026-03-0${index + 2}T10:00:00-03:00`,
        items: [{ name: `Avulso ${index}`, unitPriceCents: 1_00, quantity: 1 }],
      });
    }
    const dashboard = await getDashboard(t.db, NOW);
    expect(dashboard.topProducts).toHaveLength(5);
    expect(dashboard.recentOrders).toHaveLength(5);
  });
});

describe("the dashboard page (loader)", () => {
  let admin: SignedInUser;
  beforeAll(async () => {
    admin = await signedInUser(context, "admin");
  });

  const load = async () => (await loader({ request: requestAs(admin, "/admin"), context, params: {} } as Parameters<typeof loader>[0]));

  it("warns while the WhatsApp number is the placeholder, and stops once it is changed", async () => {
    expect((await load()).whatsappPlaceholder).toBe(true);
    await t.db.update(settingsTable).set({ data: { ...DEFAULT_SETTINGS, storeWhatsApp: "5581988887777" } }).where(eq(settingsTable.id, 1));
    expect((await load()).whatsappPlaceholder).toBe(false);
  });

  it("names the store locations still on the example number, and stops naming one once it is changed", async () => {
    const locations = await t.db.select({ id: storeLocations.id, name: storeLocations.name }).from(storeLocations).orderBy(storeLocations.position, storeLocations.id);
    expect((await load()).storesWithPlaceholder).toEqual(locations.map((location) => location.name));
    await t.db.update(storeLocations).set({ whatsapp: "5581977776666" }).where(eq(storeLocations.id, locations[0]!.id));
    expect((await load()).storesWithPlaceholder).toEqual(locations.slice(1).map((location) => location.name));
  });

  it("tells the clerk about e-mails the mail server has not taken, with its answer", async () => {
    expect((await load()).emails).toMatchObject({ pending: 0, failing: 0 });
    const id = await queueEmail(t.db, { kind: "new-order", to: "loja@exemplo.com", subject: "Novo pedido", text: "x" });
    // Queued and not tried yet: nothing to worry the clerk about.
    expect((await load()).emails).toMatchObject({ pending: 1, failing: 0 });
    await deliverDueEmails(t.db, async () => Promise.reject(new Error("Connection timeout")));
    expect((await load()).emails).toMatchObject({ pending: 1, failing: 1, lastError: "Connection timeout" });
    await t.db.execute(sql`update email_queue set sent_at = now() where id = ${id}`);
    expect((await load()).emails).toMatchObject({ pending: 0, failing: 0 });
  });

  it("counts the signed-up customer among the customers", async () => {
    const before = (await load()).stats.customers;
    await signedInUser(context, "customer");
    expect((await load()).stats.customers).toBe(before + 1);
  });
});

describe("today against the same day last week", () => {
  it("sums each day's sales in the shop's time zone, cancelled orders left out", async () => {
    const now = new Date("2026-06-10T12:00:00-03:00");
    const [product] = await productIds();
    const item = [{ productId: product!.id, name: product!.name, unitPriceCents: 10_00, quantity: 1 }];
    await insertOrder(t.db, { status: "pending", createdAt: "2026-06-10T08:00:00-03:00", items: item });
    // 23:30 on the 10th in Recife is the 11th in UTC: still today for the shop.
    await insertOrder(t.db, { status: "processing", createdAt: "2026-06-11T02:30:00Z", items: [{ ...item[0]!, unitPriceCents: 5_00 }] });
    await insertOrder(t.db, { status: "cancelled", createdAt: "2026-06-10T09:00:00-03:00", items: [{ ...item[0]!, unitPriceCents: 99_00 }] });
    await insertOrder(t.db, { status: "delivered", createdAt: "2026-06-03T18:00:00-03:00", items: [{ ...item[0]!, unitPriceCents: 7_00 }] });
    const { stats } = await getDashboard(t.db, now);
    expect(stats.todayRevenueCents).toBe(15_00);
    expect(stats.sameDayLastWeekRevenueCents).toBe(7_00);
  });
});

describe("stock: variants to restock, products to check", () => {
  async function variantsOfFirstProducts() {
    const [a, b] = await t.db.select({ id: products.id, name: products.name }).from(products).orderBy(asc(products.id)).limit(2);
    const variants = await t.db.select().from(productVariants).where(inArray(productVariants.productId, [a!.id, b!.id])).orderBy(asc(productVariants.id));
    return { a: a!, b: b!, ofA: variants.filter((v) => v.productId === a!.id), ofB: variants.filter((v) => v.productId === b!.id) };
  }
  const setStock = (id: number, stock: number) => setVariantStockByIds(t.pool, [id], stock);

  it("lists the variants of active products at 0–3 units, fewest first, with their size and colour", async () => {
    await setAllVariantStock(t.pool, 10);
    expect((await getDashboard(t.db, NOW)).lowStock).toEqual({ variants: [], total: 0 });

    const { a, b, ofA, ofB } = await variantsOfFirstProducts();
    expect(ofA.length).toBeGreaterThan(1);
    await setStock(ofA[0]!.id, 2);
    await setStock(ofA[1]!.id, 3);
    await setStock(ofB[0]!.id, 0);
    const { rows: stores } = await t.pool.query<{ id: number; name: string }>("select id, erick_product_home_store(id) as store, (select name from store_locations where id = erick_product_home_store(p.id)) as name from products p where id = any($1::integer[])", [[a.id, b.id]]);
    // Per store: each product's units are at its own store.
    const row = (product: { id: number; name: string }, variant: { size: string; color: string }, stock: number) => ({
      productId: product.id,
      name: product.name,
      size: variant.size,
      color: variant.color,
      stock,
      store: stores.find((store) => store.id === product.id)!.name,
    });
    expect((await getDashboard(t.db, NOW)).lowStock).toEqual({
      variants: [row(b, ofB[0]!, 0), row(a, ofA[0]!, 2), row(a, ofA[1]!, 3)],
      total: 3,
    });

    // A product hidden from the shop cannot be ordered: nothing to restock in a hurry.
    await t.db.update(products).set({ active: false }).where(eq(products.id, b.id));
    expect((await getDashboard(t.db, NOW)).lowStock.variants.map((variant) => variant.productId)).toEqual([a.id, a.id]);
    await t.db.update(products).set({ active: true }).where(eq(products.id, b.id));
  });

  it("lists low stock per store: a size low at one store is listed for that store, however many another holds", async () => {
    await setAllVariantStock(t.pool, 10);
    const { a, ofA } = await variantsOfFirstProducts();
    const { rows: stores } = await t.pool.query<{ id: number; name: string }>(
      "select id, name from store_locations where id <> erick_product_home_store($1) order by position, id limit 1",
      [a.id],
    );
    await setVariantUnitsAt(t.pool, ofA[0]!.id, stores[0]!.id, 1);
    const { lowStock } = await getDashboard(t.db, NOW);
    expect(lowStock.variants).toEqual([expect.objectContaining({ productId: a.id, size: ofA[0]!.size, color: ofA[0]!.color, stock: 1, store: stores[0]!.name })]);
    expect(lowStock.total).toBe(1);
  });

  it("shows at most 10, and how many there are in all", async () => {
    await setAllVariantStock(t.pool, 10);
    const many = await t.db
      .select({ id: productVariants.id })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(eq(products.active, true))
      .orderBy(asc(productVariants.id))
      .limit(STOCK_LIST_SIZE + 5);
    await setVariantStockByIds(t.pool, many.map((variant) => variant.id), 1);
    await setStock(many.at(-1)!.id, 0);
    const { lowStock } = await getDashboard(t.db, NOW);
    expect(lowStock.variants).toHaveLength(STOCK_LIST_SIZE);
    expect(lowStock.total).toBe(STOCK_LIST_SIZE + 5);
    // The ones at 0 first, then 1.
    expect(lowStock.variants[0]!.stock).toBe(0);
    expect(lowStock.variants.slice(1).every((variant) => variant.stock === 1)).toBe(true);
  });

  it("lists the products whose stock the update spread over their sizes, newest first, until saved", async () => {
    await t.db.update(products).set({ stockNeedsReview: false });
    expect((await getDashboard(t.db, NOW)).stockReview).toEqual({ products: [], total: 0 });
    const { a, b } = await variantsOfFirstProducts();
    await t.db.update(products).set({ stockNeedsReview: true, createdAt: new Date("2026-01-01T12:00:00Z") }).where(eq(products.id, a.id));
    await t.db.update(products).set({ stockNeedsReview: true, createdAt: new Date("2026-02-01T12:00:00Z") }).where(eq(products.id, b.id));
    expect((await getDashboard(t.db, NOW)).stockReview).toEqual({ products: [b, a], total: 2 });
  });

  it("reaches the page through the loader", async () => {
    const admin = await signedInUser(context, "admin");
    const page = await loader({ request: requestAs(admin, "/admin"), context, params: {} } as Parameters<typeof loader>[0]);
    expect(page.stockReview.total).toBe(2);
    expect(page.lowStock.total).toBe(STOCK_LIST_SIZE + 5);
  });
});
