// The Pix provider's call through the real HTTP app and PostgreSQL, for both providers: only the
// shop's secret address is heard, a call is only a hint (a forged one for an unpaid charge changes
// nothing), twenty replays record one payment, and Mercado Pago's calls must be signed.
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mercadoPagoPixProvider } from "~/server/payments/mercadopago-pix.server";
import { readPixConfig } from "~/server/config/pix-config.server";
import { type ChargeRow } from "~/server/payments/pix-charges.server";
import { createOrderCharge } from "~/server/payments/pix-charge-creation.server";
import { PIX_WEBHOOK_PATH, pixWebhookSecret, registerPixWebhook } from "~/server/payments/pix-webhook.server";
import { createTestContext } from "../setup/admin-session";
import { bacenPixEnvironment, startFakeBacenPix, type FakeBacenPix } from "../setup/fake-bacen-pix";
import { startFakeMercadoPago, type FakeMercadoPago } from "../setup/fake-mercadopago";
import { startHttpApp, type HttpApp } from "../setup/http-app";
import { insertOrder } from "../setup/order-fixtures";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { makeTestCertificates, type TestCertificates } from "../setup/test-certificates";

let t: TestDatabase;
let certs: TestCertificates;
let bacen: FakeBacenPix;
let mercadoPago: FakeMercadoPago;

beforeAll(async () => {
  t = await createTestDatabase();
  certs = makeTestCertificates();
  bacen = await startFakeBacenPix(certs);
  mercadoPago = await startFakeMercadoPago();
});

afterAll(async () => {
  await bacen.close();
  await mercadoPago.close();
  certs.remove();
  await t.close();
});

async function paymentStatus(orderId: string) {
  const { rows } = await t.pool.query("select status from order_payments where order_id = $1", [orderId]);
  return (rows[0]?.status as string | undefined) ?? "awaiting";
}

async function receipts(chargeId: number) {
  const { rows } = await t.pool.query("select count(*)::int as n from pix_receipts where charge_id = $1", [chargeId]);
  return rows[0].n as number;
}

describe("the Banco Central provider's webhook", () => {
  let http: HttpApp;
  let app: Awaited<ReturnType<typeof createTestContext>>;

  beforeAll(async () => {
    app = await createTestContext(t);
    const { pix, problems } = readPixConfig(bacenPixEnvironment(bacen, certs, { pkcs12: true }));
    expect(problems).toEqual([]);
    app.context.config = { ...app.context.config, pix };
    http = await startHttpApp(app.context);
    const registered = await registerPixWebhook(t.db, app.context.config, "+5581998765432", http.origin);
    expect(registered).toMatchObject({ ok: true });
  });
  afterAll(async () => {
    await http.close();
    await app.close();
  });

  async function chargedOrder(): Promise<{ orderId: string; charge: ChargeRow }> {
    const order = await insertOrder(t.db, { createdAt: new Date(), items: [{ name: "Tênis", unitPriceCents: 19990, quantity: 1 }] });
    const charge = await createOrderCharge(t.db, app.context.config.pix!, { orderId: order.id, code: order.code, amountCents: order.totalCents, key: "+5581998765432", shopName: "Loja Erick" });
    if (!charge) throw new Error("no charge");
    return { orderId: order.id, charge };
  }

  it("the provider's call after a payment marks the order paid", async () => {
    const { orderId, charge } = await chargedOrder();
    await bacen.pay(charge.txid, { notify: true });
    expect(await paymentStatus(orderId)).toBe("paid");
  });

  it("a forged call for an unpaid charge changes nothing; a wrong secret is a 404", async () => {
    const { orderId, charge } = await chargedOrder();
    const forged = { pix: [{ endToEndId: "E00000000202611271500000000000001", txid: charge.txid, valor: "199.90", horario: new Date().toISOString() }] };
    const answer = await fetch(`${http.origin}${PIX_WEBHOOK_PATH}/${pixWebhookSecret(app.context.config)}/pix`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(forged) });
    expect(answer.status).toBe(200);
    expect(await paymentStatus(orderId)).toBe("awaiting");
    expect(await receipts(charge.id)).toBe(0);
    const wrong = await fetch(`${http.origin}${PIX_WEBHOOK_PATH}/outro-segredo-qualquer/pix`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(forged) });
    expect(wrong.status).toBe(404);
  });

  it("twenty concurrent replays of one payment's call record it once", async () => {
    const { orderId, charge } = await chargedOrder();
    const paid = await bacen.pay(charge.txid);
    const body = { pix: [{ endToEndId: paid.endToEndId, txid: charge.txid, valor: paid.valor, horario: paid.horario }] };
    const answers = await Promise.all(Array.from({ length: 20 }, () => bacen.notify(body, "+5581998765432")));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(await paymentStatus(orderId)).toBe("paid");
    expect(await receipts(charge.id)).toBe(1);
  });

  it("a body that is not JSON is a 400, and nothing breaks", async () => {
    const answer = await fetch(`${http.origin}${PIX_WEBHOOK_PATH}/${pixWebhookSecret(app.context.config)}/pix`, { method: "POST", headers: { "content-type": "application/json" }, body: "{pix" });
    expect(answer.status).toBe(400);
  });

  it("a provider that refuses a plain-http address: the refusal is kept for the settings page", async () => {
    bacen.refusePlainHttpWebhooks = true;
    const result = await registerPixWebhook(t.db, app.context.config, "+5581998765432", http.origin);
    bacen.refusePlainHttpWebhooks = false;
    expect(result).toMatchObject({ ok: false, message: expect.stringContaining("https") });
    const { rows } = await t.pool.query("select ok, message from pix_webhook_registrations where pix_key = $1", ["+5581998765432"]);
    expect(rows[0]).toMatchObject({ ok: false });
  });
});

