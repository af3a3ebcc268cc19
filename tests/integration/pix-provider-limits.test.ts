// What a provider (or someone holding the webhook's address) can send, through the real HTTP app and
// PostgreSQL with the local providers (issue 49, item 12): a 30 MB body with the right secret is
// refused with 413 before it is read; a copia-e-cola too long to draw as a QR code is shown without
// its QR (never a 500); Mercado Pago's replays of a payment already settled cost no API read.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readPixConfig } from "~/server/config/pix-config.server";
import { createOrderCharge } from "~/server/payments/pix-charge-creation.server";
import { PIX_WEBHOOK_PATH, pixWebhookSecret } from "~/server/payments/pix-webhook.server";
import { createTestContext } from "../setup/admin-session";
import { bacenPixEnvironment, startFakeBacenPix, type FakeBacenPix } from "../setup/fake-bacen-pix";
import { startFakeMercadoPago, type FakeMercadoPago } from "../setup/fake-mercadopago";
import { startHttpApp, type HttpApp } from "../setup/http-app";
import { checkoutFormFields, insertOrder, orderableLine } from "../setup/order-fixtures";
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
}, 120_000);

afterAll(async () => {
  await bacen?.close();
  await mercadoPago?.close();
  certs?.remove();
  await t?.close();
});

describe("with the Banco Central's provider", () => {
  let http: HttpApp;
  let app: Awaited<ReturnType<typeof createTestContext>>;

  beforeAll(async () => {
    app = await createTestContext(t);
    const { pix, problems } = readPixConfig(bacenPixEnvironment(bacen, certs));
    expect(problems).toEqual([]);
    app.context.config = { ...app.context.config, pix };
    await t.pool.query(`update settings set data = jsonb_set(data, '{pixKey}', '"+5581998765432"') where id = 1`);
    http = await startHttpApp(app.context);
  }, 120_000);
  afterAll(async () => {
    const payments = (await http.loadModule("/app/server/payments/order-payment.server.ts")) as { chargesSettled: () => Promise<void> };
    await payments.chargesSettled();
    await http.close();
    await app.close();
  });

  it("a 30 MB body to the webhook, with the right secret, is refused with 413 before it is read", async () => {
    const address = `${http.origin}${PIX_WEBHOOK_PATH}/${pixWebhookSecret(app.context.config)}/pix`;
    const huge = JSON.stringify({ pix: [], padding: "x".repeat(30 * 1024 * 1024) });
    const declared = await fetch(address, { method: "POST", headers: { "content-type": "application/json" }, body: huge });
    expect(declared.status).toBe(413);
    expect(await declared.text()).toBe("O envio passa do limite de 64 KB.");
    // The same without a declared length (chunked): read until the limit, no further.
    const chunk = new TextEncoder().encode("x".repeat(1024 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 30) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const chunked = await fetch(address, { method: "POST", headers: { "content-type": "application/json" }, body: stream, duplex: "half" } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(sent).toBeLessThan(30);
  });

  it("a 5,000-character copia-e-cola: the order page shows the code without its QR, not a 500", async () => {
    const { lines } = await orderableLine(t.pool);
    const long = "00020101021226" + "9".repeat(5000 - 14);
    bacen.copyPasteOverride = long;
    try {
      const placed = await fetch(`${http.origin}/checkout`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ ...checkoutFormFields(), lines, idempotencyKey: `long-code-${Date.now()}` }),
      });
      expect(placed.status).toBe(302);
      const path = new URL(placed.headers.get("location")!, http.origin).pathname;
      const payments = (await http.loadModule("/app/server/payments/order-payment.server.ts")) as { chargesSettled: () => Promise<void> };
      await payments.chargesSettled();
      const { rows } = await t.pool.query("select c.status, length(c.copy_paste) as length from pix_charges c join orders o on o.id = c.order_id where o.public_token = $1", [path.split("/").pop()]);
      expect(rows[0]).toEqual({ status: "active", length: 5000 });
      const page = await fetch(`${http.origin}${path}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(long);
      expect(html).toContain("PIX copia e cola");
      expect(html).not.toContain("QR Code PIX do pedido");
    } finally {
      bacen.copyPasteOverride = null;
    }
  });
});

describe("with Mercado Pago", () => {
  let http: HttpApp;
  let app: Awaited<ReturnType<typeof createTestContext>>;

  beforeAll(async () => {
    app = await createTestContext(t);
    const { pix, problems } = readPixConfig({
      PIX_PROVIDER: "mercadopago",
      MERCADOPAGO_ACCESS_TOKEN: mercadoPago.accessToken,
      MERCADOPAGO_WEBHOOK_SECRET: mercadoPago.webhookSecret,
      MERCADOPAGO_API_URL: mercadoPago.url,
    });
    expect(problems).toEqual([]);
    app.context.config = { ...app.context.config, pix };
    http = await startHttpApp(app.context);
  }, 120_000);
  afterAll(async () => {
    await http.close();
    await app.close();
  });

  it("replays of a captured notification for a settled payment cost no API read", async () => {
    const order = await insertOrder(t.db, { createdAt: new Date(), items: [{ name: "Bolsa", unitPriceCents: 8990, quantity: 1 }] });
    const webhookUrl = `${http.origin}${PIX_WEBHOOK_PATH}/${pixWebhookSecret(app.context.config)}`;
    const charge = await createOrderCharge(t.db, app.context.config.pix!, { orderId: order.id, code: order.code, amountCents: 8990, key: "", shopName: "Loja Erick", webhookUrl });
    const payment = await mercadoPago.approve(charge!.txid);
    expect((await mercadoPago.notify(payment.id)).status).toBe(200);
    const { rows } = await t.pool.query("select status from order_payments where order_id = $1", [order.id]);
    expect(rows[0].status).toBe("paid");
    const readsWhenPaid = mercadoPago.reads.filter((id) => id === payment.id).length;
    expect(readsWhenPaid).toBe(1);

    const replays = await Promise.all(Array.from({ length: 10 }, () => mercadoPago.notify(payment.id)));
    expect(replays.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(mercadoPago.reads.filter((id) => id === payment.id).length).toBe(readsWhenPaid);
  });
});
