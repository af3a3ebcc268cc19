// The shopper's side of a provider's Pix, through the real HTTP app, PostgreSQL and the local Banco
// Central provider (mutual TLS): the checkout commits the order with a queued charge and answers
// without waiting for the provider; the charge is made right after (once, however many drains and
// instances race for it, and after a crash by the next process's round); the page says "Gerando o
// código PIX…" until it exists, then shows the provider's code and turns to "Pagamento confirmado"
// once the provider says so (no webhook needed); an expired charge gives the units back and offers a
// new Pix; a provider that is down leaves the static code with a line saying so.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readPixConfig } from "~/server/config/pix-config.server";
import { connectDatabase } from "~/server/db/database.server";
import { getSettings } from "~/server/group/settings.server";
import { checkoutPixCharge, startPixWork } from "~/server/payments/order-payment.server";
import { createQueuedCharges } from "~/server/payments/pix-charge-creation.server";
import { createTestContext } from "../setup/admin-session";
import { bacenPixEnvironment, startFakeBacenPix, type FakeBacenPix } from "../setup/fake-bacen-pix";
import { startHttpApp, type HttpApp } from "../setup/http-app";
import { checkoutFormFields, insertOrder, orderableLine, type OrderLine } from "../setup/order-fixtures";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { makeTestCertificates, type TestCertificates } from "../setup/test-certificates";

let t: TestDatabase;
let certs: TestCertificates;
let fake: FakeBacenPix;
let app: Awaited<ReturnType<typeof createTestContext>>;
let http: HttpApp;
let line: OrderLine;
let lines: string;

beforeAll(async () => {
  t = await createTestDatabase();
  certs = makeTestCertificates();
  fake = await startFakeBacenPix(certs);
  app = await createTestContext(t);
  const { pix, problems } = readPixConfig(bacenPixEnvironment(fake, certs));
  expect(problems).toEqual([]);
  app.context.config = { ...app.context.config, pix };
  await t.pool.query(`update settings set data = jsonb_set(data, '{pixKey}', '"+5581998765432"') where id = 1`);
  http = await startHttpApp(app.context);
  ({ line, lines } = await orderableLine(t.pool, { stock: 5 }));
}, 120_000);

afterAll(async () => {
  if (http) await chargesSettled();
  await http?.close();
  await app?.close();
  await fake?.close();
  certs?.remove();
  await t?.close();
});

/** The charges the app (its own module instance, loaded by the HTTP app) is making in the background, done. */
async function chargesSettled() {
  const payments = (await http.loadModule("/app/server/payments/order-payment.server.ts")) as { chargesSettled: () => Promise<void> };
  await payments.chargesSettled();
}

let keys = 0;
async function placePixOrder(): Promise<string> {
  const response = await fetch(`${http.origin}/checkout`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...checkoutFormFields(), lines, idempotencyKey: `pix-page-${Date.now()}-${(keys += 1)}` }),
  });
  expect(response.status).toBe(302);
  return new URL(response.headers.get("location")!, http.origin).pathname;
}

const page = (path: string) => fetch(`${http.origin}${path}`).then((response) => response.text());
const stock = async () => (await t.pool.query("select stock from product_variants where product_id = $1 and size = $2 and color = $3", [line.productId, line.size ?? "", line.color ?? ""])).rows[0].stock as number;
async function chargeOf(path: string) {
  const { rows } = await t.pool.query("select c.* from pix_charges c join orders o on o.id = c.order_id where o.public_token = $1 order by c.id desc limit 1", [path.split("/").pop()]);
  return rows[0] as { id: number; txid: string; copy_paste: string } | undefined;
}
/** The order page's data (what the browser's revalidation reads): its payment and WhatsApp link. */
async function pageData(path: string) {
  const response = await fetch(`${http.origin}${path}.data`);
  return response.text();
}
const cobPuts = (txid: string) => fake.requests.filter((request) => request.method === "PUT" && request.path === `/v2/cob/${txid}`).length;
/** As if the page's last look at the provider was a while ago (a visit reads it again every 10 s at most). */
const lookedLongAgo = (chargeId: number) => t.pool.query("update pix_charges set last_checked_at = now() - interval '1 minute' where id = $1", [chargeId]);

