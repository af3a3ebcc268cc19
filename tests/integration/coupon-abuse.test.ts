// Coupons that cannot be guessed or double-spent (issue 39), each through the real Express app and
// PostgreSQL: wrong codes are limited per client address on every path that checks one, a retried
// submission gets its order whatever the coupon says, a re-opened order cannot take a use that went
// to someone else, free delivery is refused on a pick-up, and the admin form's bad dates and ids are
// field messages instead of 500s.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COUPON_TRY_LIMIT } from "~/server/coupons/coupon-tries.server";
import { couponPreviewUrl } from "~/lib/coupons/coupons";
import { createTestContext, signedInUser, type SignedInUser } from "../setup/admin-session";
import { startHttpApp, type HttpApp } from "../setup/http-app";
import { CHECKOUT_CUSTOMER, checkoutFormFields, orderableLine, type OrderLine } from "../setup/order-fixtures";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestContext>>;
let http: HttpApp;
let admin: SignedInUser;
let line: OrderLine;
let lines: string;
let pickupLocationId: number;
/** Orders one address may place in 10 minutes here: small, so one test can be past it. */
const ORDERS_PER_ADDRESS = 3;

beforeAll(async () => {
  t = await createTestDatabase({ maxConnections: 30 });
  app = await createTestContext(t);
  admin = await signedInUser(app.context, "admin");
  // Each test speaks from its own client addresses (X-Forwarded-For, believed from loopback as behind a proxy).
  http = await startHttpApp({
    ...app.context,
    config: { ...app.context.config, trustProxy: "loopback", orderLimits: { perAddress: ORDERS_PER_ADDRESS, perPhone: 10_000 } },
  });
  ({ line, lines } = await orderableLine(t.pool));
  const { rows } = await t.pool.query<{ id: number }>("select min(id)::int as id from store_locations");
  pickupLocationId = rows[0]!.id;
}, 120_000);

afterAll(async () => {
  await http?.close();
  await app?.close();
  await t?.close();
});

let keys = 0;
const freshKey = () => `coupon-abuse-key-${Date.now()}-${(keys += 1)}`;

type Answer = { status: number; location: string | null; retryAfter: string | null; body: string };

async function send(path: string, { address, fields = {}, cookie, method = "POST" }: { address: string; fields?: Record<string, string>; cookie?: string; method?: string }): Promise<Answer> {
  const response = await fetch(`${http.origin}${path}`, {
    method,
    redirect: "manual",
    headers: {
      "x-forwarded-for": address,
      ...(cookie ? { cookie } : {}),
      ...(method === "POST" ? { origin: http.origin, "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" } : {}),
    },
    body: method === "POST" ? new URLSearchParams(fields) : undefined,
  });
  return { status: response.status, location: response.headers.get("location"), retryAfter: response.headers.get("retry-after"), body: await response.text() };
}

/** The checkout page's POST: a delivery in Barreiros paid by PIX, with `fields` on top. */
const checkout = (address: string, fields: Record<string, string> = {}) =>
  send("/checkout", { address, fields: { ...checkoutFormFields(), lines, idempotencyKey: freshKey(), ...fields } });
/** The cart's 'Finalizar pelo WhatsApp'. */
const quickOrder = (address: string, fields: Record<string, string> = {}) => send("/pedido", { address, fields: { lines, idempotencyKey: freshKey(), ...fields } });
/** The cart's and the checkout's 'Aplicar'. */
const preview = (address: string, code: string, where: Parameters<typeof couponPreviewUrl>[2] = null) =>
  send(couponPreviewUrl(code, [{ id: line.productId, quantity: 1 }], where), { address, method: "GET" });

let couponCounter = 0;
async function createCoupon(values: Record<string, unknown> = {}): Promise<{ id: number; code: string }> {
  couponCounter += 1;
  const row = { code: `ABUSO${couponCounter}`, kind: "percent", percent_off: 10, ...values };
  const columns = Object.keys(row);
  const { rows } = await t.pool.query<{ id: number; code: string }>(
    `insert into coupons (${columns.join(", ")}) values (${columns.map((_, index) => `$${index + 1}`).join(", ")}) returning id, code`,
    Object.values(row),
  );
  return rows[0]!;
}

async function ordersWithCoupon(couponId: number): Promise<{ id: string; status: string; public_token: string }[]> {
  const { rows } = await t.pool.query<{ id: string; status: string; public_token: string }>(
    "select id, status, public_token from orders where coupon_id = $1 order by created_at",
    [couponId],
  );
  return rows;
}

const NOT_FOUND = /Cupom CHUTE\d+ não encontrado/;
const TOO_MANY_TRIES = /Muitas tentativas de cupom seguidas\. Tente de novo em \d+ minutos?\./;

