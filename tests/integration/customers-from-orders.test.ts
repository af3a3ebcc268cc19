// Issue 30: a shop's customers are the people who order, with or without an account. Orders from the
// checkout (name, e-mail, phone), the cart's quick order (a phone only) and a signed-in customer make
// three customers on the dashboard and on /admin/clientes alike; orders that give an account's e-mail
// or saved phone join that account; staff accounts are not customers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#database/schema";
import { parseCustomerFilters } from "~/lib/account/admin-customers";
import { DEFAULT_SETTINGS } from "~/lib/group/settings.schema";
import { getCustomerDetail, listCustomers, listStaff } from "~/server/auth/customers.server";
import { placeOrder } from "~/server/orders/order-placing.server";
import { getDashboard } from "~/server/read-models/dashboard.server";
import { CHECKOUT_CUSTOMER, insertOrder, orderableLine, type OrderLine } from "../setup/order-fixtures";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let t: TestDatabase;
let line: OrderLine;
beforeAll(async () => {
  t = await createTestDatabase();
  ({ line } = await orderableLine(t.pool));
});
afterAll(() => t?.close());

let keys = 0;
function order(customer: typeof CHECKOUT_CUSTOMER | null, userId: string | null) {
  keys += 1;
  return placeOrder(t.db, DEFAULT_SETTINGS, { idempotencyKey: `customers-from-orders-${keys}`, lines: [line], customer, userId });
}

const list = (query = "") => listCustomers(t.db, parseCustomerFilters(new URLSearchParams(query)));
const customersOnDashboard = async () => (await getDashboard(t.db)).stats.customers;

describe("customers are the people who order", () => {
  beforeAll(async () => {
    await t.db.insert(users).values([
      { id: "u-joana", name: "Joana Prado", email: "joana@exemplo.com", phone: "(81) 97777-1234", role: "customer" },
      { id: "u-dona", name: "Dona da Loja", email: "dona@erick.test", phone: "(81) 3675-1995", role: "admin", staffRole: "dono" },
    ]);
  });

  it("starts with the one customer account, the staff account not counted", async () => {
    expect(await customersOnDashboard()).toBe(1);
    expect((await list()).customers.map((c) => c.id)).toEqual(["u-joana"]);
  });

  it("three orders (checkout, quick order with a phone, signed in): three customers on the dashboard and the list", async () => {
    await order(CHECKOUT_CUSTOMER, null);
    await insertOrder(t.db, {
      channel: "cart",
      customerName: "",
      customerPhone: "81 98888-7777",
      createdAt: new Date(),
      items: [{ productId: line.productId, name: "Produto", unitPriceCents: 50_00, quantity: 1 }],
    });
    await order(null, "u-joana");
    // Staff ordering for themselves (no contact given) are still staff.
    await order(null, "u-dona");

    const result = await list();
    expect(await customersOnDashboard()).toBe(3);
    expect(result.total).toBe(3);
    expect(result.customers).toHaveLength(3);
    const byName = Object.fromEntries(result.customers.map((c) => [c.name || c.phone, c]));
    expect(byName["Maria da Silva"]).toMatchObject({
      id: "tel:81999998888",
      hasAccount: false,
      email: "maria@example.com",
      phone: "(81) 99999-8888",
      totalOrders: 1,
      role: "customer",
    });
    expect(byName["81 98888-7777"]).toMatchObject({ id: "tel:81988887777", hasAccount: false, email: "", totalOrders: 1, totalSpentCents: 50_00 });
    expect(byName["Joana Prado"]).toMatchObject({ id: "u-joana", hasAccount: true, totalOrders: 1 });
    for (const customer of result.customers) expect(customer.lastOrderAt).not.toBeNull();
    expect(result.customers.some((c) => c.id === "u-dona")).toBe(false);

    const staff = await listStaff(t.db, "");
    expect(staff.map((c) => [c.id, c.role, c.totalOrders])).toEqual([["u-dona", "admin", 1]]);
  });

  it("the same person again, or an account's e-mail or saved phone, joins what exists; a clerk's order at the counter is the shopper's", async () => {
    // Maria with her number written another way and her e-mail in capitals.
    await order({ ...CHECKOUT_CUSTOMER, phone: "+55 81 99999-8888", email: "MARIA@EXAMPLE.COM" }, null);
    // Joana without signing in: once with her account's e-mail, once with its phone.
    await order({ ...CHECKOUT_CUSTOMER, name: "Joana P.", email: "joana@exemplo.com", phone: "(81) 91111-2222" }, null);
    await insertOrder(t.db, {
      channel: "cart",
      customerPhone: "81977771234",
      createdAt: new Date(),
      items: [{ productId: line.productId, name: "Produto", unitPriceCents: 10_00, quantity: 1 }],
    });
    // A clerk signed in as staff orders for someone at the counter: that person's order, not the clerk's.
    await order({ ...CHECKOUT_CUSTOMER, name: "Rita Balcão", email: "rita@exemplo.com", phone: "(81) 96666-5555" }, "u-dona");

    const result = await list();
    expect(await customersOnDashboard()).toBe(4);
    expect(result.total).toBe(4);
    const byId = Object.fromEntries(result.customers.map((c) => [c.id, c]));
    expect(byId["tel:81999998888"]?.totalOrders).toBe(2);
    expect(byId["u-joana"]).toMatchObject({ name: "Joana Prado", phone: "(81) 97777-1234", totalOrders: 3 });
    expect(byId["tel:81966665555"]).toMatchObject({ name: "Rita Balcão", hasAccount: false, totalOrders: 1 });
    expect((await listStaff(t.db, ""))[0]?.totalOrders).toBe(1);

    const maria = await getCustomerDetail(t.db, "tel:81999998888");
    expect(maria?.customer).toMatchObject({ name: "Maria da Silva", hasAccount: false, address: null });
    expect(maria?.orders).toHaveLength(2);
    expect((await getCustomerDetail(t.db, "u-joana"))?.orders).toHaveLength(3);
    expect(await getCustomerDetail(t.db, "tel:81000000000")).toBeNull();
  });

  it("searches the people who ordered by name, e-mail and phone", async () => {
    const ids = async (q: string) => (await list(`q=${encodeURIComponent(q)}`)).customers.map((c) => c.id);
    expect(await ids("maria")).toEqual(["tel:81999998888"]);
    expect(await ids("rita@")).toEqual(["tel:81966665555"]);
    expect(await ids("98888-7777")).toEqual(["tel:81988887777"]);
    expect(await ids("dona")).toEqual([]);
    expect((await listStaff(t.db, "dona")).map((c) => c.id)).toEqual(["u-dona"]);
  });
});
