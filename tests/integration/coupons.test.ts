// Coupons on real PostgreSQL: limits under concurrent checkouts, a cancelled order's use given back,
// the validity window on a UTC clock, and hostile codes. The arithmetic's properties are in
// app/lib/coupons/coupons.test.ts.
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coupons, orderItems, orders } from "#database/schema";
import { DEFAULT_SETTINGS } from "~/lib/group/settings.schema";
import { loadConfig } from "~/server/config.server";
import { decideCoupon, couponLinesOf } from "~/server/coupons/redeem.server";
import { submitCheckout } from "~/server/orders/checkout.server";
import { setOrderStatus } from "~/server/orders/admin-order-changes.server";
import { getOrderByToken } from "~/server/orders/order-reading.server";
import { CHECKOUT_CUSTOMER, checkoutFormFields, orderableLine, type OrderLine } from "../setup/order-fixtures";
import { recordingOutbox } from "../setup/recording-outbox";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let t: TestDatabase;
let line: OrderLine;
let unitPriceCents: number;
beforeAll(async () => {
  t = await createTestDatabase({ maxConnections: 24 });
  ({ line } = await orderableLine(t.pool));
  const { rows } = await t.pool.query<{ price_cents: number }>("select price_cents from products where id = $1", [line.productId]);
  unitPriceCents = rows[0]!.price_cents;
});
afterAll(() => t?.close());

function orderContext() {
  const { emails } = recordingOutbox();
  // The order limits are not what these tests are about (order-floods.test.ts).
  const config = { ...loadConfig({ DATA_DIR: "/tmp/erick-coupons-test", PUBLIC_URL: "https://loja.test" }), orderLimits: { perAddress: 10_000, perPhone: 10_000 } };
  return { db: t.db, emails, config };
}

let keyCounter = 0;
const freshKey = () => `coupon-key-${Date.now()}-${(keyCounter += 1)}-abcdef`;

/** The checkout form as the page sends it, with a coupon typed or none. */
function checkoutForm({ couponCode, phone = CHECKOUT_CUSTOMER.phone, key = freshKey() }: { couponCode?: string; phone?: string; key?: string }) {
  const form = new FormData();
  for (const [field, value] of Object.entries(checkoutFormFields({ ...CHECKOUT_CUSTOMER, phone }))) form.set(field, value);
  form.set("idempotencyKey", key);
  form.set("lines", JSON.stringify([line]));
  if (couponCode !== undefined) form.set("couponCode", couponCode);
  return form;
}

const submit = (form: FormData) => submitCheckout(orderContext(), form, { userId: null, clientAddress: "10.0.0.9" });

let couponCounter = 0;
async function createCoupon(values: Partial<typeof coupons.$inferInsert> = {}) {
  couponCounter += 1;
  const [row] = await t.db
    .insert(coupons)
    .values({ code: `TESTE${couponCounter}`, kind: "percent", percentOff: 10, ...values })
    .returning();
  return row!;
}

async function ordersWithCoupon(couponId: number) {
  return t.db.select().from(orders).where(eq(orders.couponId, couponId));
}

const phoneNumber = (index: number) => `(81) 98${String(index).padStart(3, "0")}-${String(1000 + index).slice(-4)}`;