describe("guessing coupon codes", () => {
  it(`an address gets ${COUPON_TRY_LIMIT.max} wrong codes in 10 minutes across 'Aplicar', the checkout and the quick order, then 429 with Retry-After on each`, async () => {
    const address = "198.51.100.10";
    // Past its order limit first: the limit on guesses must not depend on orders being counted.
    for (let order = 0; order < ORDERS_PER_ADDRESS; order += 1) expect((await quickOrder(address)).status).toBe(302);
    expect((await quickOrder(address)).status).toBe(429);

    const third = Math.floor(COUPON_TRY_LIMIT.max / 3);
    const guesses = await Promise.all(
      Array.from({ length: COUPON_TRY_LIMIT.max + 15 }, (_, index) => {
        const code = `CHUTE${index}`;
        if (index % 3 === 0) return preview(address, code);
        if (index % 3 === 1) return checkout(address, { couponCode: code });
        return quickOrder(address, { couponCode: code });
      }),
    );
    expect(third).toBeGreaterThan(10);
    const answered = guesses.filter((answer) => NOT_FOUND.test(answer.body));
    const refused = guesses.filter((answer) => answer.status === 429 && TOO_MANY_TRIES.test(answer.body));
    expect(answered).toHaveLength(COUPON_TRY_LIMIT.max);
    expect(refused).toHaveLength(15);
    for (const answer of refused) {
      expect(Number(answer.retryAfter)).toBeGreaterThan(60);
      expect(Number(answer.retryAfter)).toBeLessThanOrEqual(COUPON_TRY_LIMIT.window);
    }
    // Each path, once more: refused before the code is looked at (a real code gets the same answer).
    const real = await createCoupon();
    for (const answer of [await preview(address, real.code), await checkout(address, { couponCode: real.code }), await quickOrder(address, { couponCode: real.code })]) {
      expect(answer.status).toBe(429);
      expect(answer.body).toMatch(TOO_MANY_TRIES);
      expect(answer.body).not.toContain(real.code + " aplicado");
    }
    // The order paths say the order can go without the coupon.
    expect((await checkout(address, { couponCode: real.code })).body).toContain("Remova o cupom para enviar o pedido sem ele.");

    // Another address is not affected, and this one may still order without a coupon (order limit aside).
    expect(NOT_FOUND.test((await checkout("198.51.100.11", { couponCode: "CHUTE1" })).body)).toBe(true);
    expect((await checkout("198.51.100.12")).status).toBe(302);
  }, 120_000);

  it("a coupon that applies costs nothing: a shopper applying a good code many times is never limited", async () => {
    const address = "198.51.100.20";
    const good = await createCoupon();
    for (let round = 0; round < COUPON_TRY_LIMIT.max + 5; round += 1) {
      const answer = await preview(address, good.code);
      expect(answer.status).toBe(200);
      expect(answer.body).toContain(`${good.code} aplicado`);
    }
    expect((await checkout(address, { couponCode: good.code })).status).toBe(302);
  }, 120_000);
});

describe("a submission sent twice at once with a coupon of one use per phone", () => {
  it("records one order and answers every send with it: none is told the coupon was used", async () => {
    const coupon = await createCoupon({ max_uses_per_shopper: 1 });
    const key = freshKey();
    const fields = { ...checkoutFormFields({ ...CHECKOUT_CUSTOMER, phone: "(81) 98123-3939" }), lines, idempotencyKey: key, couponCode: coupon.code };
    const answers = await Promise.all(Array.from({ length: 20 }, () => send("/checkout", { address: "198.51.100.30", fields })));
    expect(answers.filter((answer) => answer.body.includes("Você já usou o cupom")).length, "sends told 'Você já usou o cupom'").toBe(0);
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(302));
    const placed = await ordersWithCoupon(coupon.id);
    expect(placed).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.location))).toEqual(new Set([`/pedido/${placed[0]!.public_token}?novo=1`]));
    // A reload's new form with the coupon is told, and without it makes a second (full-price) order on purpose.
    const again = await send("/checkout", { address: "198.51.100.30", fields: { ...fields, idempotencyKey: freshKey() } });
    expect(again.status).toBe(409);
    expect(again.body).toContain(`Você já usou o cupom ${coupon.code}.`);
  }, 120_000);
});

