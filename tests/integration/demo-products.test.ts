// The first start's demo catalogue (issue 40): seeded products are marked demo; the dashboard says so
// with "Remover produtos de demonstração", which an admin uses once (audited) to remove them with
// their stock; a customer cannot do it. Issue 51 (item 4): the button first shows what goes (the
// products, their units) and what stays (the orders that have them), and only the confirmation
// removes; an order that had one, a counter sale of today's, stays in the sales and reports unchanged.
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, orderItems, orders, products, productVariants } from "#database/schema";
import type { LoadContext } from "~/server/load-context.server";
import { action as dashboardAction, loader as dashboardLoader } from "~/routes/admin/dashboard";
import { parseOrderFilters } from "~/lib/orders/admin-orders";
import { DEFAULT_SETTINGS } from "~/lib/group/settings.schema";
import { getAdminOrder, listAdminOrders } from "~/server/orders/admin-order-queries.server";
import { getSalesSummary } from "~/server/read-models/sales-summary.server";
import { openAdminTest, requestAs, type SignedInUser } from "../setup/admin-session";
import { insertOrder } from "../setup/order-fixtures";
import type { TestDatabase } from "../setup/test-database";

let t: TestDatabase;
let context: LoadContext;
let admin: SignedInUser;
let customer: SignedInUser;
let close: () => Promise<void>;
beforeAll(async () => ({ t, context, admin, customer, close } = await openAdminTest()));
afterAll(() => close?.());

async function call(handler: unknown, request: Request): Promise<{ status: number; location: string | null; data: Record<string, unknown> }> {
  let result: unknown;
  try {
    result = await (handler as (args: { request: Request; context: LoadContext; params: object }) => unknown)({ request, context, params: {} });
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, location: result.headers.get("location"), data: {} };
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const { data, init } = result as { data: Record<string, unknown>; init: ResponseInit | null };
    return { status: init?.status ?? 200, location: null, data };
  }
  return { status: 200, location: null, data: result as Record<string, unknown> };
}

const removeForm = (confirmed = true) => {
  const form = new FormData();
  form.set("intent", "remove-demo-products");
  if (confirmed) form.set("confirmar", "sim");
  return form;
};

