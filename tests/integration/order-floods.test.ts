// Order floods and reused keys: new orders are limited per address and per phone number (a family
// placing a few orders never notices), the shop gets at most a few new-order e-mails a minute and the
// rest in one digest, and an idempotency key answers only for the request it came with.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "#database/schema";
import { DEFAULT_SETTINGS } from "~/lib/group/settings.schema";
import { loadConfig, type AppConfig } from "~/server/config.server";
import { submitCheckout, submitQuickOrder } from "~/server/orders/checkout.server";
import { deliverDueOrderEmails, NEW_ORDER_EMAILS, sendNewOrderDigest } from "~/server/orders/order-notifications.server";
import { KEY_REUSED_MESSAGE, orderCodeOf, placeOrder } from "~/server/orders/order-placing.server";
import { checkoutFormFields, orderableLine } from "../setup/order-fixtures";
import { recordingOutbox } from "../setup/recording-outbox";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let t: TestDatabase;
let lines: string;
// The e-mails' links start with the shop's public origin (PUBLIC_URL here).
const baseConfig = loadConfig({ DATA_DIR: "/tmp/erick-order-floods-test", PUBLIC_URL: "https://loja.test" });

beforeAll(async () => {
  t = await createTestDatabase();
  lines = (await orderableLine(t.pool)).lines;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

function context(orderLimits: AppConfig["orderLimits"] = baseConfig.orderLimits) {
  const { emails, sent } = recordingOutbox();
  return { context: { db: t.db, emails, config: { ...baseConfig, orderLimits } }, sent };
}

let keys = 0;
function checkoutForm(fields: Record<string, string> = {}, idempotencyKey = `flood-key-${Date.now()}-${(keys += 1)}`) {
  const form = new FormData();
  for (const [field, value] of Object.entries(checkoutFormFields())) form.set(field, value);
  for (const [field, value] of Object.entries(fields)) form.set(field, value);
  form.set("lines", lines);
  form.set("idempotencyKey", idempotencyKey);
  return form;
}

function quickForm(idempotencyKey = `flood-key-${Date.now()}-${(keys += 1)}`) {
  const form = new FormData();
  form.set("lines", lines);
  form.set("idempotencyKey", idempotencyKey);
  return form;
}

const from = (clientAddress: string, userId: string | null = null) => ({ userId, clientAddress });

async function orderCount() {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(orders);
  return row!.n;
}

describe("order limits", () => {
  it("a family's few orders from one address and one phone all go through with the default limits", async () => {
    const { context: ctx } = context();
    expect(ctx.config.orderLimits).toEqual({ perAddress: 30, perPhone: 10, heldUnits: 60 });
    for (let order = 0; order < 5; order += 1) {
      const result = await submitCheckout(ctx, checkoutForm({ phone: "(81) 98888-0001" }), from("10.1.0.1"));
      expect(result.ok).toBe(true);
    }
  });

  it("one phone number past its limit is refused with a pt-BR message and a wait, and nothing is recorded", async () => {
    const { context: ctx } = context({ perAddress: 1_000, perPhone: 3 });
    for (let order = 0; order < 3; order += 1) {
      expect((await submitCheckout(ctx, checkoutForm({ phone: "81 97777-0002" }), from(`10.2.0.${order}`))).ok).toBe(true);
    }
    const before = await orderCount();
    // The same number written another way, from another address: still that number.
    const refused = await submitCheckout(ctx, checkoutForm({ phone: "+55 (81) 97777-0002" }), from("10.2.1.1"));
    expect(refused).toMatchObject({ ok: false, status: 429, formError: "Recebemos muitos pedidos seguidos. Tente de novo em 60 minutos ou fale com a loja pelo WhatsApp." });
    expect((refused as { retryAfter: number }).retryAfter).toBeGreaterThan(3500);
    expect(await orderCount()).toBe(before);
    // Another number is not affected.
    expect((await submitCheckout(ctx, checkoutForm({ phone: "81 97777-0003" }), from("10.2.1.1"))).ok).toBe(true);
  });

  it("one address past its limit is refused, other addresses are not, and a retry of an order already placed still answers", async () => {
    const { context: ctx } = context({ perAddress: 4, perPhone: 1_000 });
    const first = quickForm("flood-address-first-order");
    const placed = await submitQuickOrder(ctx, first, from("10.3.0.1"));
    expect(placed.ok).toBe(true);
    for (let order = 0; order < 3; order += 1) expect((await submitQuickOrder(ctx, quickForm(), from("10.3.0.1"))).ok).toBe(true);
    const refused = await submitQuickOrder(ctx, quickForm(), from("10.3.0.1"));
    expect(refused).toMatchObject({ ok: false, status: 429 });
    expect((await submitQuickOrder(ctx, quickForm(), from("10.3.0.2"))).ok).toBe(true);
    // A double click or a retry is not a new order: it is never counted nor refused.
    expect(await submitQuickOrder(ctx, quickForm("flood-address-first-order"), from("10.3.0.1"))).toEqual({ ok: true, token: (placed as { token: string }).token, created: false });
  });
});

describe("twenty concurrent retries of one submission (same idempotency key)", () => {
  it("make one order and count once against the per-phone and per-address limits", async () => {
    const { context: ctx } = context({ perAddress: 5, perPhone: 5 });
    const phone = "(81) 96666-0020";
    const address = "10.20.0.1";
    const results = await Promise.all(
      Array.from({ length: 20 }, () => submitCheckout(ctx, checkoutForm({ phone }, "concurrent-retries-key-01"), from(address))),
    );
    expect(results.every((result) => result.ok)).toBe(true);
    const tokens = new Set(results.map((result) => (result as { token: string }).token));
    expect(tokens.size).toBe(1);
    expect(results.filter((result) => (result as { created: boolean }).created)).toHaveLength(1);

    const { rows } = await t.pool.query<{ key: string; count: number }>("select key, count from rate_limits where key = any($1) order by key", [
      [`order|address|${address}`, "order|phone|81966660020"],
    ]);
    expect(rows).toEqual([
      { key: `order|address|${address}`, count: 1 },
      { key: "order|phone|81966660020", count: 1 },
    ]);
    // What is left of the allowance: four more orders from that phone, then a refusal.
    for (let order = 0; order < 4; order += 1) expect((await submitCheckout(ctx, checkoutForm({ phone }), from(`10.20.1.${order}`))).ok).toBe(true);
    expect(await submitCheckout(ctx, checkoutForm({ phone }), from("10.20.2.1"))).toMatchObject({ ok: false, status: 429 });
  });
});

describe("an order code already taken", () => {
  it("is replaced by a new one instead of failing the order (unique column)", async () => {
    const taken = "0c0dec0d-0000-4000-8000-000000000001";
    const first = await placeOrder(t.db, DEFAULT_SETTINGS, { idempotencyKey: "code-collision-key-01", lines: JSON.parse(lines), customer: null, userId: null }, { newOrderId: () => taken });
    expect(first.created).toBe(true);
    // The next id starts with the same 8 hex digits: the same code.
    const ids = ["0c0dec0d-1111-4000-8000-000000000002", "5eedc0de-2222-4000-8000-000000000003"];
    const asked: string[] = [];
    const second = await placeOrder(
      t.db,
      DEFAULT_SETTINGS,
      { idempotencyKey: "code-collision-key-02", lines: JSON.parse(lines), customer: null, userId: null },
      { newOrderId: () => { asked.push(ids[asked.length]!); return asked.at(-1)!; } },
    );
    expect(second.created).toBe(true);
    expect(asked).toEqual(ids);
    const { rows } = await t.pool.query<{ code: string }>("select code from orders where public_token = $1", [second.token]);
    expect(rows[0]!.code).toBe(orderCodeOf(ids[1]!));
    expect(orderCodeOf(ids[1]!)).toBe("5EEDC0DE");
  });
});

describe("an idempotency key", () => {
  it("answers the same request with its order, and refuses the same key with another body or another customer (409)", async () => {
    const { context: ctx } = context();
    const placed = await submitCheckout(ctx, checkoutForm({}, "bound-key-0000000001"), from("10.4.0.1"));
    expect(placed.ok).toBe(true);
    const again = await submitCheckout(ctx, checkoutForm({}, "bound-key-0000000001"), from("10.4.0.1"));
    expect(again).toEqual({ ok: true, token: (placed as { token: string }).token, created: false });

    const before = await orderCount();
    const otherAddress = await submitCheckout(ctx, checkoutForm({ address: "Rua Outra" }, "bound-key-0000000001"), from("10.4.0.1"));
    expect(otherAddress).toMatchObject({ ok: false, status: 409, formError: KEY_REUSED_MESSAGE });
    const otherAccount = await submitCheckout(ctx, checkoutForm({}, "bound-key-0000000001"), from("10.4.0.1", "someone-else"));
    expect(otherAccount).toMatchObject({ ok: false, status: 409, formError: KEY_REUSED_MESSAGE });
    const asQuickOrder = await submitQuickOrder(ctx, quickForm("bound-key-0000000001"), from("10.4.0.1"));
    expect(asQuickOrder).toMatchObject({ ok: false, status: 409 });
    expect(await orderCount()).toBe(before);
  });
});

describe("new-order e-mails to the shop", () => {
  it(`sends ${NEW_ORDER_EMAILS.max} a minute and collects the rest into one digest`, async () => {
    expect(DEFAULT_SETTINGS.emailNotifications && DEFAULT_SETTINGS.orderNotifications).toBe(true);
    await t.pool.query("delete from rate_limits");
    await t.pool.query("update orders set shop_emailed_at = now()");
    const { context: ctx, sent } = context({ perAddress: 1_000, perPhone: 1_000 });
    const placed: string[] = [];
    for (let order = 0; order < 10; order += 1) {
      const result = await submitCheckout(ctx, checkoutForm({ name: `Cliente ${order}` }), from(`10.5.0.${order}`));
      placed.push((result as { token: string }).token);
    }
    // Each order's notice was written with it; the sender (here called instead of the process's loop) announces them.
    expect(await deliverDueOrderEmails(ctx)).toMatchObject({ queued: NEW_ORDER_EMAILS.max, digest: 10 - NEW_ORDER_EMAILS.max });
    expect(sent).toHaveLength(NEW_ORDER_EMAILS.max);
    expect(sent.every((mail) => mail.subject.startsWith("Novo pedido #"))).toBe(true);

    // What this process sends when the minute is over (called here instead of waiting for it).
    expect(await sendNewOrderDigest(ctx)).toBe(10 - NEW_ORDER_EMAILS.max);
    const digest = sent.at(-1)!;
    expect(digest.subject).toMatch(/^7 novos pedidos - R\$/);
    const { rows: placedOrders } = await t.pool.query<{ id: string; token: string }>("select id, public_token as token from orders where public_token = any($1)", [placed]);
    const inDigest = placedOrders.filter((order) => digest.text.includes(`https://loja.test/admin/pedidos/${order.id}`));
    expect(inDigest).toHaveLength(7);
    expect(digest.html).toContain(`href="https://loja.test/admin/pedidos/${inDigest[0]!.id}"`);
    expect(sent.slice(0, NEW_ORDER_EMAILS.max).some((mail) => inDigest.some((order) => mail.text.includes(order.id)))).toBe(false);
    // Nothing is announced twice.
    expect(await sendNewOrderDigest(ctx)).toBe(0);
  });

  it("a digest whose e-mail cannot be queued leaves its orders for the next one", async () => {
    const failing = { queue: async () => Promise.reject(new Error("queue down")), deliverSoon: () => {} };
    await t.pool.query("update orders set shop_emailed_at = now()");
    const { context: ctx, sent } = context({ perAddress: 1_000, perPhone: 1_000 });
    await t.pool.query("update orders set shop_emailed_at = null where id in (select id from orders order by created_at desc limit 2)");
    await expect(sendNewOrderDigest({ ...ctx, emails: failing })).rejects.toThrow("queue down");
    expect(await sendNewOrderDigest(ctx)).toBe(2);
    expect(sent).toHaveLength(1);
  });
});
