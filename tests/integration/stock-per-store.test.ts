// Issue 42, stock per store, through the real HTTP app and PostgreSQL: twenty racers for the last unit
// of one store (online checkouts, the cart's quick orders and a transfer out of that store) get exactly
// one success between them and no store goes below 0; a pick-up order takes from the store chosen; the
// order window moves an order's held units to another store (all or nothing, audited); a transfer moves
// units between two stores in one action, both sides audited.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, signedInUser, type SignedInUser } from "../setup/admin-session";
import { startHttpApp, type HttpApp } from "../setup/http-app";
import { checkoutFormFields } from "../setup/order-fixtures";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { variantStock, variantUnitsByStore } from "../setup/variant-stock";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestContext>>;
let http: HttpApp;
let admin: SignedInUser;
let keys = 0;

beforeAll(async () => {
  t = await createTestDatabase({ maxConnections: 24 });
  app = await createTestContext(t);
  // Twenty racers from one address: the order limits stay out of the way (order-floods.test.ts has them).
  http = await startHttpApp({ ...app.context, config: { ...app.context.config, orderLimits: { perAddress: 1_000, perPhone: 1_000 } } });
  admin = await signedInUser(app.context, "admin");
}, 120_000);

afterAll(async () => {
  await http?.close();
  await app?.close();
  await t?.close();
});

const RELOGIO = "Relógio Digital Unissex";
type Store = { id: number; slug: string; name: string };
let relogio: { id: number; variantId: number };
/** The product's own store (online), a second store that does not serve online, and a third (online). */
let own: Store, backroom: Store, other: Store;

/** Relógio Preto: `ownUnits` at its own store, `backroomUnits` at a store that does not serve online, none elsewhere. */
async function shelves(ownUnits: number, backroomUnits: number, otherUnits = 0) {
  const { rows } = await t.pool.query<{ id: number; variant_id: number; store: number }>(
    `select p.id, v.id as variant_id, erick_product_home_store(p.id) as store
     from products p join product_variants v on v.product_id = p.id and v.color = 'Preto' where p.name = $1`,
    [RELOGIO],
  );
  relogio = { id: rows[0]!.id, variantId: rows[0]!.variant_id };
  const stores = (await t.pool.query<Store>("select id, slug, name from store_locations order by position, id")).rows;
  own = stores.find((store) => store.id === rows[0]!.store)!;
  [backroom, other] = stores.filter((store) => store.id !== own.id) as [Store, Store];
  await t.pool.query("update store_locations set serves_online = (id <> $1)", [backroom.id]);
  await t.pool.query("delete from variant_stock where variant_id in (select id from product_variants where product_id = $1)", [relogio.id]);
  await t.pool.query(
    "insert into variant_stock (variant_id, store_location_id, units) values ($1, $2, $3), ($1, $4, $5), ($1, $6, $7)",
    [relogio.variantId, own.id, ownUnits, backroom.id, backroomUnits, other.id, otherUnits],
  );
}

const lines = (quantity = 1) => JSON.stringify([{ productId: relogio.id, size: null, color: "Preto", quantity }]);