describe("a Pix order's page with a provider", () => {
  it("shows the provider's code, then 'Pagamento confirmado' once the provider says it is paid", async () => {
    const path = await placePixOrder();
    await chargesSettled();
    const first = await page(path);
    const charge = await chargeOf(path);
    expect(charge).toBeDefined();
    expect(first).toContain(charge!.copy_paste.replaceAll("&", "&amp;"));
    expect(first).toContain("Aguardando o Pix.");
    expect(first).not.toContain("Pagamento confirmado");

    await fake.pay(charge!.txid);
    await lookedLongAgo(charge!.id);
    const after = await page(path);
    expect(after).toContain("Pagamento confirmado");
    expect(after).not.toContain("PIX copia e cola");
  });

  it("an expired charge gives the units back and offers a new Pix, which takes them again", async () => {
    const before = await stock();
    const path = await placePixOrder();
    await chargesSettled();
    expect(await stock()).toBe(before - 1);
    const charge = await chargeOf(path);
    await t.pool.query("update pix_charges set expires_at = now() - interval '1 minute' where id = $1", [charge!.id]);
    await lookedLongAgo(charge!.id);
    const expired = await page(path);
    expect(expired).toContain("O prazo do Pix acabou");
    expect(expired).toContain("Gerar novo Pix");
    expect(await stock()).toBe(before);

    const renewed = await fetch(`${http.origin}${path}`, { method: "POST", redirect: "manual" });
    expect(renewed.status).toBe(302);
    expect(await stock()).toBe(before - 1);
    const second = await chargeOf(path);
    expect(second!.txid).not.toBe(charge!.txid);
    expect(await page(path)).toContain("Aguardando o Pix.");
  });

  it("with the provider down, the order stands with the static code and a line saying so; a later round makes the charge", async () => {
    fake.down = true;
    let path: string;
    try {
      path = await placePixOrder();
      await chargesSettled();
      const html = await page(path);
      const charge = await chargeOf(path);
      expect(charge).toMatchObject({ status: "creating", copy_paste: "" });
      expect(html).toContain("PIX copia e cola");
      expect(html).toMatch(/0114\+5581998765432/);
      expect(html).toContain("O banco não gerou o Pix deste pedido agora.");
      expect(html).not.toContain("Gerando o código PIX");
    } finally {
      fake.down = false;
    }
    // The poller's round (or a later visit) makes it once the provider is back.
    await t.pool.query("update pix_charges set next_check_at = now() where id = $1", [(await chargeOf(path))!.id]);
    await page(path);
    await chargesSettled();
    const made = await chargeOf(path);
    expect(made).toMatchObject({ status: "active" });
    expect(await page(path)).toContain(made!.copy_paste.replaceAll("&", "&amp;"));
  });

  it("the checkout answers without waiting on a provider that takes 3 s; the page says 'Gerando o código PIX…', then shows the provider's code", async () => {
    fake.delayMs = 3000;
    try {
      const path = await placePixOrder();
      // Answered: the order and its queued charge are committed, the provider has not answered yet.
      const queued = await chargeOf(path);
      expect(queued).toMatchObject({ status: "creating" });
      expect(fake.charges.has(queued!.txid)).toBe(false);
      const waiting = await page(path);
      expect(waiting).toContain("Gerando o código PIX…");
      expect(waiting).not.toContain("PIX copia e cola");
      expect(waiting).not.toMatch(/0114\+5581998765432/);
      // The WhatsApp text, sent as the page opens, says the order waits for the Pix, with no code.
      const links = [...waiting.matchAll(/https:\/\/wa\.me\/[^"]*/g)].map((match) => decodeURIComponent(match[0].replaceAll("&amp;", "&")));
      const whatsapp = links.find((link) => link.includes("Acompanhe o pedido"))!;
      expect(whatsapp).toContain("Aguardando o pagamento por PIX: o código está no link do pedido.");
      expect(whatsapp).not.toContain("PIX copia e cola");

      await chargesSettled();
      const made = await chargeOf(path);
      expect(made).toMatchObject({ status: "active", txid: queued!.txid });
      expect(fake.charges.has(made!.txid)).toBe(true);
      // What the open page's revalidation reads: the provider's code, no "Gerando".
      const data = await pageData(path);
      expect(data).toContain(made!.copy_paste);
      expect(data).not.toContain("Gerando");
      const shown = await page(path);
      expect(shown).toContain("Aguardando o Pix.");
      expect(shown).toContain(made!.copy_paste.replaceAll("&", "&amp;"));
    } finally {
      fake.delayMs = 0;
    }
  });

  it("a queued charge is made once: twenty concurrent drains in this process and a second instance", async () => {
    const order = await insertOrder(t.db, { createdAt: new Date(), items: [{ name: "Tênis", unitPriceCents: 12990, quantity: 1 }] });
    const settings = await getSettings(t.db);
    await t.db.transaction((tx) => checkoutPixCharge(app.context).queue(tx, { id: order.id, totalCents: order.totalCents, paymentMethod: "pix" }, settings));
    const other = connectDatabase(t.url, { max: 5 });
    const details = async () => ({ code: order.code, key: "+5581998765432", shopName: "Loja Erick" });
    fake.delayMs = 200;
    try {
      const pix = app.context.config.pix!;
      const drains = [
        ...Array.from({ length: 20 }, () => createQueuedCharges(t.db, pix, details)),
        ...Array.from({ length: 5 }, () => createQueuedCharges(other.db, pix, details)),
      ];
      const made = (await Promise.all(drains)).flat().filter((charge) => charge.order_id === order.id);
      expect(made).toHaveLength(1);
    } finally {
      fake.delayMs = 0;
      await other.pool.end();
    }
    const { rows } = await t.pool.query("select txid, status from pix_charges where order_id = $1", [order.id]);
    expect(rows).toEqual([{ txid: order.id.replace(/-/g, "") + "01", status: "active" }]);
    expect(cobPuts(rows[0].txid)).toBe(1);
  });

  it("a crash between the checkout's commit and the provider: the next process's round makes the charge, once", async () => {
    const order = await insertOrder(t.db, { createdAt: new Date(), items: [{ name: "Bolsa", unitPriceCents: 7990, quantity: 1 }] });
    const settings = await getSettings(t.db);
    // The order committed with its queued charge; the process that took it died before the provider answered (its lease is still on).
    await t.db.transaction((tx) => checkoutPixCharge(app.context).queue(tx, { id: order.id, totalCents: order.totalCents, paymentMethod: "pix" }, settings));
    await t.pool.query("update pix_charges set next_check_at = now() + interval '20 seconds' where order_id = $1", [order.id]);
    const txid = order.id.replace(/-/g, "") + "01";

    const restarted = startPixWork(app.context, { intervalMs: 60_000 })!;
    try {
      await restarted.stop();
      // The dead process's lease holds: nobody makes it twice while it might still be answering.
      expect((await t.pool.query("select status from pix_charges where txid = $1", [txid])).rows[0].status).toBe("creating");
      // The lease runs out: the next round takes it.
      await t.pool.query("update pix_charges set next_check_at = now() where txid = $1", [txid]);
      const again = startPixWork(app.context, { intervalMs: 60_000 })!;
      await again.stop();
    } finally {
      await restarted.stop();
    }
    const { rows } = await t.pool.query("select status, copy_paste from pix_charges where order_id = $1", [order.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].status).toBe("active");
    expect(rows[0].copy_paste).toBe(fake.charges.get(txid)!.pixCopiaECola);
    expect(cobPuts(txid)).toBe(1);
  });
});
