// /admin/pedidos for six stores (issue 51, item 21): each row names the store that serves the order,
// and the Loja filter (?loja=<id>) lists one store's orders; a Vendedor stays on their own store's
// whatever the filter says. The real route loader, real sessions, orders in PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as ordersLoader } from "~/routes/admin/orders";
import type { LoadContext } from "~/server/load-context.server";
import { openAdminTest, requestAs, signedInUser, type SignedInUser } from "../setup/admin-session";
import { insertOrder } from "../setup/order-fixtures";
import type { TestDatabase } from "../setup/test-database";

let t: TestDatabase;
let context: LoadContext;
let admin: SignedInUser;
let close: () => Promise<void>;
beforeAll(async () => ({ t, context, admin, close } = await openAdminTest()));
afterAll(() => close?.());

type Page = Awaited<ReturnType<typeof ordersLoader>>;
const list = async (user: SignedInUser, path: string) => (await ordersLoader({ request: requestAs(user, path), context, params: {} } as never)) as Page;

async function orderAt(storeId: number, customerName: string) {
  const order = await insertOrder(t.db, { createdAt: new Date(), customerName, items: [{ name: "Sandália", unitPriceCents: 5_000, quantity: 1 }] });
  await t.pool.query("update orders set fulfilling_store_id = $2 where id = $1", [order.id, storeId]);
  return order;
}

describe("the orders list by store", () => {
  it("names each order's store, offers the six stores, and ?loja= keeps one store's orders", async () => {
    const { rows: stores } = await t.pool.query<{ id: number; name: string }>("select id, name from store_locations order by position, id");
    const [first, second] = stores;
    const here = await orderAt(first!.id, "Cliente da Primeira");
    const there = await orderAt(second!.id, "Cliente da Segunda");

    const all = await list(admin, "/admin/pedidos");
    expect(all.storeOptions).toEqual(stores);
    expect(all.orders.find((order) => order.id === here.id)?.storeName).toBe(first!.name);
    expect(all.orders.find((order) => order.id === there.id)?.storeName).toBe(second!.name);

    const one = await list(admin, `/admin/pedidos?loja=${second!.id}`);
    expect(one.filters.store).toBe(second!.id);
    expect(one.orders.map((order) => order.id)).toContain(there.id);
    expect(one.orders.every((order) => order.storeName === second!.name)).toBe(true);

    // A Vendedor of the first store asking for the second's sees none of them, and no Loja choice.
    const clerk = await signedInUser(context, "admin", { staffRole: "vendedor", storeId: first!.id });
    const clerkView = await list(clerk, `/admin/pedidos?loja=${second!.id}`);
    expect(clerkView.orders).toEqual([]);
    expect(clerkView.storeOptions).toEqual([]);
  });
});