describe("Mercado Pago's webhook", () => {
  let http: HttpApp;
  let app: Awaited<ReturnType<typeof createTestContext>>;

  beforeAll(async () => {
    app = await createTestContext(t);
    const { pix } = readPixConfig({
      PIX_PROVIDER: "mercadopago",
      MERCADOPAGO_ACCESS_TOKEN: mercadoPago.accessToken,
      MERCADOPAGO_WEBHOOK_SECRET: mercadoPago.webhookSecret,
      MERCADOPAGO_API_URL: mercadoPago.url,
    });
    app.context.config = { ...app.context.config, pix };
    http = await startHttpApp(app.context);
  });
  afterAll(async () => {
    await http.close();
    await app.close();
  });

  it("a signed notification marks the order paid; an unsigned or wrongly signed one is refused", async () => {
    const order = await insertOrder(t.db, { createdAt: new Date(), items: [{ name: "Bolsa", unitPriceCents: 8990, quantity: 1 }] });
    const webhookUrl = `${http.origin}${PIX_WEBHOOK_PATH}/${pixWebhookSecret(app.context.config)}`;
    const provider = mercadoPagoPixProvider({ accessToken: mercadoPago.accessToken, apiUrl: mercadoPago.url });
    const charge = await createOrderCharge(t.db, app.context.config.pix!, { orderId: order.id, code: order.code, amountCents: 8990, key: "", shopName: "Loja Erick", webhookUrl }, provider);
    const payment = await mercadoPago.approve(charge!.txid);
    const forged = await mercadoPago.notify(payment.id, { secret: "nao-e-o-segredo" });
    expect(forged.status).toBe(401);
    expect(await paymentStatus(order.id)).toBe("awaiting");
    const stale = await mercadoPago.notify(payment.id, { ts: Math.floor(Date.now() / 1000) - 3600 });
    expect(stale.status).toBe(401);
    const signed = await mercadoPago.notify(payment.id);
    expect(signed.status).toBe(200);
    expect(await paymentStatus(order.id)).toBe("paid");
  });

  it("the settings carry the provider's choice: PIX_CERT that is not a certificate stops the start", () => {
    const bogus = certs.dir + "/nao-e-certificado.pem";
    fs.writeFileSync(bogus, "-----BEGIN NADA-----\n");
    const { pix, problems } = readPixConfig({ PIX_PROVIDER: "bacen", PIX_API_URL: "https://pix.example", PIX_CLIENT_ID: "id", PIX_CLIENT_SECRET: "segredo-que-nao-aparece", PIX_CERT: bogus });
    expect(pix).toBeNull();
    expect(problems.join("\n")).toMatch(/PIX_CERT=/);
    expect(problems.join("\n")).not.toContain("segredo-que-nao-aparece");
  });
});
