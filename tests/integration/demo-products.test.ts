// The first start's demo catalogue (issue 40): seeded products are marked demo; the dashboard says so
// with "Remover produtos de demonstração", which an admin uses once (audited) to remove them with
// their stock; an order that had one is kept, marked apart and left out of the sales figures; a
// customer cannot do it.
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

const removeForm = () => {
  const form = new FormData();
  form.set("intent", "remove-demo-products");
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

  it("an admin removes them and their stock, audited; an order that had one is kept apart and out of the sales", async () => {
    const [demoProduct] = await t.db.select().from(products).where(eq(products.demo, true)).limit(1);
    const [ownProduct] = await t.db.insert(products).values({ name: "Produto da loja", description: "", category: "Feminino", shopId: demoProduct!.shopId, priceCents: 10_000 }).returning();
    const demoOrder = await insertOrder(t.db, { createdAt: new Date(), items: [{ productId: demoProduct!.id, name: demoProduct!.name, unitPriceCents: 5_000, quantity: 1 }] });
    const realOrder = await insertOrder(t.db, { createdAt: new Date(), items: [{ productId: ownProduct!.id, name: ownProduct!.name, unitPriceCents: 10_000, quantity: 1 }] });
    const before = await getSalesSummary(t.db, null);

    const removed = await call(dashboardAction, requestAs(admin, "/admin", { form: removeForm() }));
    expect(removed).toMatchObject({ status: 302, location: "/admin?demoRemovidos=20&demoPedidos=1" });

    expect(await t.db.select({ id: products.id }).from(products).where(eq(products.demo, true))).toHaveLength(0);
    expect(await t.db.select({ id: products.id }).from(products).where(eq(products.id, ownProduct!.id))).toHaveLength(1);
    expect(await t.db.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.productId, demoProduct!.id))).toHaveLength(0);

    const kept = await t.db.select({ id: orders.id, demoProducts: orders.demoProducts }).from(orders).where(inArray(orders.id, [demoOrder.id, realOrder.id]));
    expect(Object.fromEntries(kept.map((order) => [order.id, order.demoProducts]))).toEqual({ [demoOrder.id]: true, [realOrder.id]: false });
    const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, demoOrder.id));
    expect(line).toMatchObject({ productId: null, name: demoProduct!.name });
    const after = await getSalesSummary(t.db, null);
    expect(after.orders).toBe(before.orders - 1);
    expect(after.revenueCents).toBe(before.revenueCents - demoOrder.totalCents);

    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, "product.demo_remove"));
    expect(entry).toMatchObject({ actorEmail: admin.email, entityType: "product", after: { removed: 20, demoOrders: 1 } });

    const page = await call(dashboardLoader, requestAs(admin, "/admin?demoRemovidos=20&demoPedidos=1"));
    expect(page.data).toMatchObject({ demoProducts: 0, demoRemoved: { products: 20, orders: 1 } });

    // The clerk sees it apart: its row in the orders list and its window carry the demo badge.
    const list = await listAdminOrders(t.db, parseOrderFilters(new URLSearchParams()));
    const rows = Object.fromEntries(list.orders.map((order) => [order.id, order.demoProducts]));
    expect(rows).toMatchObject({ [demoOrder.id]: true, [realOrder.id]: false });
    expect((await getAdminOrder(t.db, DEFAULT_SETTINGS, demoOrder.id))?.demoProducts).toBe(true);
    expect((await getAdminOrder(t.db, DEFAULT_SETTINGS, realOrder.id))?.demoProducts).toBe(false);
  });

  it("a second press removes nothing and says so; an unknown intent is refused in the house's answer", async () => {
    expect(await call(dashboardAction, requestAs(admin, "/admin", { form: removeForm() }))).toMatchObject({ status: 302, location: "/admin?demoRemovidos=0&demoPedidos=0" });
    const form = new FormData();
    form.set("intent", "outra");
    expect(await call(dashboardAction, requestAs(admin, "/admin", { form }))).toMatchObject({ status: 400, data: { ok: false, errors: { form: "Ação desconhecida." } } });
  });
});
