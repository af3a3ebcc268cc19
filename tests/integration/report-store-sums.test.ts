// Issue 42, "never wrong": Relatórios' sales by physical store and by channel add up to the period's
// total with the counter sales in. Online orders (checkout pick-ups at two stores, a cart order) and
// counter sales at both stores, a cancelled one (never counted) and an order from before stores held
// stock ("Sem loja"), on a real PostgreSQL; the report is read before and after, and what changed is
// exactly what was placed, in the store's row and its channel's column.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopToday, type ReportQuery } from "~/lib/admin/reports";
import { ORDER_CHANNELS, CHANNEL_LABELS, type OrderChannel } from "~/lib/orders/order-channel";
import { DEFAULT_SETTINGS } from "~/lib/group/settings.schema";
import type { CurrentUser } from "~/server/auth/guards.server";
import { sellAtCounter } from "~/server/counter/counter-sale.server";
import { setOrderStatus } from "~/server/orders/admin-order-changes.server";
import { placeOrder } from "~/server/orders/order-placing.server";
import { getReport, type Report } from "~/server/read-models/reports.server";
import { createTestContext, signedInUser, TEST_ACTOR } from "../setup/admin-session";
import { CHECKOUT_CUSTOMER, insertOrder } from "../setup/order-fixtures";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { setVariantUnitsAt } from "../setup/variant-stock";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestContext>>;
let clerk: CurrentUser;
type Store = { id: number; name: string };
let storeA: Store, storeB: Store;
let watch: { id: number; priceCents: number };

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestContext(t);
  const admin = await signedInUser(app.context, "admin");
  clerk = { id: admin.id, name: admin.name, email: admin.email, role: "admin", staffRole: "dono", staffStoreId: null, phone: null, address: null, image: null };
  [storeA, storeB] = (await t.pool.query<Store>("select id, name from store_locations order by position, id")).rows as [Store, Store];
  const { rows } = await t.pool.query<{ id: number; price_cents: number; variant_id: number }>(
    "select p.id, p.price_cents, v.id as variant_id from products p join product_variants v on v.product_id = p.id and v.color = 'Preto' where p.name = 'Relógio Digital Unissex'",
  );
  watch = { id: rows[0]!.id, priceCents: rows[0]!.price_cents };
  for (const store of [storeA, storeB]) await setVariantUnitsAt(t.pool, rows[0]!.variant_id, store.id, 1_000);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await t?.close();
});

let keys = 0;
const line = (quantity: number) => ({ productId: watch.id, size: null, color: "Preto", quantity });

async function orderOf(token: string) {
  const { rows } = await t.pool.query<{ id: string; total_cents: number; store: number | null; channel: OrderChannel }>(
    "select id, total_cents, coalesce(fulfilling_store_id, pickup_location_id) as store, channel from orders where public_token = $1",
    [token],
  );
  return rows[0]!;
}

async function pickUpAt(store: Store, quantity: number) {
  const { token } = await placeOrder(t.db, DEFAULT_SETTINGS, {
    idempotencyKey: `report-sums-${++keys}-abcdefgh`,
    lines: [line(quantity)],
    customer: { ...CHECKOUT_CUSTOMER, deliveryMethod: "pickup", pickupLocationId: store.id },
    userId: null,
  });
  return orderOf(token);
}

async function cartOrder(quantity: number) {
  const { token } = await placeOrder(t.db, DEFAULT_SETTINGS, { idempotencyKey: `report-sums-${++keys}-abcdefgh`, lines: [line(quantity)], customer: null, userId: null });
  return orderOf(token);
}

async function counterSale(store: Store, quantity: number, payment: "cash" | "pix" | "debit") {
  const sold = await sellAtCounter(t.db, clerk, {
    storeId: store.id,
    saleKey: `report-sums-sale-${++keys}-0000000000`,
    lines: [line(quantity)],
    payment,
    cashReceivedCents: payment === "cash" ? 1_000_000 : null,
  });
  if (!sold.ok) throw new Error(sold.message);
  const { rows } = await t.pool.query<{ public_token: string }>("select public_token from orders where id = $1", [sold.orderId]);
  return orderOf(rows[0]!.public_token);
}

type Cell = { orders: number; revenue: number; byChannel: Record<OrderChannel, number> };

