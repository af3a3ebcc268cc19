// A provider's Pix never pins an order's units, and money that comes when the order no longer expects
// it is never silently taken (issue 49, items 2-4). Through the real HTTP app (checkout, order page,
// the provider's webhook), the order window's route, real PostgreSQL and the local Banco Central
// provider (mutual TLS), made to be down, to forget a charge, or to be another provider than the one
// that made the charge:
// - a charge the bank could not make by its expiry expires and frees the units; the clerk may mark the
//   order paid by hand (audited) meanwhile and after;
// - a charge the provider answers 404 for, or one made under another PIX_PROVIDER, expires at its end;
// - paid after the shop expired it: the units are taken again, or the order is flagged when they are gone;
// - cancelling withdraws the charge at the bank (PATCH /v2/cob/{txid}); a payment that still arrives
//   is recorded and flagged for a refund.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readPixConfig } from "~/server/config/pix-config.server";
import type { LoadContext } from "~/server/load-context.server";
import { action as orderAction, loader as orderLoader } from "~/routes/admin/order";
import { chargesSettled, startPixWork } from "~/server/payments/order-payment.server";
import { registerPixWebhook } from "~/server/payments/pix-webhook.server";
import type { AdminOrderPayment } from "~/lib/payments/admin-payment";
import { createTestContext, requestAs, signedInUser, type SignedInUser } from "../setup/admin-session";
import { bacenPixEnvironment, startFakeBacenPix, type FakeBacenPix } from "../setup/fake-bacen-pix";
import { startHttpApp, type HttpApp } from "../setup/http-app";
import { checkoutFormFields, orderableLine, type OrderLine } from "../setup/order-fixtures";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { makeTestCertificates, type TestCertificates } from "../setup/test-certificates";
import { setVariantStock, variantStock } from "../setup/variant-stock";

const KEY = "+5581998765432";
let t: TestDatabase;
let certs: TestCertificates;
let fake: FakeBacenPix;
let app: Awaited<ReturnType<typeof createTestContext>>;
let context: LoadContext;
let http: HttpApp;
let admin: SignedInUser;
let line: OrderLine;
let lines: string;

beforeAll(async () => {
  t = await createTestDatabase();
  certs = makeTestCertificates();
  fake = await startFakeBacenPix(certs);
  app = await createTestContext(t);
  const { pix, problems } = readPixConfig(bacenPixEnvironment(fake, certs));
  expect(problems).toEqual([]);
  context = { ...app.context, config: { ...app.context.config, pix } };
  await t.pool.query(`update settings set data = jsonb_set(data, '{pixKey}', '"${KEY}"') where id = 1`);
  http = await startHttpApp(context);
  expect(await registerPixWebhook(t.db, context.config, KEY, http.origin)).toMatchObject({ ok: true });
  admin = await signedInUser(context, "admin");
  ({ line, lines } = await orderableLine(t.pool, { stock: 5 }));
}, 120_000);

afterAll(async () => {
  if (http) await appChargesSettled();
  await chargesSettled();
  await http?.close();
  await app?.close();
  await fake?.close();
  certs?.remove();
  await t?.close();
});

/** The charges the HTTP app (its own module instance) is making in the background, done. */
async function appChargesSettled() {
  const payments = (await http.loadModule("/app/server/payments/order-payment.server.ts")) as { chargesSettled: () => Promise<void> };
  await payments.chargesSettled();
}

let keys = 0;
/** A Pix order through the checkout: its page's path and its id. */
async function placePixOrder(): Promise<{ path: string; id: string }> {
  const response = await fetch(`${http.origin}/checkout`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...checkoutFormFields(), lines, idempotencyKey: `never-pins-${Date.now()}-${(keys += 1)}` }),
  });
  expect(response.status).toBe(302);
  const path = new URL(response.headers.get("location")!, http.origin).pathname;
  await appChargesSettled();
  const { rows } = await t.pool.query("select id from orders where public_token = $1", [path.split("/").pop()]);
  return { path, id: rows[0].id as string };
}