describe("a coupon's limits under concurrent checkouts", () => {
  it("20 checkouts at once on a coupon with 1 use left: exactly one gets it, the others are told and go on without it", async () => {
    const coupon = await createCoupon({ maxUses: 2 });
    const first = await submit(checkoutForm({ couponCode: coupon.code.toLowerCase(), phone: phoneNumber(900) }));
    expect(first.ok).toBe(true);

    const forms = Array.from({ length: 20 }, (_, index) => ({ key: freshKey(), phone: phoneNumber(index) }));
    const results = await Promise.all(forms.map(({ key, phone }) => submit(checkoutForm({ couponCode: coupon.code, phone, key }))));
    const placed = results.filter((result) => result.ok);
    const refused = results.filter((result) => !result.ok);
    expect(placed).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const result of refused) {
      if (result.ok) continue;
      expect(result.status).toBe(409);
      expect(result.formError).toBe(`O cupom ${coupon.code} esgotou: todos os usos já foram aproveitados. Remova o cupom para enviar o pedido sem ele.`);
    }
    expect(await ordersWithCoupon(coupon.id)).toHaveLength(2);

    // Nothing lost: each refused shopper sends the same form (same key) without the coupon.
    const retries = await Promise.all(
      forms.flatMap(({ key, phone }, index) => (results[index]!.ok ? [] : [submit(checkoutForm({ phone, key }))])),
    );
    expect(retries.every((result) => result.ok && result.created)).toBe(true);
    const [{ n } = { n: 0 }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(sql`${orders.idempotencyKey} in ${forms.map((form) => form.key)}`);
    expect(n).toBe(20);
  });

  it("20 checkouts at once from one phone on a coupon of one use per shopper: exactly one gets it", async () => {
    const coupon = await createCoupon({ maxUsesPerShopper: 1 });
    // The same number written three ways is one shopper.
    const spellings = ["(81) 97777-1234", "+55 81 97777-1234", "81977771234"];
    const results = await Promise.all(Array.from({ length: 20 }, (_, index) => submit(checkoutForm({ couponCode: coupon.code, phone: spellings[index % 3] }))));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    for (const result of results) {
      if (!result.ok) expect(result.formError).toBe(`Você já usou o cupom ${coupon.code}. Remova o cupom para enviar o pedido sem ele.`);
    }
    // Another shopper still may.
    expect((await submit(checkoutForm({ couponCode: coupon.code, phone: "(81) 97777-9999" }))).ok).toBe(true);
    expect(await ordersWithCoupon(coupon.id)).toHaveLength(2);
  });

  it("a cancelled order gives its use back", async () => {
    const coupon = await createCoupon({ maxUses: 1 });
    const placed = await submit(checkoutForm({ couponCode: coupon.code, phone: phoneNumber(500) }));
    if (!placed.ok) throw new Error(placed.formError ?? "refused");
    const refused = await submit(checkoutForm({ couponCode: coupon.code, phone: phoneNumber(501) }));
    expect(refused.ok).toBe(false);

    const [order] = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.publicToken, placed.token));
    const changed = await setOrderStatus(t.db, order!.id, "cancelled", { id: null, name: "Teste", email: "" });
    expect(changed).toMatchObject({ ok: true });
    expect((await submit(checkoutForm({ couponCode: coupon.code, phone: phoneNumber(501) }))).ok).toBe(true);
  });
});

describe("locks", () => {
  it("a coupon order waits for its products before it locks the coupon, as re-opening a cancelled order takes them: neither waits for the other", async () => {
    const coupon = await createCoupon();
    const reopening = await t.pool.connect();
    try {
      // Re-opening a cancelled order with this coupon: its products first (its units taken back)…
      await reopening.query("begin");
      await reopening.query("set local lock_timeout = '5s'");
      await reopening.query("select id from products where id = $1 for no key update", [line.productId]);
      const placing = submit(checkoutForm({ couponCode: coupon.code, phone: phoneNumber(600) }));
      await expect
        .poll(async () => (await t.pool.query<{ waiting: number }>("select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock'")).rows[0]!.waiting, {
          timeout: 30_000,
        })
        .toBeGreaterThan(0);
      // …then its coupon's use: free, because the checkout waiting for the products holds nothing of the coupon.
      await reopening.query("select id from coupons where id = $1 for update", [coupon.id]);
      await reopening.query("commit");
      const placed = await placing;
      expect(placed.ok, placed.ok ? "" : (placed.formError ?? "")).toBe(true);
    } finally {
      reopening.release();
    }
    expect(await ordersWithCoupon(coupon.id)).toHaveLength(1);
  });
});