async function post(path: string, fields: Record<string, string>, cookie = "") {
  const response = await fetch(`${http.origin}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, origin: http.origin, "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  return { status: response.status, location: response.headers.get("location"), body: (await response.text()).replace(/\\+"/g, '"') };
}

const checkout = (fields: Record<string, string> = {}) =>
  post("/checkout", { ...checkoutFormFields(), lines: lines(), idempotencyKey: `stock-per-store-key-${(keys += 1)}`, ...fields });
const quickOrder = () => post("/pedido", { lines: lines(), idempotencyKey: `stock-per-store-key-${(keys += 1)}` });
const transfer = (from: Store, to: Store, units = 1) =>
  post(
    `/admin/produtos/editar/${relogio.id}.data`,
    { intent: "transfer", variantId: String(relogio.variantId), fromStoreId: String(from.id), toStoreId: String(to.id), units: String(units) },
    admin.cookie,
  );

async function ordersOfRelogio(): Promise<{ id: string; store: string | null; lineStore: string | null; stockApplied: boolean }[]> {
  const { rows } = await t.pool.query<{ id: string; store: string | null; line_store: string | null; stock_applied: boolean }>(
    `select o.id, f.slug as store, l.slug as line_store, o.stock_applied from orders o join order_items i on i.order_id = o.id
     left join store_locations f on f.id = o.fulfilling_store_id left join store_locations l on l.id = i.store_location_id
     where i.product_id = $1 order by o.created_at`,
    [relogio.id],
  );
  return rows.map((row) => ({ id: row.id, store: row.store, lineStore: row.line_store, stockApplied: row.stock_applied }));
}

async function transfersAudited(): Promise<{ before: unknown; after: unknown }[]> {
  const { rows } = await t.pool.query<{ before: unknown; after: unknown }>(
    "select before, after from audit_log where action = 'stock.transfer' and entity_id = $1 order by id",
    [String(relogio.id)],
  );
  return rows;
}

describe("stock per store", () => {
  it("twenty racers for the last unit of one store (checkouts, quick orders, a transfer out): exactly one wins, no store below 0", async () => {
    await shelves(1, 3);
    await t.pool.query("delete from orders where id in (select order_id from order_items where product_id = $1)", [relogio.id]);
    const transfersBefore = (await transfersAudited()).length;
    // The storefront sells the online stores' units only: the back room's 3 are not for sale.
    expect(await variantStock(t.pool, { productId: relogio.id, size: null, color: "Preto" })).toBe(1);

    const racers = Array.from({ length: 20 }, (_, index) => (index === 7 ? transfer(own, backroom) : index % 2 ? quickOrder() : checkout()));
    const answers = await Promise.all(racers);
    const transferAnswer = answers[7]!;
    const orderAnswers = answers.filter((_, index) => index !== 7);
    const placed = orderAnswers.filter((answer) => answer.status === 302 && answer.location?.startsWith("/pedido/"));
    const refused = orderAnswers.filter((answer) => answer.status === 409);
    const transferred = transferAnswer.status === 200 && transferAnswer.body.includes("unidade transferida");
    expect(placed.length + (transferred ? 1 : 0), answers.map((answer) => answer.status).join(",")).toBe(1);
    expect(refused, orderAnswers.map((answer) => `${answer.status} ${answer.body.slice(0, 200)}`).join("\n")).toHaveLength(orderAnswers.length - placed.length);
    for (const answer of refused) expect(answer.body).toContain(`"${RELOGIO}" (Preto) está esgotado.`);
    if (!transferred) expect(transferAnswer.body).toContain("Nada foi transferido.");

    const units = await variantUnitsByStore(t.pool, relogio.variantId);
    expect(units[own.slug]).toBe(0);
    expect(units[backroom.slug]).toBe(transferred ? 4 : 3);
    expect(Object.values(units).every((value) => value >= 0)).toBe(true);
    expect(await ordersOfRelogio()).toHaveLength(placed.length);
    expect((await transfersAudited()).length - transfersBefore).toBe(transferred ? 1 : 0);
    const { rows } = await t.pool.query<{ negative: number }>("select count(*)::int as negative from variant_stock where units < 0");
    expect(rows[0]!.negative).toBe(0);
  }, 120_000);

  it("a delivery is served from a store in the shopper's town first, else from the store that has it", async () => {
    await shelves(1, 0, 1);
    const { rows: cities } = await t.pool.query<{ city: string }>("select city from store_locations where id = $1", [other.id]);
    // The checkout's customer lives where `other` is (if both stores share a town, the first in order wins).
    const answer = await checkout({ city: cities[0]!.city });
    expect(answer.status, answer.body.slice(0, 300)).toBe(302);
    const [order] = (await ordersOfRelogio()).slice(-1);
    const { rows: sameTown } = await t.pool.query<{ city: string }>("select city from store_locations where id = $1", [own.id]);
    expect(order!.store).toBe(sameTown[0]!.city === cities[0]!.city ? own.slug : other.slug);
    expect(order!.lineStore).toBe(order!.store);
  }, 60_000);

  it("an order whose planned store was emptied meanwhile is planned again with the products locked: served by the store that still has the unit, its line saying so", async () => {
    await shelves(1, 0, 1);
    const { rows: cities } = await t.pool.query<{ city: string }>("select city from store_locations where id = $1", [own.id]);
    const blocker = await t.pool.connect();
    try {
      // Another sale takes the own store's unit with the product locked, and has not committed yet…
      await blocker.query("begin");
      await blocker.query("select id from products where id = $1 for no key update", [relogio.id]);
      await blocker.query("update variant_stock set units = 0 where variant_id = $1 and store_location_id = $2", [relogio.variantId, own.id]);
      // …so the checkout (a shopper in the own store's town) plans the unit it still sees there, and
      // waits for the product's lock to take it.
      const answer = checkout({ city: cities[0]!.city });
      await expect
        .poll(async () => (await t.pool.query<{ waiting: number }>("select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock'")).rows[0]!.waiting, {
          timeout: 30_000,
        })
        .toBeGreaterThan(0);
      await blocker.query("commit");
      const placed = await answer;
      expect(placed.status, placed.body.slice(0, 300)).toBe(302);
    } finally {
      blocker.release();
    }
    const [order] = (await ordersOfRelogio()).slice(-1);
    expect(order).toMatchObject({ store: other.slug, lineStore: other.slug, stockApplied: true });
    expect(await variantUnitsByStore(t.pool, relogio.variantId)).toMatchObject({ [own.slug]: 0, [other.slug]: 0 });
  }, 60_000);

  it("a pick-up order takes its unit from the store chosen", async () => {
    await shelves(1, 0, 1);
    const answer = await checkout({ deliveryMethod: "pickup", pickupLocationId: String(other.id) });
    expect(answer.status, answer.body.slice(0, 300)).toBe(302);
    const [order] = (await ordersOfRelogio()).slice(-1);
    expect(order).toMatchObject({ store: other.slug, lineStore: other.slug, stockApplied: true });
    expect(await variantUnitsByStore(t.pool, relogio.variantId)).toMatchObject({ [own.slug]: 1, [other.slug]: 0 });
  }, 60_000);

  it("the order window moves a held order to another store: refused when that store lacks the units, else moved and audited", async () => {
    await shelves(1, 0, 0);
    expect((await checkout()).status).toBe(302);
    const [order] = (await ordersOfRelogio()).slice(-1);
    expect(order!.store).toBe(own.slug);
    const move = (store: Store) => post(`/admin/pedidos/${order!.id}.data`, { intent: "store", storeId: String(store.id), confirmed: "on" }, admin.cookie);

    const refused = await move(other);
    expect(refused.status).toBe(409);
    expect(refused.body).toContain(`A loja ${other.name} não tem o bastante`);
    expect((await ordersOfRelogio()).slice(-1)[0]!.store).toBe(own.slug);

    await t.pool.query("update variant_stock set units = 2 where variant_id = $1 and store_location_id = $2", [relogio.variantId, other.id]);
    const moved = await move(other);
    expect(moved.status, moved.body.slice(0, 300)).toBe(200);
    expect((await ordersOfRelogio()).slice(-1)[0]).toMatchObject({ store: other.slug, lineStore: other.slug, stockApplied: true });
    expect(await variantUnitsByStore(t.pool, relogio.variantId)).toMatchObject({ [own.slug]: 1, [other.slug]: 1 });
    const { rows } = await t.pool.query<{ before: { store: string; stock: Record<string, number> }; after: { store: string; stock: Record<string, number> } }>(
      "select before, after from audit_log where action = 'order.store' and entity_id = $1",
      [order!.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.before.store).toBe(own.name);
    expect(rows[0]!.after.store).toBe(other.name);
    expect(Object.keys(rows[0]!.after.stock).sort()).toEqual(Object.keys(rows[0]!.before.stock).sort());
    expect(Object.keys(rows[0]!.after.stock)).toHaveLength(2);

    // Cancelling gives the unit back to the store that now holds it.
    expect((await post(`/admin/pedidos/${order!.id}.data`, { status: "cancelled", confirmCancel: "1" }, admin.cookie)).status).toBe(200);
    expect(await variantUnitsByStore(t.pool, relogio.variantId)).toMatchObject({ [own.slug]: 1, [other.slug]: 2 });
  }, 60_000);

  it("a transfer moves units between two stores in one action, both sides in its audit entry; more than the store holds is refused", async () => {
    await shelves(3, 0, 0);
    const before = (await transfersAudited()).length;
    const refused = await transfer(own, other, 4);
    expect(refused.status).toBe(409);
    expect(refused.body).toContain(`${own.name} tem só 3`);
    expect(await variantUnitsByStore(t.pool, relogio.variantId)).toMatchObject({ [own.slug]: 3, [other.slug]: 0 });

    const done = await transfer(own, other, 2);
    expect(done.status).toBe(200);
    expect(done.body).toContain(`2 unidades transferidas de ${own.name} para ${other.name}.`);
    expect(await variantUnitsByStore(t.pool, relogio.variantId)).toMatchObject({ [own.slug]: 1, [other.slug]: 2 });
    const audited = (await transfersAudited()).slice(before);
    expect(audited).toHaveLength(1);
    const { before: was, after: is } = audited[0] as { before: { stock: Record<string, number> }; after: { stock: Record<string, number> } };
    expect(Object.entries(was.stock).map(([label, units]) => [label.endsWith(own.name) ? "own" : "other", units]).sort()).toEqual([["other", 0], ["own", 3]]);
    expect(Object.entries(is.stock).map(([label, units]) => [label.endsWith(own.name) ? "own" : "other", units]).sort()).toEqual([["other", 2], ["own", 1]]);

    // A clerk who is not signed in changes nothing.
    const anonymous = await post(`/admin/produtos/editar/${relogio.id}.data`, { intent: "transfer", variantId: String(relogio.variantId), fromStoreId: String(own.id), toStoreId: String(other.id), units: "1" });
    expect(anonymous.status).not.toBe(200);
    expect(await variantUnitsByStore(t.pool, relogio.variantId)).toMatchObject({ [own.slug]: 1, [other.slug]: 2 });
  }, 60_000);

  it("the product page says where the chosen size × colour can be picked up today, by town, and changes with a move", async () => {
    await shelves(2, 5, 1);
    const page = () => fetch(`${http.origin}/produto/${relogio.id}`).then((response) => response.text());
    const { rows } = await t.pool.query<{ id: number; city: string }>("select id, city from store_locations where id = any($1::integer[])", [[own.id, other.id]]);
    const cityOf = (store: Store) => rows.find((row) => row.id === store.id)!.city;
    // The back room does not serve online: its 5 are not offered.
    const expected =
      cityOf(own) === cityOf(other) ? `Retire hoje: ${cityOf(own)} (3)` : `Retire hoje: ${[`${cityOf(own)} (2)`, `${cityOf(other)} (1)`].join(", ")}`;
    const html = await page();
    expect(html).toContain(expected.includes(", ") ? `${cityOf(own)} (2)` : expected);
    expect(html).not.toContain("(5)");

    // A transfer between stores clears the cached page: the new numbers show at once.
    expect((await transfer(own, other, 1)).status).toBe(200);
    const after = await page();
    expect(after).toContain(cityOf(own) === cityOf(other) ? `Retire hoje: ${cityOf(own)} (3)` : `${cityOf(other)} (2)`);
  }, 60_000);
});