const page = (path: string) => fetch(`${http.origin}${path}`).then((response) => response.text());
const stock = () => variantStock(t.pool, line);
async function chargeOf(orderId: string) {
  const { rows } = await t.pool.query("select * from pix_charges where order_id = $1 order by id desc limit 1", [orderId]);
  return rows[0] as { id: number; txid: string; status: string; provider: string };
}
async function paymentOf(orderId: string) {
  const { rows } = await t.pool.query("select status, confirmed_by, attention, attention_detail from order_payments where order_id = $1", [orderId]);
  return rows[0] as { status: string; confirmed_by: string | null; attention: string | null; attention_detail: string } | undefined;
}
/** As if the charge's life (PIX_EXPIRES_MINUTES) ran out a minute ago, and its next check is due. */
const pastItsLife = (chargeId: number) =>
  t.pool.query("update pix_charges set expires_at = now() - interval '1 minute', next_check_at = now(), last_checked_at = now() - interval '1 minute' where id = $1", [chargeId]);
/** One Pix round of a process (what every instance runs every 30 s). */
async function pixRound() {
  const round = startPixWork(context, { intervalMs: 60_000 })!;
  await round.stop();
  await chargesSettled();
}

type Answer = { data?: { ok: boolean; message?: string; errors?: Record<string, string> } } | Response;
async function post(orderId: string, fields: Record<string, string>): Promise<Answer> {
  try {
    return (await orderAction({ request: requestAs(admin, `/admin/pedidos/${orderId}`, { form: new URLSearchParams(fields) }), context, params: { id: orderId } } as never)) as Answer;
  } catch (thrown) {
    return thrown as Response;
  }
}
const okOf = (answer: Answer) => !(answer instanceof Response) && answer.data?.ok === true;
async function windowPayment(orderId: string): Promise<AdminOrderPayment> {
  const loaded = (await orderLoader({ request: requestAs(admin, `/admin/pedidos/${orderId}`), context, params: { id: orderId } } as never)) as { payment: AdminOrderPayment };
  return loaded.payment;
}
async function audits(orderId: string, action: string) {
  const { rows } = await t.pool.query("select count(*)::int as n from audit_log where entity_id = $1 and action = $2", [orderId, action]);
  return rows[0].n as number;
}

describe("a charge the provider cannot speak for never pins the order", () => {
  it("the bank failing until the charge's expiry: the clerk may mark it paid meanwhile; at its end the charge expires and the units go back", async () => {
    const before = await stock();
    fake.down = true;
    let placed: { path: string; id: string };
    try {
      placed = await placePixOrder();
      expect(await chargeOf(placed.id)).toMatchObject({ status: "creating" });
      expect(await stock()).toBe(before - 1);
      // The shopper sees the shop's static code: only the clerk can tell it was paid.
      expect(await page(placed.path)).toContain("O banco não gerou o Pix deste pedido agora.");
      expect(await windowPayment(placed.id)).toMatchObject({ status: "awaiting", canMarkPaid: true });

      await pastItsLife((await chargeOf(placed.id)).id);
      const expired = await page(placed.path);
      expect(expired).toContain("O prazo do Pix acabou");
      expect(expired).toContain("Gerar novo Pix");
    } finally {
      fake.down = false;
    }
    expect(await chargeOf(placed.id)).toMatchObject({ status: "expired" });
    expect(await paymentOf(placed.id)).toMatchObject({ status: "expired" });
    expect(await stock()).toBe(before);

    // Paid by the static code after all: the clerk records it by hand (audited) and the units are taken again.
    expect(await windowPayment(placed.id)).toMatchObject({ status: "expired", canMarkPaid: true });
    expect(okOf(await post(placed.id, { intent: "mark-paid" }))).toBe(true);
    expect(await paymentOf(placed.id)).toMatchObject({ status: "paid", confirmed_by: "clerk", attention: null });
    expect(await audits(placed.id, "order.payment")).toBe(1);
    expect(await stock()).toBe(before - 1);
  });

  it("the Pix round expires a queued charge the bank never made, without anyone visiting", async () => {
    const before = await stock();
    fake.down = true;
    let placed: { path: string; id: string };
    try {
      placed = await placePixOrder();
      await pastItsLife((await chargeOf(placed.id)).id);
      await pixRound();
    } finally {
      fake.down = false;
    }
    expect(await chargeOf(placed.id)).toMatchObject({ status: "expired" });
    expect(await paymentOf(placed.id)).toMatchObject({ status: "expired" });
    expect(await stock()).toBe(before);
  });

  it("a charge the provider answers 404 for expires at its end and frees the units", async () => {
    const before = await stock();
    const placed = await placePixOrder();
    const charge = await chargeOf(placed.id);
    expect(charge.status).toBe("active");
    fake.charges.delete(charge.txid);
    await pastItsLife(charge.id);
    await pixRound();
    expect(await chargeOf(placed.id)).toMatchObject({ status: "expired" });
    expect(await stock()).toBe(before);
  });

  it("a charge made under another PIX_PROVIDER: the clerk may mark the order paid, and at its end it frees the units", async () => {
    const before = await stock();
    const placed = await placePixOrder();
    const charge = await chargeOf(placed.id);
    await t.pool.query("update pix_charges set provider = 'mercadopago' where id = $1", [charge.id]);
    expect(await windowPayment(placed.id)).toMatchObject({ canMarkPaid: true });
    await pastItsLife(charge.id);
    await pixRound();
    expect(await chargeOf(placed.id)).toMatchObject({ status: "expired" });
    expect(await stock()).toBe(before);
  });

  it("a live charge of this provider is still the bank's to confirm", async () => {
    const placed = await placePixOrder();
    expect(await chargeOf(placed.id)).toMatchObject({ status: "active" });
    expect(await windowPayment(placed.id)).toMatchObject({ canMarkPaid: false });
    const refused = await post(placed.id, { intent: "mark-paid" });
    expect(refused instanceof Response ? null : refused.data?.errors?.form).toMatch(/confirmado pelo banco/);
  });
});