describe("the demo catalogue", () => {
  it("is the 20 seeded products, marked demo, and the dashboard counts them", async () => {
    const demo = await t.db.select({ id: products.id }).from(products).where(eq(products.demo, true));
    expect(demo).toHaveLength(20);
    const page = await call(dashboardLoader, requestAs(admin, "/admin"));
    expect(page.data).toMatchObject({ demoProducts: 20, demoRemoved: null });
  });

  it("a customer cannot remove them", async () => {
    const refused = await call(dashboardAction, requestAs(customer, "/admin", { form: removeForm() }));
    expect(refused.status).not.toBe(302);
    expect(await t.db.select({ id: products.id }).from(products).where(eq(products.demo, true))).toHaveLength(20);
  });

  it("one tap removes nothing: the button's step says what goes and what stays, and only the confirmation removes", async () => {
    const unconfirmed = await call(dashboardAction, requestAs(admin, "/admin", { form: removeForm(false) }));
    expect(unconfirmed).toMatchObject({ status: 400, data: { ok: false, errors: { form: "Confirme a remoção depois de ver o que será removido." } } });
    expect(await t.db.select({ id: products.id }).from(products).where(eq(products.demo, true))).toHaveLength(20);

    const plain = await call(dashboardLoader, requestAs(admin, "/admin"));
    expect(plain.data).toMatchObject({ demoRemoval: null });
    const step = await call(dashboardLoader, requestAs(admin, "/admin?remover-demonstracao"));
    const { rows } = await t.pool.query<{ units: number }>(
      "select coalesce(sum(s.units), 0)::int as units from variant_stock s join product_variants v on v.id = s.variant_id join products p on p.id = v.product_id where p.demo",
    );
    const removal = step.data.demoRemoval as { names: string[]; units: number; orders: number };
    expect(removal.names).toHaveLength(20);
    expect(removal).toMatchObject({ units: rows[0]!.units, orders: 0 });
    expect(rows[0]!.units).toBeGreaterThan(0);
  });

  it("an admin removes them and their stock, audited; an order that had one (a counter sale of today's) stays in the sales as it was", async () => {
    const [demoProduct] = await t.db.select().from(products).where(eq(products.demo, true)).limit(1);
    const [ownProduct] = await t.db.insert(products).values({ name: "Produto da loja", description: "", category: "Feminino", shopId: demoProduct!.shopId, priceCents: 10_000 }).returning();
    const soldToday = await insertOrder(t.db, { createdAt: new Date(), items: [{ productId: demoProduct!.id, name: demoProduct!.name, unitPriceCents: 5_000, quantity: 1 }] });
    const realOrder = await insertOrder(t.db, { createdAt: new Date(), items: [{ productId: ownProduct!.id, name: ownProduct!.name, unitPriceCents: 10_000, quantity: 1 }] });
    const before = await getSalesSummary(t.db, null);
    const step = await call(dashboardLoader, requestAs(admin, "/admin?remover-demonstracao"));
    const removal = step.data.demoRemoval as { units: number; orders: number };
    expect(removal.orders).toBe(1);

    const removed = await call(dashboardAction, requestAs(admin, "/admin", { form: removeForm() }));
    expect(removed).toMatchObject({ status: 302, location: `/admin?demoRemovidos=20&demoUnidades=${removal.units}&demoPedidos=1` });

    expect(await t.db.select({ id: products.id }).from(products).where(eq(products.demo, true))).toHaveLength(0);
    expect(await t.db.select({ id: products.id }).from(products).where(eq(products.id, ownProduct!.id))).toHaveLength(1);
    expect(await t.db.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.productId, demoProduct!.id))).toHaveLength(0);

    const kept = await t.db.select({ id: orders.id, demoProducts: orders.demoProducts }).from(orders).where(inArray(orders.id, [soldToday.id, realOrder.id]));
    expect(Object.fromEntries(kept.map((order) => [order.id, order.demoProducts]))).toEqual({ [soldToday.id]: false, [realOrder.id]: false });
    const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, soldToday.id));
    expect(line).toMatchObject({ productId: null, name: demoProduct!.name, unitPriceCents: 5_000 });
    expect(await getSalesSummary(t.db, null)).toEqual(before);

    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, "product.demo_remove"));
    expect(entry).toMatchObject({ actorEmail: admin.email, entityType: "product", after: { removed: 20, units: removal.units, ordersKept: 1 } });

    const page = await call(dashboardLoader, requestAs(admin, `/admin?demoRemovidos=20&demoUnidades=${removal.units}&demoPedidos=1`));
    expect(page.data).toMatchObject({ demoProducts: 0, demoRemoved: { products: 20, units: removal.units, orders: 1 } });

    // Nothing sets it apart: no demo badge in the orders list or its window.
    const list = await listAdminOrders(t.db, parseOrderFilters(new URLSearchParams()));
    expect(list.orders.find((order) => order.id === soldToday.id)?.demoProducts).toBe(false);
    expect((await getAdminOrder(t.db, DEFAULT_SETTINGS, soldToday.id))?.demoProducts).toBe(false);
  });

  it("a second press removes nothing and says so; an unknown intent is refused in the house's answer", async () => {
    expect(await call(dashboardAction, requestAs(admin, "/admin", { form: removeForm() }))).toMatchObject({ status: 302, location: "/admin?demoRemovidos=0&demoUnidades=0&demoPedidos=0" });
    const form = new FormData();
    form.set("intent", "outra");
    expect(await call(dashboardAction, requestAs(admin, "/admin", { form }))).toMatchObject({ status: 400, data: { ok: false, errors: { form: "Ação desconhecida." } } });
  });
});
