// Issue 49, item 1: one address held the whole online stock (six cart orders of 50 lines × 99 units
// in 1.1 s, held until a clerk cancelled them). Through the real HTTP app and PostgreSQL: one order
// takes at most what a household buys (caps the owner can raise in /admin/configuracoes), one address
// or phone holds at most so many units at once (ORDER_LIMIT_HELD_UNITS) however many orders race, and a pending order nobody
// confirmed or paid is cancelled after the owner's hold time, its units back exactly once, the
// shopper's page and the order window saying why. A counter sale is not capped.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOLD_EXPIRED_LABEL } from "~/lib/holds/hold-expiry";
import { submitCheckout } from "~/server/orders/checkout.server";
import { expireUnconfirmedOrders } from "~/server/orders/order-holds.server";
import { releaseUnpaidOrderStock, retakeOrderStock } from "~/server/orders/order-stock.server";
import { phoneKey } from "~/lib/format/phone";
import { loadSettingsPage } from "~/server/group/settings-admin.server";
import { createTestContext, signedInUser, type SignedInUser } from "../setup/admin-session";
import { startHttpApp, type HttpApp } from "../setup/http-app";
import { CHECKOUT_CUSTOMER, checkoutFormFields } from "../setup/order-fixtures";
import { recordingOutbox } from "../setup/recording-outbox";
import { settingsForm } from "../setup/settings-fixtures";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { setAllVariantStock } from "../setup/variant-stock";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestContext>>;
let http: HttpApp;
let admin: SignedInUser;
let keys = 0;
/** A product with four sizes × colours or more, each line of an order one of them. */
let product: { id: number; variants: { id: number; size: string | null; color: string | null }[] };

beforeAll(async () => {
  t = await createTestDatabase({ maxConnections: 24 });
  app = await createTestContext(t);
  // The number of orders per address and phone stays out of the way: these tests are about units (60 held at once, the default).
  http = await startHttpApp({ ...app.context, config: { ...app.context.config, orderLimits: { perAddress: 1_000, perPhone: 1_000, heldUnits: 60 } } });
  admin = await signedInUser(app.context, "admin");
  const { rows } = await t.pool.query<{ product_id: number }>(
    `select v.product_id from product_variants v join products p on p.id = v.product_id
     where p.active and p.price_cents is not null group by v.product_id having count(*) >= 4 order by v.product_id limit 1`,
  );
  const id = rows[0]!.product_id;
  const variants = await t.pool.query<{ id: number; size: string; color: string }>("select id, size, color from product_variants where product_id = $1 order by id", [id]);
  product = { id, variants: variants.rows.map((row) => ({ id: row.id, size: row.size || null, color: row.color || null })) };
}, 120_000);

afterAll(async () => {
  await http?.close();
  await app?.close();
  await t?.close();
});

/** Every size × colour of the product at `units`, and no order holding anything (each test starts clean). */
async function freshShelf(units = 100) {
  await t.pool.query("update orders set status = 'cancelled', stock_applied = false where status = 'pending'");
  await setAllVariantStock(t.pool, units, [product.id]);
}

/** `quantity` units of each of the first `count` sizes × colours. */
function lines(count: number, quantity: number): string {
  return JSON.stringify(product.variants.slice(0, count).map((variant) => ({ productId: product.id, size: variant.size, color: variant.color, quantity })));
}