/** The by-store table as rows by name, and checks that it adds up (rows to the total, channels to each row). */
function storesOf(report: Report): Map<string, Cell> {
  const table = report.tables.find((candidate) => candidate.id === "unidades")!;
  expect(table.columns.map((column) => column.label)).toEqual(["Loja física", "Pedidos", "Faturamento (R$)", ...ORDER_CHANNELS.map((channel) => `${CHANNEL_LABELS[channel]} (R$)`)]);
  const cells = new Map<string, Cell>();
  for (const row of table.rows) {
    const [name, orders, revenue, ...channels] = row;
    const byChannel = Object.fromEntries(ORDER_CHANNELS.map((channel, index) => [channel, Number(channels[index])])) as Record<OrderChannel, number>;
    expect(Object.values(byChannel).reduce((sum, value) => sum + value, 0), `${name}: its channels add up to its revenue`).toBe(Number(revenue));
    cells.set(String(name), { orders: Number(orders), revenue: Number(revenue), byChannel });
  }
  const all = [...cells.values()];
  expect(all.reduce((sum, cell) => sum + cell.revenue, 0), "the stores add up to the total").toBe(report.summary.revenueCents);
  expect(all.reduce((sum, cell) => sum + cell.orders, 0), "the stores' orders add up to the orders").toBe(report.summary.orders);
  const channels = report.tables.find((candidate) => candidate.id === "canais")!;
  expect(channels.rows.reduce((sum, row) => sum + Number(row[2]), 0), "the channels add up to the total").toBe(report.summary.revenueCents);
  expect(channels.rows.reduce((sum, row) => sum + Number(row[1]), 0), "the channels' orders add up to the orders").toBe(report.summary.orders);
  return cells;
}

describe("sales by store and by channel", () => {
  it("add up to the total, with the counter sales in, each order in its store's row and its channel's column", async () => {
    const today = shopToday();
    const query: ReportQuery = { from: today, to: today, group: "dia" };
    const before = storesOf(await getReport(t.db, query));

    const placed = [
      await pickUpAt(storeA, 1),
      await pickUpAt(storeB, 2),
      await cartOrder(1),
      await counterSale(storeA, 3, "cash"),
      await counterSale(storeB, 1, "debit"),
      await counterSale(storeB, 2, "pix"),
    ];
    const cancelled = await counterSale(storeA, 5, "cash");
    expect((await setOrderStatus(t.db, cancelled.id, "cancelled", TEST_ACTOR)).ok).toBe(true);
    const noStore = await insertOrder(t.db, { createdAt: new Date(), items: [{ name: "Pedido antigo", unitPriceCents: 12_34, quantity: 1 }] });
    expect(placed.every((order) => order.store !== null)).toBe(true);
    expect(new Set(placed.map((order) => order.channel))).toEqual(new Set(ORDER_CHANNELS));

    const afterReport = await getReport(t.db, query);
    const after = storesOf(afterReport);

    const names = new Map((await t.pool.query<Store>("select id, name from store_locations")).rows.map((store) => [store.id, store.name]));
    const expected = new Map<string, Cell>();
    const add = (name: string, channel: OrderChannel, total: number) => {
      const cell = expected.get(name) ?? { orders: 0, revenue: 0, byChannel: Object.fromEntries(ORDER_CHANNELS.map((each) => [each, 0])) as Record<OrderChannel, number> };
      cell.orders += 1;
      cell.revenue += total;
      cell.byChannel[channel] += total;
      expected.set(name, cell);
    };
    for (const order of placed) add(names.get(order.store!)!, order.channel, order.total_cents);
    add("Sem loja", "checkout", noStore.totalCents);

    for (const [name, cell] of after) {
      const was = before.get(name) ?? { orders: 0, revenue: 0, byChannel: Object.fromEntries(ORDER_CHANNELS.map((each) => [each, 0])) as Record<OrderChannel, number> };
      const change = {
        orders: cell.orders - was.orders,
        revenue: cell.revenue - was.revenue,
        byChannel: Object.fromEntries(ORDER_CHANNELS.map((channel) => [channel, cell.byChannel[channel] - was.byChannel[channel]])),
      };
      const want = expected.get(name) ?? { orders: 0, revenue: 0, byChannel: Object.fromEntries(ORDER_CHANNELS.map((each) => [each, 0])) };
      expect(change, name).toEqual(want);
    }
    // Every store is listed, with or without sales; the counter sales are in store A's and B's rows.
    expect([...after.keys()].filter((name) => name !== "Sem loja").sort()).toEqual([...names.values()].sort());
    expect(after.get(storeA.name)!.byChannel.balcao - (before.get(storeA.name)?.byChannel.balcao ?? 0)).toBe(3 * watch.priceCents);
    expect(after.get(storeB.name)!.byChannel.balcao - (before.get(storeB.name)?.byChannel.balcao ?? 0)).toBe(3 * watch.priceCents);
    expect(afterReport.summary.revenueCents - [...before.values()].reduce((sum, cell) => sum + cell.revenue, 0)).toBe(
      placed.reduce((sum, order) => sum + order.total_cents, 0) + noStore.totalCents,
    );
  });
});
