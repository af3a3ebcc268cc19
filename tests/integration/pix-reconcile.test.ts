// Recording a Pix payment against real PostgreSQL and the local Banco Central provider (mutual TLS):
// paid once however often it is announced, a wrong amount flagged and not paid, an unpaid charge
// expired with its units given back, a lost webhook caught by the poller, two pollers never reading
// one charge at once.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { DatabaseOrTransaction } from "~/server/db/database.server";
import { bacenPixProvider } from "~/server/payments/bacen-pix.server";
import type { PixConfig } from "~/server/config/pix-config.server";
import { checkDueCharges, reconcileCharge } from "~/server/payments/pix-charges.server";
import { createOrderCharge } from "~/server/payments/pix-charge-creation.server";
import type { PixProvider } from "~/server/payments/pix-provider.server";
import { startFakeBacenPix, type FakeBacenPix } from "../setup/fake-bacen-pix";
import { insertOrder } from "../setup/order-fixtures";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { makeTestCertificates, type TestCertificates } from "../setup/test-certificates";

let t: TestDatabase;
let certs: TestCertificates;
let fake: FakeBacenPix;
let config: PixConfig;
let provider: PixProvider;

beforeAll(async () => {
  t = await createTestDatabase();
  certs = makeTestCertificates();
  fake = await startFakeBacenPix(certs);
  config = {
    provider: "bacen",
    expiresMinutes: 30,
    apiUrl: fake.url,
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    certificate: { pem: fs.readFileSync(certs.clientPemFile) },
    ca: fs.readFileSync(certs.caFile),
  };
  provider = bacenPixProvider({ ...config, timeoutMs: 2000 });
  // One staff device, so a "Pix recebido" push is queued once per paid order.
  await t.pool.query("insert into users (id, name, email, role, staff_role) values ('staff-pix', 'Clerk', 'clerk@exemplo.com', 'admin', 'dono')");
  await t.pool.query("insert into push_subscriptions (user_id, endpoint, p256dh, auth, device_label) values ('staff-pix', 'https://push.example/1', 'k', 'a', 'Android')");
});

afterAll(async () => {
  await fake.close();
  certs.remove();
  await t.close();
});

async function pixOrder(totalCents = 15990) {
  const order = await insertOrder(t.db, { createdAt: new Date(), items: [{ name: "Sandália", unitPriceCents: totalCents, quantity: 1 }] });
  const charge = await createOrderCharge(t.db, config, { orderId: order.id, code: order.code, amountCents: order.totalCents, key: "+5581998765432", shopName: "Loja Erick" }, provider);
  if (!charge) throw new Error("no charge");
  return { order, charge };
}

async function paymentOf(orderId: string) {
  const { rows } = await t.pool.query("select status, paid_cents, mismatch_cents from order_payments where order_id = $1", [orderId]);
  return rows[0] as { status: string; paid_cents: number; mismatch_cents: number | null } | undefined;
}

async function pushesFor(code: string) {
  const { rows } = await t.pool.query("select count(*)::int as n from pix_receipts r join pix_charges c on c.id = r.charge_id join orders o on o.id = c.order_id where o.code = $1", [code]);
  return rows[0].n as number;
}