async function post(path: string, fields: Record<string, string>, cookie = "") {
  const response = await fetch(`${http.origin}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, origin: http.origin, "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  return { status: response.status, location: response.headers.get("location"), body: (await response.text()).replace(/\\+"/g, '"') };
}

/** The cart's 'Finalizar pelo WhatsApp' (no phone). */
const quickOrder = (orderLines: string) => post("/pedido", { lines: orderLines, idempotencyKey: `bounded-holds-key-${(keys += 1)}` });

async function stockOf(count: number): Promise<number[]> {
  const { rows } = await t.pool.query<{ stock: number }>("select stock from product_variants where id = any($1::int[]) order by id", [product.variants.slice(0, count).map((variant) => variant.id)]);
  return rows.map((row) => row.stock);
}

async function pendingOrders(): Promise<number> {
  const { rows } = await t.pool.query<{ n: number }>("select count(*)::int as n from orders where status = 'pending'");
  return rows[0]!.n;
}

async function saveSettings(changes: Record<string, string>) {
  const page = await loadSettingsPage(t.db);
  const form = settingsForm(page, changes);
  return post("/admin/configuracoes", Object.fromEntries([...form.entries()].map(([key, value]) => [key, String(value)])), admin.cookie);
}

describe("one order takes at most what a household buys", () => {
  it("refuses 99 units of one size, and 40 units in all, naming the cap; nothing is recorded or taken", async () => {
    await freshShelf();
    const many = await quickOrder(lines(1, 99));
    expect(many.status).toBe(409);
    expect(many.body).toContain("Cada pedido pelo site leva até 10 unidades de cada item");
    const bulk = await quickOrder(lines(4, 10));
    expect(bulk.status).toBe(409);
    expect(bulk.body).toContain("Cada pedido pelo site leva até 30 unidades ao todo, e este tem 40.");
    expect(await pendingOrders()).toBe(0);
    expect(await stockOf(4)).toEqual([100, 100, 100, 100]);
    // What a household buys goes through.
    expect((await quickOrder(lines(3, 10))).status).toBe(302);
    expect(await stockOf(3)).toEqual([90, 90, 90]);
  });

  it("the owner raises the caps in /admin/configuracoes, with pt-BR messages for a bad number", async () => {
    await freshShelf();
    const bad = await saveSettings({ maxUnitsPerLine: "0" });
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("Informe um número inteiro de 1 a 999");
    expect((await saveSettings({ maxUnitsPerLine: "50", maxUnitsPerOrder: "200" })).status).toBe(200);
    expect((await quickOrder(lines(1, 50))).status).toBe(302);
    expect((await saveSettings({ maxUnitsPerLine: "10", maxUnitsPerOrder: "30" })).status).toBe(200);
  });
});

describe("the units one address or phone holds at once", () => {
  it("six concurrent cart orders of 30 units from one address: two are held (60, the default), four refused with the reason", async () => {
    await freshShelf();
    const answers = await Promise.all(Array.from({ length: 6 }, () => quickOrder(lines(3, 10))));
    expect(answers.filter((answer) => answer.status === 302)).toHaveLength(2);
    const refused = answers.filter((answer) => answer.status !== 302);
    expect(refused).toHaveLength(4);
    for (const answer of refused) {
      expect(answer.status).toBe(409);
      expect(answer.body).toContain("Esta conexão já tem 60 unidades reservadas em pedidos aguardando a loja (o limite é 60 ao mesmo tempo).");
    }
    expect(await pendingOrders()).toBe(2);
    expect(await stockOf(3)).toEqual([80, 80, 80]);
  });

  it("one phone from many addresses: concurrent checkouts hold at most the limit", async () => {
    await freshShelf();
    const { emails } = recordingOutbox();
    const context = { db: t.db, emails, config: { ...app.context.config, orderLimits: { perAddress: 1_000, perPhone: 1_000, heldUnits: 60 } } };
    const form = () => {
      const fields = new FormData();
      for (const [field, value] of Object.entries(checkoutFormFields({ ...CHECKOUT_CUSTOMER, phone: "(81) 95555-0049" }))) fields.set(field, value);
      fields.set("lines", lines(3, 10));
      fields.set("idempotencyKey", `bounded-holds-key-${(keys += 1)}`);
      return fields;
    };
    const results = await Promise.all(Array.from({ length: 6 }, (_, index) => submitCheckout(context, form(), { userId: null, clientAddress: `10.49.0.${index}` })));
    expect(results.filter((result) => result.ok)).toHaveLength(2);
    for (const result of results.filter((candidate) => !candidate.ok)) {
      expect(result).toMatchObject({ ok: false, status: 409, formError: expect.stringContaining("Este telefone já tem 60 unidades reservadas") });
    }
    expect(await stockOf(3)).toEqual([80, 80, 80]);
  });
});

describe("the running count of units held (migration 0056)", () => {
  const client = { address: "10.56.0.1", phone: "(81) 95555-0056" };
  const context = () => ({ db: t.db, emails: recordingOutbox().emails, config: { ...app.context.config, orderLimits: { perAddress: 1_000, perPhone: 1_000, heldUnits: 60 } } });
  /** A checkout of `units` of each of three sizes × colours from the client: its order's id, or the refusal. */
  async function checkout(units: number): Promise<string | { formError: string | null }> {
    const fields = new FormData();
    for (const [field, value] of Object.entries(checkoutFormFields({ ...CHECKOUT_CUSTOMER, phone: client.phone }))) fields.set(field, value);
    fields.set("lines", lines(3, units));
    fields.set("idempotencyKey", `bounded-holds-key-${(keys += 1)}`);
    const result = await submitCheckout(context(), fields, { userId: null, clientAddress: client.address });
    if (!result.ok) return result;
    const { rows } = await t.pool.query<{ id: string }>("select id from orders where public_token = $1", [result.token]);
    return rows[0]!.id;
  }
  /** The counts the checkout reads, and the sums over the client's pending orders they stand for. */
  async function countsAndSums() {
    const sum = (same: string) => `(select coalesce(sum(i.quantity), 0)::int from orders o join order_items i on i.order_id = o.id where o.status = 'pending' and o.stock_applied and ${same})`;
    const { rows } = await t.pool.query<{ address: number | null; address_sum: number; phone: number | null; phone_sum: number }>(
      `select (select units from client_held_units where key = 'address|' || $1) as address, ${sum("o.client_address = $1")} as address_sum,
              (select units from client_held_units where key = 'phone|' || $2) as phone, ${sum("o.customer_phone_key = $2")} as phone_sum`,
      [client.address, phoneKey(client.phone)],
    );
    const row = rows[0]!;
    return { counted: { address: row.address ?? 0, phone: row.phone ?? 0 }, summed: { address: row.address_sum, phone: row.phone_sum } };
  }
  async function expectCountsAgree(units: number) {
    const { counted, summed } = await countsAndSums();
    expect(counted).toEqual(summed);
    expect(counted.address).toBe(units);
  }
  const setStatus = async (id: string, status: string) => {
    const answer = await post(`/admin/pedidos/${id}.data`, { status, confirmCancel: "1" }, admin.cookie);
    expect(answer.status, answer.body.slice(0, 300)).toBe(200);
  };

  it("follows every way an order enters and leaves the hold, as the sum over the client's orders says", async () => {
    await freshShelf();
    await expectCountsAgree(0);
    // Four at once from one client: counted one after the other, 4 × 6 units.
    const [confirmed, cancelled, expired, unpaid] = (await Promise.all([checkout(2), checkout(2), checkout(2), checkout(2)])) as string[];
    await expectCountsAgree(24);
    const big = (await checkout(10)) as string;
    await expectCountsAgree(54);
    // Past the limit: refused, and nothing of it counted.
    expect(await checkout(3)).toMatchObject({ ok: false, status: 409, formError: expect.stringContaining("já tem 54 unidades reservadas") });
    await expectCountsAgree(54);
    await setStatus(big, "cancelled");
    await expectCountsAgree(24);

    await setStatus(confirmed!, "processing");
    await expectCountsAgree(18);
    await setStatus(cancelled!, "cancelled");
    await expectCountsAgree(12);
    await t.pool.query("update orders set created_at = now() - interval '3 hours' where id = $1", [expired]);
    expect(await expireUnconfirmedOrders(t.db)).toHaveLength(1);
    await expectCountsAgree(6);
    // A Pix that expired gives the units back, the order still pending; a new Pix takes them again.
    expect(await t.db.transaction((tx) => releaseUnpaidOrderStock(tx, unpaid!))).toBe(true);
    await expectCountsAgree(0);
    expect(await t.db.transaction((tx) => retakeOrderStock(tx, unpaid!))).toEqual({ ok: true });
    await expectCountsAgree(6);
    // Re-opened by a clerk: held, and counted, again; back to 'pending' from 'Em preparação' too.
    await setStatus(cancelled!, "pending");
    await expectCountsAgree(12);
    await setStatus(confirmed!, "pending");
    await expectCountsAgree(18);
    // Room again for an order that was refused.
    expect(typeof (await checkout(3))).toBe("string");
    await expectCountsAgree(27);
  });
});

describe("a pending order nobody confirmed or paid", () => {
  /** A cart order of `units` of each of three sizes × colours. */
  async function placed(units = 10): Promise<{ id: string; token: string }> {
    const answer = await quickOrder(lines(3, units));
    expect(answer.status).toBe(302);
    const token = /\/pedido\/([^?]+)/.exec(answer.location!)![1]!;
    const { rows } = await t.pool.query<{ id: string }>("select id from orders where public_token = $1", [token]);
    return { id: rows[0]!.id, token };
  }
  const hoursAgo = (id: string, hours: number) => t.pool.query(`update orders set created_at = now() - make_interval(hours => $2) where id = $1`, [id, hours]);

  it("is cancelled after the hold (2 h), its units back once however many sweeps run, and says so to the shopper and the clerk", async () => {
    await freshShelf();
    const old = await placed();
    const recent = await placed();
    await hoursAgo(old.id, 3);
    await hoursAgo(recent.id, 1);
    expect(await stockOf(3)).toEqual([80, 80, 80]);

    // Two app instances (or a restart mid-round) sweeping at once: one cancels it.
    const rounds = await Promise.all([expireUnconfirmedOrders(t.db), expireUnconfirmedOrders(t.db), expireUnconfirmedOrders(t.db)]);
    expect(rounds.flat()).toHaveLength(1);
    expect(await expireUnconfirmedOrders(t.db)).toEqual([]);
    expect(await stockOf(3)).toEqual([90, 90, 90]);
    const { rows } = await t.pool.query<{ id: string; status: string; stock_applied: boolean }>("select id, status, stock_applied from orders where id = any($1::uuid[]) order by created_at", [[old.id, recent.id]]);
    expect(rows).toEqual([
      { id: old.id, status: "cancelled", stock_applied: false },
      { id: recent.id, status: "pending", stock_applied: true },
    ]);
    const history = await t.pool.query("select kind, status, reason from order_history where order_id = $1", [old.id]);
    expect(history.rows).toEqual([{ kind: "status", status: "cancelled", reason: "hold-expired" }]);

    const page = await (await fetch(`${http.origin}/pedido/${old.token}`)).text();
    expect(page).toContain(HOLD_EXPIRED_LABEL);
    expect(page).toContain("a reserva dos produtos expirou");
    const window = await (await fetch(`${http.origin}/admin/pedidos/${old.id}`, { headers: { cookie: admin.cookie } })).text();
    expect(window).toContain(HOLD_EXPIRED_LABEL);
  });

  it("re-opened by a clerk, it gets a new hold; the owner's hours count; paid, Pix-charged and counter orders are left alone", async () => {
    await freshShelf();
    // Small orders: the four held at once here stay under the address's 60 units.
    const reopened = await placed(2);
    await hoursAgo(reopened.id, 3);
    expect(await expireUnconfirmedOrders(t.db)).toHaveLength(1);
    expect((await post(`/admin/pedidos/${reopened.id}.data`, { status: "pending" }, admin.cookie)).status).toBe(200);
    expect(await expireUnconfirmedOrders(t.db)).toEqual([]);

    const paid = await placed(2);
    const charged = await placed(2);
    for (const order of [paid, charged]) await hoursAgo(order.id, 5);
    await t.pool.query("insert into order_payments (order_id, status, paid_cents, confirmed_by) values ($1, 'paid', 100, 'clerk')", [paid.id]);
    await t.pool.query(
      `insert into pix_charges (order_id, txid, provider, provider_id, amount_cents, copy_paste, status, expires_at)
       values ($1, 'boundedholdstxid0000000000000001', 'bacen', 'x', 100, 'x', 'active', now() + interval '10 minutes')`,
      [charged.id],
    );
    await t.pool.query("update orders set created_at = now() - interval '5 hours' where id = $1", [reopened.id]);
    expect(await expireUnconfirmedOrders(t.db)).toEqual([]);

    // The owner shortens nothing here but lengthens the hold: a 3-hour-old order stays under 4 hours.
    const longer = await placed(2);
    await hoursAgo(longer.id, 3);
    expect((await saveSettings({ orderHoldHours: "4" })).status).toBe(200);
    expect(await expireUnconfirmedOrders(t.db)).toEqual([]);
    expect((await saveSettings({ orderHoldHours: "2" })).status).toBe(200);
    expect(await expireUnconfirmedOrders(t.db)).toHaveLength(1);
  });
});

describe("a counter sale", () => {
  it("is a clerk's, not a household's: 40 units of one size in one sale go through", async () => {
    await freshShelf();
    const { rows } = await t.pool.query<{ store: number }>("select erick_product_home_store($1) as store", [product.id]);
    const answer = await post(
      "/admin/balcao",
      { storeId: String(rows[0]!.store), saleKey: "bounded-holds-counter-sale-0001", lines: lines(1, 40), payment: "pix" },
      admin.cookie,
    );
    expect(answer.status).toBe(302);
    expect(await stockOf(1)).toEqual([60]);
  });
});