describe("re-opening a cancelled order whose coupon use went to another order", () => {
  const setStatus = (orderId: string, status: string) =>
    send(`/admin/pedidos/${orderId}.data`, { address: "198.51.100.40", cookie: admin.cookie, fields: { status, ...(status === "cancelled" ? { confirmCancel: "1" } : {}) } });

  it("is refused with a pt-BR message in the order window, and the coupon keeps one live order", async () => {
    const coupon = await createCoupon({ max_uses: 1 });
    const first = await checkout("198.51.100.41", { couponCode: coupon.code, phone: "(81) 98111-0001" });
    expect(first.status).toBe(302);
    const [order] = await ordersWithCoupon(coupon.id);
    expect((await setStatus(order!.id, "cancelled")).status).toBe(200);
    // The use is free again: another shopper takes it.
    expect((await checkout("198.51.100.42", { couponCode: coupon.code, phone: "(81) 98111-0002" })).status).toBe(302);

    const reopened = await setStatus(order!.id, "pending");
    expect(reopened.status).toBe(409);
    expect(reopened.body).toContain("Erro ao atualizar status");
    expect(reopened.body).toContain(`O cupom ${coupon.code} deste pedido já foi usado em outro pedido depois do cancelamento`);
    for (const status of ["processing", "shipped", "delivered"]) expect((await setStatus(order!.id, status)).status, status).toBe(409);
    const live = (await ordersWithCoupon(coupon.id)).filter((row) => row.status !== "cancelled");
    expect(live).toHaveLength(1);
    expect((await ordersWithCoupon(coupon.id)).find((row) => row.id === order!.id)!.status).toBe("cancelled");
  }, 120_000);

  it("per shopper too; and an order whose use is still free is re-opened as before", async () => {
    const coupon = await createCoupon({ max_uses_per_shopper: 1 });
    const phone = "(81) 98111-0011";
    expect((await checkout("198.51.100.43", { couponCode: coupon.code, phone })).status).toBe(302);
    const [order] = await ordersWithCoupon(coupon.id);
    expect((await setStatus(order!.id, "cancelled")).status).toBe(200);
    // Still free: back to Pendente.
    expect((await setStatus(order!.id, "pending")).status).toBe(200);
    expect((await setStatus(order!.id, "cancelled")).status).toBe(200);
    expect((await checkout("198.51.100.44", { couponCode: coupon.code, phone })).status).toBe(302);
    const refused = await setStatus(order!.id, "processing");
    expect(refused.status).toBe(409);
    expect(refused.body).toContain(`O cupom ${coupon.code} deste pedido já foi usado em outro pedido depois do cancelamento`);
  }, 120_000);
});

describe("a free-delivery coupon on a pick-up", () => {
  it("is refused with its reason at the checkout and in the preview, and the shopper keeps the use for a delivery", async () => {
    const coupon = await createCoupon({ kind: "free_delivery", percent_off: null, max_uses_per_shopper: 1 });
    const phone = "(81) 98222-0001";
    const pickup = { deliveryMethod: "pickup", pickupLocationId: String(pickupLocationId), phone };
    const refused = await checkout("198.51.100.50", { ...pickup, couponCode: coupon.code });
    expect(refused.status).toBe(409);
    expect(refused.body).toContain(`Este cupom vale para entrega: o cupom ${coupon.code} não se aplica à retirada na loja.`);
    expect(await ordersWithCoupon(coupon.id)).toHaveLength(0);

    const previewed = await preview("198.51.100.50", coupon.code, { deliveryMethod: "pickup", city: "", phone });
    expect(previewed.status).toBe(200);
    expect(JSON.parse(previewed.body)).toMatchObject({ ok: false, message: `Este cupom vale para entrega: o cupom ${coupon.code} não se aplica à retirada na loja.` });

    expect((await checkout("198.51.100.50", { couponCode: coupon.code, phone })).status).toBe(302);
    expect(await ordersWithCoupon(coupon.id)).toHaveLength(1);
  }, 120_000);
});

describe("the admin's coupon form", () => {
  const save = (fields: Record<string, string>, path = "/admin/cupons.data") =>
    send(path, { address: "198.51.100.60", cookie: admin.cookie, fields: { intent: "save", code: `FORM${(keys += 1)}`, kind: "percent", percentOff: "10", active: "on", ...fields } });

  it("answers impossible dates and out-of-range ids with a field message, never a 500, and saves nothing", async () => {
    const { rows: before } = await t.pool.query<{ n: number }>("select count(*)::int as n from coupons");
    const cases: [Record<string, string>, string, string][] = [
      [{ validFrom: "2026-02-30" }, "validFrom", "Data inválida"],
      [{ validUntil: "9999-99-99" }, "validUntil", "Data inválida"],
      [{ validFrom: "2027-02-29" }, "validFrom", "Data inválida"],
      [{ validUntil: "2026-13-01" }, "validUntil", "Data inválida"],
      [{ validFrom: "2026-04-31" }, "validFrom", "Data inválida"],
      [{ validUntil: "0000-01-01" }, "validUntil", "Data inválida"],
      [{ validFrom: "2026-00-10" }, "validFrom", "Data inválida"],
      [{ shopIds: "3000000000" }, "shopIds", "Loja inválida"],
      [{ shopIds: "2147483648" }, "shopIds", "Loja inválida"],
      [{ shopIds: "99999999999999999999" }, "shopIds", "Loja inválida"],
      [{ id: "3000000000" }, "form", "Cupom inválido"],
    ];
    for (const [fields, field, message] of cases) {
      const answer = await save(fields);
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(answer.body, JSON.stringify(fields)).toContain(`"${field}"`);
      expect(answer.body, JSON.stringify(fields)).toContain(message);
    }
    const { rows: after } = await t.pool.query<{ n: number }>("select count(*)::int as n from coupons");
    expect(after[0]!.n).toBe(before[0]!.n);
    // A real leap day, and the last day there is, are dates.
    expect((await save({ validFrom: "2028-02-29", validUntil: "9999-12-31" }, "/admin/cupons")).status).toBe(302);
  }, 120_000);
});