describe("Pix reconciliation", () => {
  it("a charge is for the order's exact total, with a txid derived from the order", async () => {
    const { order, charge } = await pixOrder(59205);
    expect(charge.txid).toBe(order.id.replace(/-/g, "") + "01");
    expect(fake.charges.get(charge.txid)?.valor.original).toBe("592.05");
    expect(await paymentOf(order.id)).toMatchObject({ status: "awaiting" });
  });

  it("paid once: twenty concurrent reconciliations of one paid charge record one receipt and one 'paid'", async () => {
    const { order, charge } = await pixOrder();
    await fake.pay(charge.txid);
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => reconcileCharge(t.db, provider, charge.txid)));
    expect(outcomes.filter((outcome) => outcome === "paid")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === "already-paid")).toHaveLength(19);
    expect(await paymentOf(order.id)).toMatchObject({ status: "paid", paid_cents: 15990 });
    expect(await pushesFor(order.code)).toBe(1);
    const { rows } = await t.pool.query("select payload->>'title' as title from push_queue where kind = 'pix-paid' and payload->>'title' like $1", [`%#${order.code}%`]);
    expect(rows).toEqual([{ title: `Pix recebido: #${order.code} R$\u00a0159,90` }]);
  });

  it("queues one 'Pix recebido' WhatsApp message for a shopper who agreed, however often the payment is read", async () => {
    const { order, charge } = await pixOrder();
    await t.pool.query("update orders set whatsapp_consent = true, customer_phone = '(81) 99999-2001' where id = $1", [order.id]);
    await fake.pay(charge.txid);
    await Promise.all(Array.from({ length: 10 }, () => reconcileCharge(t.db, provider, charge.txid)));
    const { rows } = await t.pool.query("select topic, state from whatsapp_messages where order_id = $1", [order.id]);
    expect(rows).toEqual([{ topic: "pixPaid", state: "queued" }]);
  });

  it("an unpaid charge stays unpaid however often it is read", async () => {
    const { order, charge } = await pixOrder();
    expect(await reconcileCharge(t.db, provider, charge.txid)).toBe("waiting");
    expect(await paymentOf(order.id)).toMatchObject({ status: "awaiting" });
  });

  it("another amount than the order's is flagged ('valor diferente'), not paid", async () => {
    const { order, charge } = await pixOrder(10000);
    await fake.pay(charge.txid, { amountCents: 100 });
    expect(await reconcileCharge(t.db, provider, charge.txid)).toBe("mismatch");
    expect(await paymentOf(order.id)).toMatchObject({ status: "awaiting", mismatch_cents: 100 });
  });

  it("an expired unpaid charge becomes 'expired' and gives the units back, once", async () => {
    const { order, charge } = await pixOrder();
    const released: string[] = [];
    const hooks = { now: () => new Date(Date.now() + 31 * 60_000), releaseStock: async (_tx: DatabaseOrTransaction, orderId: string) => void released.push(orderId) };
    const outcomes = await Promise.all([reconcileCharge(t.db, provider, charge.txid, hooks), reconcileCharge(t.db, provider, charge.txid, hooks)]);
    expect(outcomes).toContain("expired");
    expect(released).toEqual([order.id]);
    expect(await paymentOf(order.id)).toMatchObject({ status: "expired" });
  });

  it("the poller finds a payment whose webhook never came; two pollers never read one charge twice", async () => {
    const { order, charge } = await pixOrder();
    await fake.pay(charge.txid);
    await t.db.execute(sql`update pix_charges set next_check_at = now() where id = ${charge.id}`);
    const before = fake.requests.filter((request) => request.path === `/v2/cob/${charge.txid}` && request.method === "GET").length;
    const [first, second] = await Promise.all([checkDueCharges(t.db, provider), checkDueCharges(t.db, provider)]);
    expect([...first, ...second].filter((outcome) => outcome === "paid")).toHaveLength(1);
    const reads = fake.requests.filter((request) => request.path === `/v2/cob/${charge.txid}` && request.method === "GET").length - before;
    expect(reads).toBe(1);
    expect(await paymentOf(order.id)).toMatchObject({ status: "paid" });
  });

  it("a provider that is down changes nothing and leaves the charge for the next round", async () => {
    const { order, charge } = await pixOrder();
    await fake.pay(charge.txid);
    fake.down = true;
    expect(await reconcileCharge(t.db, provider, charge.txid)).toBe("unavailable");
    fake.down = false;
    expect(await paymentOf(order.id)).toMatchObject({ status: "awaiting" });
    expect(await reconcileCharge(t.db, provider, charge.txid)).toBe("paid");
  });

  it("the provider down at checkout: no charge, the order stands", async () => {
    const order = await insertOrder(t.db, { createdAt: new Date(), items: [{ name: "Bolsa", unitPriceCents: 5000, quantity: 1 }] });
    fake.down = true;
    const charge = await createOrderCharge(t.db, config, { orderId: order.id, code: order.code, amountCents: 5000, key: "+5581998765432", shopName: "Loja Erick" }, provider);
    fake.down = false;
    expect(charge).toBeNull();
    const { rows } = await t.pool.query("select count(*)::int as n from orders where id = $1", [order.id]);
    expect(rows[0].n).toBe(1);
  });
});