describe("paid after the shop expired the charge", () => {
  it("the units are taken again", async () => {
    const before = await stock();
    const placed = await placePixOrder();
    const charge = await chargeOf(placed.id);
    await pastItsLife(charge.id);
    expect(await page(placed.path)).toContain("O prazo do Pix acabou");
    expect(await stock()).toBe(before);

    // The bank dates the payment before the expiry and announces it now.
    const answer = await fake.pay(charge.txid, { notify: true });
    expect(answer.endToEndId).toBeTruthy();
    expect(await paymentOf(placed.id)).toMatchObject({ status: "paid", confirmed_by: "pix", attention: null });
    expect(await stock()).toBe(before - 1);
  });

  it("the units sold meanwhile: paid, and the order window tells the clerk which are missing", async () => {
    const placed = await placePixOrder();
    const charge = await chargeOf(placed.id);
    await pastItsLife(charge.id);
    await page(placed.path);
    // The freed unit was sold to someone else.
    await setVariantStock(t.pool, line, 0);
    try {
      await fake.pay(charge.txid, { notify: true });
      expect(await paymentOf(placed.id)).toMatchObject({ status: "paid", attention: "stock-short" });
      expect(await stock()).toBe(0);
      const shown = await windowPayment(placed.id);
      expect(shown.attention).toMatch(/^Pago depois que o Pix expirou.*Estoque insuficiente/);
    } finally {
      await setVariantStock(t.pool, line, 5);
    }
  });
});

describe("a cancelled order's Pix", () => {
  const cancel = (orderId: string) => post(orderId, { status: "cancelled", confirmCancel: "1" });

  it("cancelling withdraws the charge at the bank: it can no longer be paid", async () => {
    const placed = await placePixOrder();
    const charge = await chargeOf(placed.id);
    expect(okOf(await cancel(placed.id))).toBe(true);
    await chargesSettled();
    expect(fake.requests.some((request) => request.method === "PATCH" && request.path === `/v2/cob/${charge.txid}`)).toBe(true);
    expect(fake.charges.get(charge.txid)!.status).toBe("REMOVIDA_PELO_USUARIO_RECEBEDOR");
    expect(await chargeOf(placed.id)).toMatchObject({ status: "removed" });
  });

  it("a payment that still arrives (the bank down at the cancel) is recorded and flagged for a refund", async () => {
    const placed = await placePixOrder();
    const charge = await chargeOf(placed.id);
    const before = await stock();
    fake.down = true;
    try {
      expect(okOf(await cancel(placed.id))).toBe(true);
      await chargesSettled();
    } finally {
      fake.down = false;
    }
    expect(await stock()).toBe(before + 1);
    await fake.pay(charge.txid, { notify: true });
    expect(await paymentOf(placed.id)).toMatchObject({ status: "paid", attention: "paid-after-cancel" });
    // Its units stay on the shelf: the order is cancelled.
    expect(await stock()).toBe(before + 1);
    const shown = await windowPayment(placed.id);
    expect(shown.attention).toBe("Pix pago depois do cancelamento do pedido: devolva o valor ao cliente.");
    expect(shown).toMatchObject({ refundableCents: expect.any(Number), refundViaProvider: true });
    expect(shown.refundableCents).toBeGreaterThan(0);
  });
});