describe("what the order records", () => {
  it("the code, each line's discount and the total discount; the total and the PIX amount are discounted", async () => {
    const coupon = await createCoupon({ code: "CUPOM10", percentOff: 10 });
    const form = checkoutForm({ couponCode: " cupom10 ", phone: phoneNumber(600) });
    form.set("lines", JSON.stringify([{ ...line, quantity: 3 }]));
    const placed = await submit(form);
    if (!placed.ok) throw new Error(placed.formError ?? "refused");
    const [row] = await t.db.select().from(orders).where(eq(orders.publicToken, placed.token));
    const subtotal = unitPriceCents * 3;
    const discount = Math.round(subtotal / 10);
    expect(row).toMatchObject({ couponId: coupon.id, couponCode: "CUPOM10", subtotalCents: subtotal, discountCents: discount });
    expect(row!.totalCents).toBe(subtotal - discount + (row!.deliveryCents ?? 0));
    const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, row!.id));
    expect(items.map((item) => item.discountCents)).toEqual([discount]);

    const view = await getOrderByToken(t.db, { ...DEFAULT_SETTINGS, pixKey: "loja@example.com" }, placed.token);
    expect(view!.coupon).toMatchObject({ code: "CUPOM10", totalCents: discount, linesCents: discount, deliveryWaivedCents: 0 });
    const amount = (row!.totalCents / 100).toFixed(2);
    expect(view!.pixCode).toContain(`54${String(amount.length).padStart(2, "0")}${amount}`);
  });

  it("free delivery makes the fee zero where the shop delivers, and is refused where delivery is 'A combinar'", async () => {
    const coupon = await createCoupon({ kind: "free_delivery", percentOff: null });
    const placed = await submit(checkoutForm({ couponCode: coupon.code, phone: phoneNumber(700) }));
    if (!placed.ok) throw new Error(placed.formError ?? "refused");
    const [row] = await t.db.select().from(orders).where(eq(orders.publicToken, placed.token));
    const fee = unitPriceCents >= DEFAULT_SETTINGS.freeShippingMinCents ? 0 : DEFAULT_SETTINGS.deliveryFeeCents;
    expect(row).toMatchObject({ deliveryCents: 0, discountCents: fee, totalCents: unitPriceCents });

    const elsewhere = checkoutForm({ couponCode: coupon.code, phone: phoneNumber(701) });
    elsewhere.set("city", "Recife");
    const refused = await submit(elsewhere);
    expect(refused).toMatchObject({ ok: false, status: 409 });
  });

  it("first purchase only: a phone with an earlier order is told so", async () => {
    const coupon = await createCoupon({ firstPurchaseOnly: true });
    expect((await submit(checkoutForm({ phone: phoneNumber(800) }))).ok).toBe(true);
    const refused = await submit(checkoutForm({ couponCode: coupon.code, phone: phoneNumber(800) }));
    expect(refused).toMatchObject({ ok: false, formError: `O cupom ${coupon.code} é só para a primeira compra. Remova o cupom para enviar o pedido sem ele.` });
    expect((await submit(checkoutForm({ couponCode: coupon.code, phone: phoneNumber(801) }))).ok).toBe(true);
  });
});

describe("the validity window on a UTC clock", () => {
  it("'até 31/12' holds at 23:59:59 in America/Recife and ends at 00:00:00; it starts at 00:00:00 of its first day", async () => {
    expect(process.env.TZ ?? Intl.DateTimeFormat().resolvedOptions().timeZone).toMatch(/UTC|Etc\/UTC|^$/);
    const coupon = await createCoupon({ validFrom: "2026-12-01", validUntil: "2026-12-31" });
    const lines = await couponLinesOf(t.db, [line]);
    const decide = (iso: string) => decideCoupon(t.db, coupon.code, lines, 0, { phone: null, userId: null }, { lock: false, now: new Date(iso) });
    expect(await decide("2027-01-01T02:59:59Z")).toMatchObject({ ok: true });
    expect(await decide("2027-01-01T03:00:00Z")).toMatchObject({ ok: false, refusal: { reason: "expired" } });
    expect(await decide("2026-12-01T02:59:59Z")).toMatchObject({ ok: false, refusal: { reason: "not-yet" } });
    expect(await decide("2026-12-01T03:00:00Z")).toMatchObject({ ok: true });
  });
});

describe("hostile codes", () => {
  it("long, Unicode, SQL-ish and NUL codes get a 4xx with a message, never an error, and record nothing", async () => {
    const [{ before } = { before: 0 }] = await t.db.select({ before: sql<number>`count(*)::int` }).from(orders);
    const hostile = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.string({ unit: "grapheme", maxLength: 40 }),
      fc.constantFrom("' OR 1=1 --", "TESTE1'; drop table coupons; --", "CUPOM\u0000", "\u0000", "Ｃ０ＵＰＯＮ", "cupom10%", "ÇUPOM", "x".repeat(5_000)),
    );
    let hostileRuns = 0;
    await fc.assert(
      fc.asyncProperty(hostile, async (code) => {
        fc.pre(code.trim() !== "");
        // Each from its own address: a wrong code counts against the address's allowance (coupon-abuse.test.ts).
        const clientAddress = `10.95.0.${(hostileRuns += 1)}`;
        const result = await submitCheckout(orderContext(), checkoutForm({ couponCode: code, phone: phoneNumber(950) }), { userId: null, clientAddress });
        expect(result.ok).toBe(false);
        if (result.ok) return;
        expect([400, 409]).toContain(result.status);
        expect(result.formError).toMatch(/cupom/i);
      }),
      { numRuns: 60 },
    );
    const [{ after } = { after: 0 }] = await t.db.select({ after: sql<number>`count(*)::int` }).from(orders);
    expect(after).toBe(before);
  });
});
