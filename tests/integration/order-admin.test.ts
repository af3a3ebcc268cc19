// The admin's order screens on a real PostgreSQL: the list and its filters, the detail, status changes
// and the stock they move (sequences, concurrent clicks, shortages), the LISTEN/NOTIFY hub and its
// Server-Sent Events stream, and the routes' guards.
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, products } from "#database/schema";
import { parseOrderFilters, type OrderEvent } from "~/lib/orders/admin-orders";
import type { CheckoutInput, OrderLineRequest } from "~/lib/orders/checkout.schema";
import type { OrderStatus } from "~/lib/orders/order-status";
import { DEFAULT_SETTINGS } from "~/lib/group/settings.schema";
import { loader as eventsLoader } from "~/routes/admin/order-events";
import { action as orderAction, loader as orderLoader } from "~/routes/admin/order";
import { loader as ordersLoader } from "~/routes/admin/orders";
import type { LoadContext } from "~/server/load-context.server";
import { getAdminOrder, listAdminOrders } from "~/server/orders/admin-order-queries.server";
import { setOrderStatus } from "~/server/orders/admin-order-changes.server";
import { closeOrderEventStreams, type HubMessage, OrderEventHub, orderEventHub, orderEventStream } from "~/server/orders/order-events.server";
import { placeOrder } from "~/server/orders/order-placing.server";
import { createTestContext, requestAs, signedInUser, TEST_ACTOR, type SignedInUser } from "../setup/admin-session";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { CHECKOUT_CUSTOMER } from "../setup/order-fixtures";
import { setVariantStock, variantStock } from "../setup/variant-stock";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestContext>>;
let context: LoadContext;
beforeAll(async () => {
  t = await createTestDatabase({ maxConnections: 12 });
  app = await createTestContext(t);
  context = app.context;
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

const customer: CheckoutInput = { ...CHECKOUT_CUSTOMER, notes: "Entregar à tarde" };

let keys = 0;
async function place(lines: OrderLineRequest[], who: Partial<CheckoutInput> | null = {}) {
  keys += 1;
  const { token } = await placeOrder(t.db, DEFAULT_SETTINGS, {
    idempotencyKey: `admin-test-${Date.now()}-${keys}-key`,
    lines,
    customer: who === null ? null : { ...customer, ...who },
    userId: null,
  });
  const [row] = await t.db.select({ id: orders.id, code: orders.code }).from(orders).where(eq(orders.publicToken, token));
  return { ...row!, token };
}

/** The size × colour each test orders of a seeded product: its stock is what the orders move. */
const ORDERED_VARIANT: Record<string, { size: string | null; color: string | null }> = {
  "Chinelo Slide Masculino": { size: "40", color: "Preto" },
  "Relógio Digital Unissex": { size: null, color: "Preto" },
};

/** A seeded product with `stock` units of the size × colour the tests order. */
async function product(name: string, stock: number) {
  const [row] = await t.db.select({ id: products.id, name: products.name }).from(products).where(eq(products.name, name));
  if (!row) throw new Error(`no seeded product ${name}`);
  await setVariantStock(t.pool, { productId: row.id, ...ORDERED_VARIANT[name]! }, stock);
  return row;
}

async function stockOf(id: number) {
  const [row] = await t.db.select({ name: products.name }).from(products).where(eq(products.id, id));
  return variantStock(t.pool, { productId: id, ...ORDERED_VARIANT[row!.name]! });
}

async function orderRow(id: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

const CHINELO = "Chinelo Slide Masculino";
const RELOGIO = "Relógio Digital Unissex";

describe("status changes and stock", () => {
  it("holds the units from placing: status moves take nothing more, cancelling gives them back, re-opening takes them again", async () => {
    const chinelo = await product(CHINELO, 30);
    const relogio = await product(RELOGIO, 10);
    const chinelo41 = { productId: chinelo.id, size: "41", color: "Preto" };
    await setVariantStock(t.pool, chinelo41, 5);
    const order = await place([
      { productId: chinelo.id, size: "40", color: "Preto", quantity: 2 },
      { productId: chinelo.id, size: "41", color: "Preto", quantity: 1 },
      { productId: relogio.id, size: null, color: "Preto", quantity: 1 },
    ]);
    // Placed: held at once.
    expect(await stockOf(chinelo.id)).toBe(28);
    expect(await stockOf(relogio.id)).toBe(9);
    expect((await orderRow(order.id)).stockApplied).toBe(true);

    // [new status, stock effect, chinelo 40 stock after, relógio stock after] (the chinelo 41 moves with the 40)
    const steps: [OrderStatus, "taken" | "returned" | "unchanged", number, number][] = [
      ["pending", "unchanged", 28, 9],
      ["processing", "unchanged", 28, 9],
      ["processing", "unchanged", 28, 9],
      ["shipped", "unchanged", 28, 9],
      ["delivered", "unchanged", 28, 9],
      ["cancelled", "returned", 30, 10],
      ["cancelled", "unchanged", 30, 10],
      ["pending", "taken", 28, 9],
      ["shipped", "unchanged", 28, 9],
      ["cancelled", "returned", 30, 10],
      ["delivered", "taken", 28, 9],
      ["processing", "unchanged", 28, 9],
      ["pending", "unchanged", 28, 9],
      ["cancelled", "returned", 30, 10],
      ["processing", "taken", 28, 9],
    ];
    let lastUpdated = (await orderRow(order.id)).updatedAt;
    for (const [status, effect, chineloStock, relogioStock] of steps) {
      const result = await setOrderStatus(t.db, order.id, status, TEST_ACTOR);
      expect(result, `→ ${status}`).toMatchObject({ ok: true, status, stock: effect });
      expect(await stockOf(chinelo.id), `chinelo after → ${status}`).toBe(chineloStock);
      expect(await stockOf(relogio.id), `relógio after → ${status}`).toBe(relogioStock);
      expect(await variantStock(t.pool, chinelo41), `chinelo 41 after → ${status}`).toBe(chineloStock === 30 ? 5 : 4);
      const row = await orderRow(order.id);
      expect(row.status).toBe(status);
      expect(row.stockApplied).toBe(status !== "cancelled");
      expect(row.updatedAt.getTime()).toBeGreaterThanOrEqual(lastUpdated.getTime());
      lastUpdated = row.updatedAt;
    }
  });

  it("a pending order that holds no stock (placed before the rule) takes its units on its next move", async () => {
    const relogio = await product(RELOGIO, 10);
    const order = await place([{ productId: relogio.id, size: null, color: "Preto", quantity: 2 }]);
    // As migration 0021 leaves an old pending order the shelf could not cover: units back, nothing held.
    await t.pool.query("update orders set stock_applied = false where id = $1", [order.id]);
    await product(RELOGIO, 10);
    expect(await setOrderStatus(t.db, order.id, "processing", TEST_ACTOR)).toMatchObject({ ok: true, stock: "taken" });
    expect(await stockOf(relogio.id)).toBe(8);
    expect(await setOrderStatus(t.db, order.id, "shipped", TEST_ACTOR)).toMatchObject({ ok: true, stock: "unchanged" });
    expect(await stockOf(relogio.id)).toBe(8);
  });

  it("saves updatedAt with each change", async () => {
    const relogio = await product(RELOGIO, 10);
    const order = await place([{ productId: relogio.id, size: null, color: "Preto", quantity: 1 }]);
    const before = await orderRow(order.id);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const result = await setOrderStatus(t.db, order.id, "shipped", TEST_ACTOR);
    expect(result.ok).toBe(true);
    const after = await orderRow(order.id);
    expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    expect(result.ok && result.updatedAt).toBe(after.updatedAt.toISOString());
  });

  it("concurrent clicks re-opening a cancelled order take the stock once", async () => {
    const relogio = await product(RELOGIO, 10);
    const order = await place([{ productId: relogio.id, size: null, color: "Preto", quantity: 3 }]);
    expect(await stockOf(relogio.id)).toBe(7);
    await setOrderStatus(t.db, order.id, "cancelled", TEST_ACTOR);
    expect(await stockOf(relogio.id)).toBe(10);
    const results = await Promise.all(Array.from({ length: 5 }, () => setOrderStatus(t.db, order.id, "processing", TEST_ACTOR)));
    expect(results.every((result) => result.ok)).toBe(true);
    expect(results.filter((result) => result.ok && result.stock === "taken")).toHaveLength(1);
    expect(await stockOf(relogio.id)).toBe(7);
  });

  it("cancelling twice at the same time gives the stock back once", async () => {
    const relogio = await product(RELOGIO, 10);
    const order = await place([{ productId: relogio.id, size: null, color: "Preto", quantity: 4 }]);
    await setOrderStatus(t.db, order.id, "processing", TEST_ACTOR);
    expect(await stockOf(relogio.id)).toBe(6);
    const results = await Promise.all([setOrderStatus(t.db, order.id, "cancelled", TEST_ACTOR), setOrderStatus(t.db, order.id, "cancelled", TEST_ACTOR)]);
    expect(results.filter((result) => result.ok && result.stock === "returned")).toHaveLength(1);
    expect(await stockOf(relogio.id)).toBe(10);
    // And again, later: nothing more comes back.
    expect(await setOrderStatus(t.db, order.id, "cancelled", TEST_ACTOR)).toMatchObject({ ok: true, stock: "unchanged" });
    expect(await stockOf(relogio.id)).toBe(10);
  });

  it("refuses re-opening a cancelled order when stock is short, naming the products, and changes nothing", async () => {
    const chinelo = await product(CHINELO, 30);
    const relogio = await product(RELOGIO, 10);
    const order = await place([
      { productId: chinelo.id, size: "40", color: "Preto", quantity: 2 },
      { productId: relogio.id, size: null, color: "Preto", quantity: 3 },
    ]);
    await setOrderStatus(t.db, order.id, "cancelled", TEST_ACTOR);
    // Sold at the counter meanwhile.
    await product(RELOGIO, 2);
    const before = await orderRow(order.id);

    const result = await setOrderStatus(t.db, order.id, "processing", TEST_ACTOR);
    expect(result).toMatchObject({
      ok: false,
      reason: "insufficient-stock",
      message: `Estoque insuficiente para: ${RELOGIO} – Preto (disponível: 2, no pedido: 3)`,
      shortages: [{ productId: relogio.id, name: `${RELOGIO} – Preto`, available: 2, needed: 3 }],
    });
    expect(await stockOf(chinelo.id)).toBe(30);
    expect(await stockOf(relogio.id)).toBe(2);
    const after = await orderRow(order.id);
    expect(after).toMatchObject({ status: "cancelled", stockApplied: false });
    expect(after.updatedAt.getTime()).toBe(before.updatedAt.getTime());

    // Restocked: now it goes through.
    await product(RELOGIO, 3);
    expect(await setOrderStatus(t.db, order.id, "processing", TEST_ACTOR)).toMatchObject({ ok: true, stock: "taken" });
    expect(await stockOf(relogio.id)).toBe(0);
    expect(await stockOf(chinelo.id)).toBe(28);
  });

  it("two cancelled orders re-opened at once for the last unit: one gets it, stock never goes below zero", async () => {
    const relogio = await product(RELOGIO, 2);
    const first = await place([{ productId: relogio.id, size: null, color: "Preto", quantity: 1 }]);
    const second = await place([{ productId: relogio.id, size: null, color: "Preto", quantity: 1 }]);
    await Promise.all([setOrderStatus(t.db, first.id, "cancelled", TEST_ACTOR), setOrderStatus(t.db, second.id, "cancelled", TEST_ACTOR)]);
    await product(RELOGIO, 1);
    const results = await Promise.all([setOrderStatus(t.db, first.id, "processing", TEST_ACTOR), setOrderStatus(t.db, second.id, "processing", TEST_ACTOR)]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok && result.reason === "insufficient-stock")).toHaveLength(1);
    expect(await stockOf(relogio.id)).toBe(0);
  });

  it("takes each line from its own size: the last pair of a 40 does not come from the 41", async () => {
    const chinelo = await product(CHINELO, 2);
    const size41 = { productId: chinelo.id, size: "41", color: "Preto" };
    await setVariantStock(t.pool, size41, 5);
    const first = await place([{ productId: chinelo.id, size: "40", color: "Preto", quantity: 1 }]);
    const second = await place([{ productId: chinelo.id, size: "40", color: "Preto", quantity: 1 }]);
    await setOrderStatus(t.db, first.id, "cancelled", TEST_ACTOR);
    await setOrderStatus(t.db, second.id, "cancelled", TEST_ACTOR);
    await product(CHINELO, 1);
    const results = await Promise.all([setOrderStatus(t.db, first.id, "processing", TEST_ACTOR), setOrderStatus(t.db, second.id, "processing", TEST_ACTOR)]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toMatchObject({
      reason: "insufficient-stock",
      message: `Estoque insuficiente para: ${CHINELO} – Tam. 40 / Preto (disponível: 0, no pedido: 1)`,
    });
    expect(await stockOf(chinelo.id)).toBe(0);
    expect(await variantStock(t.pool, size41)).toBe(5);
    // The product's total is its variants' sum, kept by the database.
    const [{ total }] = (await t.pool.query<{ total: number }>("select sum(stock)::int as total from product_variants where product_id = $1", [chinelo.id])).rows as [{ total: number }];
    const [row] = await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, chinelo.id));
    expect(row!.stock).toBe(total);
  });

  it("skips lines whose product was deleted since, both ways", async () => {
    const chinelo = await product(CHINELO, 30);
    const relogio = await product(RELOGIO, 10);
    const order = await place([
      { productId: chinelo.id, size: "40", color: "Preto", quantity: 1 },
      { productId: relogio.id, size: null, color: "Preto", quantity: 1 },
    ]);
    expect(await stockOf(relogio.id)).toBe(9);
    const [gone] = await t.db
      .insert(products)
      .values({ name: "Produto apagado", description: "x", category: "Kids", shopId: sql`(select min(id) from shops)`, priceCents: 100 })
      .returning({ id: products.id });
    await t.pool.query("insert into product_variants (product_id) values ($1)", [gone!.id]);
    await setVariantStock(t.pool, { productId: gone!.id, size: null, color: null }, 5);
    // Point one line at a product that is then deleted (order_items.product_id becomes null).
    await t.db.execute(sql`update order_items set product_id = ${gone!.id}, variant_id = (select id from product_variants where product_id = ${gone!.id}) where order_id = ${order.id} and product_id = ${chinelo.id}`);
    await t.db.delete(products).where(eq(products.id, gone!.id));
    expect(await setOrderStatus(t.db, order.id, "cancelled", TEST_ACTOR)).toMatchObject({ ok: true, stock: "returned" });
    expect(await stockOf(relogio.id)).toBe(10);
    expect(await setOrderStatus(t.db, order.id, "processing", TEST_ACTOR)).toMatchObject({ ok: true, stock: "taken" });
    expect(await stockOf(relogio.id)).toBe(9);
    expect(await stockOf(chinelo.id)).toBe(29);
  });

  it("answers not-found for an unknown or malformed id", async () => {
    expect(await setOrderStatus(t.db, "00000000-0000-4000-8000-000000000000", "shipped", TEST_ACTOR)).toMatchObject({ ok: false, reason: "not-found" });
    expect(await setOrderStatus(t.db, "nope", "shipped", TEST_ACTOR)).toMatchObject({ ok: false, reason: "not-found" });
  });
});

describe("list, filters and detail", () => {
  let ana: Awaited<ReturnType<typeof place>>;
  let joao: Awaited<ReturnType<typeof place>>;
  let quick: Awaited<ReturnType<typeof place>>;
  beforeAll(async () => {
    await t.db.delete(orders);
    const relogio = await product(RELOGIO, 50);
    ana = await place([{ productId: relogio.id, size: null, color: "Preto", quantity: 1 }], { name: "Ana Beatriz", phone: "(81) 98765-4321" });
    joao = await place([{ productId: relogio.id, size: null, color: "Preto", quantity: 2 }], {
      name: "João Conceição",
      phone: "81 91234-0000",
      deliveryMethod: "pickup",
      pickupLocationId: (await t.db.execute<{ id: number }>(sql`select min(id) as id from store_locations`)).rows[0]!.id,
    });
    quick = await place([{ productId: relogio.id, size: null, color: "Preto", quantity: 1 }], null);
    await setOrderStatus(t.db, joao.id, "shipped", TEST_ACTOR);
  });

  const list = (query: string) => listAdminOrders(t.db, parseOrderFilters(new URLSearchParams(query)));

  it("lists newest first with code, customer, total, status and channel", async () => {
    const result = await list("");
    expect(result.total).toBe(3);
    expect(result.orders.map((order) => order.id)).toEqual([quick.id, joao.id, ana.id]);
    expect(result.orders[1]).toMatchObject({ code: joao.code, customerName: "João Conceição", status: "shipped", channel: "checkout", totalCents: 15_980 });
    expect(result.orders[0]).toMatchObject({ customerName: "", channel: "cart" });
    expect(result.orders[0]!.code).toMatch(/^[0-9A-F]{8}$/);
  });

  it("filters by status and searches by code, name (without accents) or phone digits", async () => {
    // João's pick-up order at 'shipped' is 'Pronto para retirada': its own filter, not 'Enviado'.
    expect((await list("status=pickup_ready")).orders.map((o) => o.id)).toEqual([joao.id]);
    expect((await list("status=shipped")).total).toBe(0);
    expect((await list("status=delivered")).total).toBe(0);
    expect((await list(`q=${encodeURIComponent(`#${ana.code.slice(0, 6).toLowerCase()}`)}`)).orders.map((o) => o.id)).toContain(ana.id);
    expect((await list("q=joao conceicao")).orders.map((o) => o.id)).toEqual([joao.id]);
    expect((await list("q=BEATRIZ")).orders.map((o) => o.id)).toEqual([ana.id]);
    expect((await list("q=98765-4321")).orders.map((o) => o.id)).toEqual([ana.id]);
    expect((await list("q=912340")).orders.map((o) => o.id)).toEqual([joao.id]);
    expect((await list("q=ana&status=shipped")).total).toBe(0);
    expect((await list("q=100%25")).total).toBe(0);
    expect((await list("status=bogus")).total).toBe(3);
  });

  it("paginates 20 a page", async () => {
    const relogio = await product(RELOGIO, 100);
    for (let index = 0; index < 20; index += 1) await place([{ productId: relogio.id, size: null, color: "Preto", quantity: 1 }], null);
    const first = await list("");
    expect(first).toMatchObject({ total: 23, page: 1, pageCount: 2 });
    expect(first.orders).toHaveLength(20);
    const second = await list("pagina=2");
    expect(second.orders.map((o) => o.id)).toEqual([quick.id, joao.id, ana.id]);
  });

  it("loads one order's detail: customer, pick-up store, items, totals, payment, notes, dates, public link", async () => {
    const detail = await getAdminOrder(t.db, DEFAULT_SETTINGS, joao.id);
    expect(detail).not.toBeNull();
    expect(detail!.order).toMatchObject({
      code: joao.code,
      status: "shipped",
      customer: { name: "João Conceição", email: "maria@example.com", phone: "81 91234-0000" },
      delivery: { method: "pickup", feeCents: 0 },
      items: [{ name: RELOGIO, color: "Preto", size: null, quantity: 2, unitPriceCents: 7_990 }],
      subtotalCents: 15_980,
      totalCents: 15_980,
      payment: { method: "pix", installments: 1 },
      notes: "Entregar à tarde",
    });
    expect(detail!.publicPath).toBe(`/pedido/${joao.token}`);
    expect(detail!.contactPhone).toBe("81 91234-0000");
    expect(detail!.stockApplied).toBe(true);
    expect(new Date(detail!.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(detail!.order.createdAt).getTime());
    expect((await getAdminOrder(t.db, DEFAULT_SETTINGS, quick.id))!.contactPhone).toBeNull();
    expect(await getAdminOrder(t.db, DEFAULT_SETTINGS, "00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await getAdminOrder(t.db, DEFAULT_SETTINGS, "'; drop table orders; --")).toBeNull();
  });
});

/** Collects a hub's messages and lets a test wait for one. */
function recorder() {
  const messages: HubMessage[] = [];
  const waiters: { test: (m: HubMessage) => boolean; resolve: (m: HubMessage) => void }[] = [];
  const subscriber = (message: HubMessage) => {
    messages.push(message);
    for (const waiter of [...waiters]) {
      if (waiter.test(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    }
  };
  const next = (test: (m: HubMessage) => boolean, timeoutMs = 5_000) =>
    new Promise<HubMessage>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching message; got ${JSON.stringify(messages)}`)), timeoutMs);
      waiters.push({
        test,
        resolve: (message) => {
          clearTimeout(timer);
          resolve(message);
        },
      });
    });
  return { messages, subscriber, next };
}

const isReady = (m: HubMessage) => m.kind === "ready";
const isEvent = (predicate: (event: OrderEvent) => boolean) => (m: HubMessage) => m.kind === "order" && predicate(m.event);

async function listenerConnections(): Promise<number> {
  const result = await t.pool.query<{ n: number }>(
    "select count(*)::int as n from pg_stat_activity where application_name = 'erick-order-events' and datname = current_database()",
  );
  return result.rows[0]!.n;
}

describe("live order events (LISTEN/NOTIFY)", () => {
  it("delivers 'created' after an order commits and 'updated' after a status change; a refused change sends nothing", async () => {
    const hub = new OrderEventHub(() => new pg.Client({ connectionString: t.url }), { initialRetryMs: 50 });
    const rec = recorder();
    const ready = rec.next(isReady);
    const unsubscribe = hub.subscribe(rec.subscriber);
    await ready;

    const relogio = await product(RELOGIO, 5);
    const created = rec.next(isEvent((e) => e.type === "created"));
    const order = await place([{ productId: relogio.id, size: null, color: "Preto", quantity: 2 }]);
    // With the store of the order, so a Vendedor's stream hears only of their store's (staff-store-notices.test.ts).
    const { fulfillingStoreId } = await orderRow(order.id);
    expect(fulfillingStoreId).not.toBeNull();
    expect(await created).toEqual({ kind: "order", event: { type: "created", id: order.id, code: order.code }, storeId: fulfillingStoreId });

    const updated = rec.next(isEvent((e) => e.type === "updated"));
    await setOrderStatus(t.db, order.id, "processing", TEST_ACTOR);
    expect(await updated).toEqual({ kind: "order", event: { type: "updated", id: order.id, code: order.code, status: "processing" }, storeId: fulfillingStoreId });

    // Refused (short stock on re-opening): rolled back, so no event.
    const cancelled = rec.next(isEvent((e) => e.type === "updated" && e.status === "cancelled"));
    await setOrderStatus(t.db, order.id, "cancelled", TEST_ACTOR);
    await cancelled;
    await product(RELOGIO, 0);
    const count = rec.messages.length;
    const refused = await setOrderStatus(t.db, order.id, "processing", TEST_ACTOR);
    expect(refused.ok).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(rec.messages.slice(count)).toEqual([]);

    unsubscribe();
    await hub.close();
  });

  it("shares one LISTEN connection per process among all subscribers, and reconnects when it drops", async () => {
    const hub = orderEventHub(t.db);
    const a = recorder();
    const b = recorder();
    const readyA = a.next(isReady);
    const readyB = b.next(isReady);
    const stopA = hub.subscribe(a.subscriber);
    const stopB = hub.subscribe(b.subscriber);
    await Promise.all([readyA, readyB]);
    expect(hub.subscriberCount).toBe(2);
    expect(await listenerConnections()).toBe(1);

    // The database drops the connection (restart, failover): the hub listens again and says so.
    const againA = a.next(isReady, 10_000);
    await t.pool.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'erick-order-events' and datname = current_database()");
    await againA;
    expect(hub.isListening).toBe(true);
    expect(await listenerConnections()).toBe(1);

    const relogio = await product(RELOGIO, 5);
    const seenA = a.next(isEvent((e) => e.type === "created"));
    const seenB = b.next(isEvent((e) => e.type === "created"));
    const order = await place([{ productId: relogio.id, size: null, color: "Preto", quantity: 1 }]);
    expect(await seenA).toMatchObject({ event: { id: order.id } });
    expect(await seenB).toMatchObject({ event: { id: order.id } });

    stopA();
    stopB();
    expect(hub.subscriberCount).toBe(0);
    await hub.close();
    expect(await listenerConnections()).toBe(0);
  }, 30_000);

  it("streams them as Server-Sent Events with heartbeats, until the browser goes away", async () => {
    const hub = new OrderEventHub(() => new pg.Client({ connectionString: t.url }), { initialRetryMs: 50 });
    const abort = new AbortController();
    const response = orderEventStream(hub, abort.signal, { heartbeatMs: 100 });
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("cache-control")).toContain("no-transform");
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    const readUntil = async (needle: string) => {
      const deadline = Date.now() + 5_000;
      while (!text.includes(needle)) {
        if (Date.now() > deadline) throw new Error(`stream never said ${needle}: ${text}`);
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${needle}: ${text}`);
        text += value;
      }
    };
    await readUntil("event: ready\n");
    expect(text.startsWith("retry: 5000\n\n")).toBe(true);
    await readUntil(": ping\n\n");

    const relogio = await product(RELOGIO, 5);
    const order = await place([{ productId: relogio.id, size: null, color: "Preto", quantity: 1 }]);
    await readUntil(order.id);
    expect(text).toContain(`event: order\ndata: ${JSON.stringify({ type: "created", id: order.id, code: order.code })}\n\n`);

    expect(hub.subscriberCount).toBe(1);
    abort.abort();
    // What was sent before the browser went away can still be read (a heartbeat, on a busy machine);
    // then the stream ends.
    let end = await reader.read();
    for (let leftover = 0; !end.done && leftover < 5; leftover++) end = await reader.read();
    expect(end.done).toBe(true);
    expect(hub.subscriberCount).toBe(0);
    await hub.close();
  });

  it("a stop ends every open stream at once with a retry hint, not after the grace period", async () => {
    const hub = orderEventHub(t.db);
    const streams = [new AbortController(), new AbortController()].map((abort) => orderEventStream(hub, abort.signal).body!.pipeThrough(new TextDecoderStream()).getReader());
    const read = async (reader: ReadableStreamDefaultReader<string>) => {
      let text = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return text;
        text += value;
      }
    };
    const ended = streams.map(read);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = performance.now();
    await closeOrderEventStreams(t.db);
    for (const text of await Promise.all(ended)) expect(text).toMatch(/retry: 2000\n\n$/);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe("routes", () => {
  let admin: SignedInUser;
  let shopper: SignedInUser;
  let orderId: string;
  beforeAll(async () => {
    [admin, shopper] = await Promise.all([signedInUser(context, "admin"), signedInUser(context, "customer")]);
    const relogio = await product(RELOGIO, 10);
    orderId = (await place([{ productId: relogio.id, size: null, color: "Preto", quantity: 1 }])).id;
  }, 60_000);

  async function call<T>(handler: (args: never) => Promise<T>, request: Request, params: Record<string, string> = {}) {
    try {
      return await (handler as (args: { request: Request; context: LoadContext; params: Record<string, string> }) => Promise<T>)({
        request,
        context,
        params,
      });
    } catch (thrown) {
      // Guards throw redirects and 403s; loaders throw data(…, { status: 404 }).
      if (thrown instanceof Response || (thrown && typeof thrown === "object" && "init" in thrown)) return thrown;
      throw thrown;
    }
  }

  const statusForm = (status: string) => new URLSearchParams({ status });

  it("the status action answers with the spec's messages, and only for admins", async () => {
    const ok = await call(orderAction, requestAs(admin, `/admin/pedidos/${orderId}`, { form: statusForm("shipped") }), { id: orderId });
    expect(ok).toMatchObject({ data: { ok: true, message: "Status atualizado com sucesso!", data: { status: "shipped" } } });
    expect((await orderRow(orderId)).status).toBe("shipped");

    const bad = await call(orderAction, requestAs(admin, `/admin/pedidos/${orderId}`, { form: statusForm("lost") }), { id: orderId });
    expect(bad).toMatchObject({ data: { ok: false, errors: { form: "Erro ao atualizar status" } }, init: { status: 400 } });

    await setOrderStatus(t.db, orderId, "cancelled", TEST_ACTOR);
    await product(RELOGIO, 0);
    const short = await call(orderAction, requestAs(admin, `/admin/pedidos/${orderId}`, { form: statusForm("processing") }), { id: orderId });
    expect(short).toMatchObject({
      data: { ok: false, errors: { form: "Erro ao atualizar status", status: `Estoque insuficiente para: ${RELOGIO} – Preto (disponível: 0, no pedido: 1)` } },
      init: { status: 409 },
    });

    const refused = await call(orderAction, requestAs(shopper, `/admin/pedidos/${orderId}`, { form: statusForm("cancelled") }), { id: orderId });
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(403);
    const anonymous = await call(orderAction, requestAs(null, `/admin/pedidos/${orderId}`, { form: statusForm("cancelled") }), { id: orderId });
    expect((anonymous as Response).status).toBe(302);
    expect((await orderRow(orderId)).status).toBe("cancelled");
  });

  it("the pages load for admins: the list, the detail with its WhatsApp link, a 404 for an unknown order", async () => {
    const list = await call(ordersLoader, requestAs(admin, "/admin/pedidos?status=pending"));
    expect(list).toMatchObject({ filters: { status: "pending", q: "", page: 1 }, anyOrder: true });

    const page = await call(orderLoader, requestAs(admin, `/admin/pedidos/${orderId}`), { id: orderId });
    expect(page).toMatchObject({ detail: { id: orderId } });
    const url = new URL((page as { whatsappUrl: string }).whatsappUrl);
    expect(url.pathname).toBe("/5581999998888");
    expect(url.searchParams.get("text")).toMatch(/^Olá, Maria! Seu pedido #[0-9A-F]{8} está: Cancelado\. /);
    expect(url.searchParams.get("text")).toContain(`http://localhost:3999/pedido/`);

    const missing = await call(orderLoader, requestAs(admin, "/admin/pedidos/00000000-0000-4000-8000-000000000000"), {
      id: "00000000-0000-4000-8000-000000000000",
    });
    expect(missing).toMatchObject({ init: { status: 404 } });

    const redirected = await call(ordersLoader, requestAs(shopper, "/admin/pedidos"));
    expect((redirected as Response).headers.get("location")).toBe("/");
  });

  it("the event stream is for admins only", async () => {
    const anonymous = await call(eventsLoader, requestAs(null, "/admin/pedidos/eventos"));
    expect((anonymous as Response).status).toBe(302);
    expect((anonymous as Response).headers.get("location")).toMatch(/^\/login\?redirectTo=/);
    const customerAttempt = await call(eventsLoader, requestAs(shopper, "/admin/pedidos/eventos"));
    expect((customerAttempt as Response).headers.get("location")).toBe("/");

    const abort = new AbortController();
    const request = new Request(requestAs(admin, "/admin/pedidos/eventos"), { signal: abort.signal });
    const stream = (await call(eventsLoader, request)) as Response;
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    const reader = stream.body!.getReader();
    await reader.read();
    abort.abort();
    expect((await reader.read()).done).toBe(true);
    await orderEventHub(t.db).close();
  });
});
