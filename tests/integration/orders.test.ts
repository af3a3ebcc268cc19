import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders, products } from "#database/schema";
import type { CheckoutInput, OrderLineRequest } from "~/lib/orders/checkout.schema";
import { formatBRL } from "~/lib/format/money";
import { type Settings } from "~/lib/group/settings";
import { DEFAULT_SETTINGS } from "~/lib/group/settings.schema";
import { emailOutbox, stopEmailDelivery } from "~/server/email/email-queue.server";
import type { OutboxEmail } from "~/server/email/send-email.server";
import { loadConfig } from "~/server/config.server";
import { submitCheckout, submitQuickOrder } from "~/server/orders/checkout.server";
import { deliverDueOrderEmails } from "~/server/orders/order-notifications.server";
import { listCustomers } from "~/server/auth/customers.server";
import { orderMessage } from "~/lib/orders/order-message";
import { OrderRejectedError } from "~/server/orders/order-lines.server";
import { placeOrder } from "~/server/orders/order-placing.server";
import { getOrderByToken } from "~/server/orders/order-reading.server";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { CHECKOUT_CUSTOMER } from "../setup/order-fixtures";
import { setVariantStock, variantStock } from "../setup/variant-stock";
import { recordingOutbox } from "../setup/recording-outbox";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ maxConnections: 12 });
});
afterAll(() => t?.close());

async function productNamed(name: string) {
  const [row] = await t.db.select().from(products).where(eq(products.name, name));
  if (!row) throw new Error(`no seeded product ${name}`);
  return row;
}

const customer: CheckoutInput = CHECKOUT_CUSTOMER;

/** A request context whose e-mail sender records what it was asked to send. */
function orderContext() {
  const { emails, sent } = recordingOutbox();
  // The limits have their own file (order-floods.test.ts); here they stay out of the way.
  // The links in the shop's e-mails start with its public origin (PUBLIC_URL here).
  const config = { ...loadConfig({ DATA_DIR: "/tmp/erick-orders-test", PUBLIC_URL: "https://loja.test" }), orderLimits: { perAddress: 1_000, perPhone: 1_000 } };
  return { context: { db: t.db, emails, config }, sent };
}
const submitter = { userId: null, clientAddress: "10.0.0.1" };

/** The checkout form as the page sends it: the customer's details, a fresh key and `lines` (JSON). */
function checkoutForm(lines: string) {
  const form = new FormData();
  for (const [field, value] of Object.entries(customer)) if (value !== undefined) form.set(field, String(value));
  form.set("idempotencyKey", key());
  form.set("lines", lines);
  return form;
}

let keyCounter = 0;
function key() {
  keyCounter += 1;
  return `test-key-${Date.now()}-${keyCounter}-abcdef`;
}

function place(lines: OrderLineRequest[], settings: Settings = DEFAULT_SETTINGS, idempotencyKey = key()) {
  return placeOrder(t.db, settings, { idempotencyKey, lines, customer, userId: null });
}

async function countOrders() {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(orders);
  return row!.n;
}

describe("placeOrder", () => {
  it("prices every line from the database and computes delivery", async () => {
    const tenis = await productNamed("Tênis de Corrida com Amortecimento"); // R$ 299,90
    const { token, created } = await place([{ productId: tenis.id, size: "40", color: "Preto", quantity: 2 }]);
    expect(created).toBe(true);
    const order = await getOrderByToken(t.db, DEFAULT_SETTINGS, token);
    expect(order).not.toBeNull();
    expect(order!.code).toMatch(/^[0-9A-F]{8}$/);
    expect(order!.status).toBe("pending");
    expect(order!.subtotalCents).toBe(59_980);
    // Above the R$ 300 minimum: free delivery in Barreiros.
    expect(order!.delivery.feeCents).toBe(0);
    expect(order!.totalCents).toBe(59_980);
    expect(order!.items).toEqual([
      { name: tenis.name, size: "40", color: "Preto", quantity: 2, unitPriceCents: 29_990, category: "Esportivo" },
    ]);
  });

  it("ignores prices sent by the browser", async () => {
    const chinelo = await productNamed("Chinelo Slide Masculino"); // R$ 39,90
    const form = checkoutForm(JSON.stringify([{ productId: chinelo.id, size: "40", color: "Preto", quantity: 1, priceCents: 1, price: 0.01 }]));
    form.set("subtotal", "1");
    form.set("total", "1");
    const result = await submitCheckout(orderContext().context, form, submitter);
    expect(result.ok).toBe(true);
    const order = await getOrderByToken(t.db, DEFAULT_SETTINGS, (result as { token: string }).token);
    expect(order!.subtotalCents).toBe(3_990);
    // Below the free-shipping minimum: the R$ 5,00 fee.
    expect(order!.totalCents).toBe(3_990 + 500);
  });

  it("refuses unknown, inactive and sold-out products, bad sizes and colours, and too many units, recording nothing", async () => {
    const before = await countOrders();
    const soldOut = await productNamed("Sandália Infantil com Luzinha");
    const derby = await productNamed("Sapato Social Masculino Derby");
    await setVariantStock(t.pool, { productId: derby.id, size: "40", color: "Preto" }, 3);
    await setVariantStock(t.pool, { productId: derby.id, size: "41", color: "Preto" }, 5);
    await setVariantStock(t.pool, { productId: derby.id, size: "42", color: "Preto" }, 0);
    const cases: [OrderLineRequest[], RegExp][] = [
      [[{ productId: 999_999, size: null, color: null, quantity: 1 }], /não está mais disponível/],
      [[{ productId: soldOut.id, size: "25", color: "Rosa", quantity: 1 }], /esgotado/],
      [[{ productId: derby.id, size: "50", color: "Preto", quantity: 1 }], /tamanho/],
      [[{ productId: derby.id, size: "40", color: "Verde", quantity: 1 }], /cor/],
      [[{ productId: derby.id, size: null, color: "Preto", quantity: 1 }], /tamanho/],
      // Stock is per size × colour: the 41's five pairs do not make up for the 40's three.
      [[{ productId: derby.id, size: "40", color: "Preto", quantity: 4 }], /^Temos só 3 unidades de "Sapato Social Masculino Derby" \(Tam\. 40 \/ Preto\)\. Ajuste a quantidade\.$/],
      [
        [
          { productId: derby.id, size: "40", color: "Preto", quantity: 2 },
          { productId: derby.id, size: "41", color: "Preto", quantity: 5 },
          { productId: derby.id, size: "40", color: "Preto", quantity: 2 },
        ],
        /Temos só 3 unidades de .* \(Tam\. 40 \/ Preto\)/,
      ],
      [[{ productId: derby.id, size: "42", color: "Preto", quantity: 1 }], /^"Sapato Social Masculino Derby" \(Tam\. 42 \/ Preto\) está esgotado\.$/],
    ];
    for (const [lines, message] of cases) {
      await expect(place(lines)).rejects.toThrow(OrderRejectedError);
      await expect(place(lines)).rejects.toThrow(message);
    }
    await t.db.update(products).set({ active: false }).where(eq(products.id, derby.id));
    await expect(place([{ productId: derby.id, size: "40", color: "Preto", quantity: 1 }])).rejects.toThrow(/não está mais disponível/);
    await t.db.update(products).set({ active: true }).where(eq(products.id, derby.id));
    expect(await countOrders()).toBe(before);
  });

  it("refuses a payment method the shop turned off and instalments above the maximum", async () => {
    const chinelo = await productNamed("Chinelo Slide Masculino");
    const line = [{ productId: chinelo.id, size: "40", color: "Preto", quantity: 1 }];
    const noPix = { ...DEFAULT_SETTINGS, paymentMethods: { ...DEFAULT_SETTINGS.paymentMethods, pix: false } };
    await expect(place(line, noPix)).rejects.toThrow(/forma de pagamento/);
    await expect(
      placeOrder(t.db, DEFAULT_SETTINGS, {
        idempotencyKey: key(),
        lines: line,
        customer: { ...customer, paymentMethod: "credit", installments: 6 },
        userId: null,
      }),
    ).rejects.toThrow(/até 5x/);
  });

  it("records one order for a double submission, also when both arrive at once", async () => {
    const chinelo = await productNamed("Chinelo Slide Masculino");
    const lines = [{ productId: chinelo.id, size: "41", color: "Preto", quantity: 1 }];
    const sequentialKey = key();
    const first = await place(lines, DEFAULT_SETTINGS, sequentialKey);
    const second = await place(lines, DEFAULT_SETTINGS, sequentialKey);
    expect(second).toEqual({ token: first.token, created: false });

    const concurrentKey = key();
    const results = await Promise.all(Array.from({ length: 5 }, () => place(lines, DEFAULT_SETTINGS, concurrentKey)));
    expect(new Set(results.map((result) => result.token)).size).toBe(1);
    expect(results.filter((result) => result.created)).toHaveLength(1);
    const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(orders).where(eq(orders.idempotencyKey, concurrentKey));
    expect(row!.n).toBe(1);
  });

  it("records every one of many concurrent different orders, each with its items", async () => {
    const before = await countOrders();
    const relogio = await productNamed("Relógio Digital Unissex");
    // Each order holds its unit from the moment it is placed: enough for all ten.
    await setVariantStock(t.pool, { productId: relogio.id, size: null, color: "Prata" }, 100);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => place([{ productId: relogio.id, size: null, color: "Prata", quantity: 1 }])),
    );
    expect(results.every((result) => result.created)).toBe(true);
    expect(await countOrders()).toBe(before + 10);
    const [items] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(sql`${orders.publicToken} in ${results.map((result) => result.token)}`);
    expect(items!.n).toBe(10);
  });

  it("records a quick cart order with 'A combinar' delivery and the consult flag", async () => {
    const bota = await productNamed("Bota Cano Curto Feminina"); // price null
    const { token } = await placeOrder(t.db, DEFAULT_SETTINGS, {
      idempotencyKey: key(),
      lines: [{ productId: bota.id, size: "37", color: "Preto", quantity: 1 }],
      customer: null,
      userId: null,
    });
    const order = await getOrderByToken(t.db, DEFAULT_SETTINGS, token);
    expect(order).toMatchObject({ channel: "cart", hasConsultItems: true, totalCents: 0, delivery: { method: "arrange", feeCents: null } });
  });

  it("gives a PIX code for the exact total when the shop has a key", async () => {
    const chinelo = await productNamed("Chinelo Slide Masculino");
    const settings = { ...DEFAULT_SETTINGS, pixKey: "contato@erick.com.br", pixMerchantName: "Erick Calçados", pixMerchantCity: "Barreiros" };
    const { token } = await place([{ productId: chinelo.id, size: "42", color: "Preto", quantity: 1 }], settings);
    const order = await getOrderByToken(t.db, settings, token);
    expect(order!.pixCode).toContain("540544.90"); // 39,90 + 5,00 delivery
    expect(order!.pixCode).toContain(`0508${order!.code}`);
    expect((await getOrderByToken(t.db, DEFAULT_SETTINGS, token))!.pixCode).toBeNull();
  });

  it("does not find orders by guessed tokens", async () => {
    expect(await getOrderByToken(t.db, DEFAULT_SETTINGS, "1")).toBeNull();
    expect(await getOrderByToken(t.db, DEFAULT_SETTINGS, "AAAAAAAAAAAAAAAAAAAAAA")).toBeNull();
    expect(await getOrderByToken(t.db, DEFAULT_SETTINGS, "../../etc/passwd")).toBeNull();
  });
});

describe("submitCheckout and submitQuickOrder", () => {
  it("returns the spec's messages for an empty checkout form and records nothing", async () => {
    const before = await countOrders();
    const form = new FormData();
    form.set("idempotencyKey", key());
    form.set("lines", "[]");
    const result = await submitCheckout(orderContext().context, form, submitter);
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      errors: {
        name: "Nome é obrigatório",
        phone: "Telefone é obrigatório",
        address: "Endereço é obrigatório",
        number: "Número é obrigatório",
        neighborhood: "Bairro é obrigatório",
        city: "Cidade é obrigatória",
      },
    });
    expect(await countOrders()).toBe(before);
  });

  it("refuses hostile line payloads with a clear message", async () => {
    for (const lines of ["{", "[1,2]", JSON.stringify([{ productId: 1, size: null, color: null, quantity: 1e9 }]), "x".repeat(10)]) {
      const form = new FormData();
      form.set("idempotencyKey", key());
      form.set("lines", lines);
      const result = await submitQuickOrder(orderContext().context, form, submitter);
      expect(result.ok).toBe(false);
      expect((result as { formError: string }).formError).toBeTruthy();
    }
  });
});

describe("new-order e-mail", () => {
  it("a new order from the checkout or the cart tells the shop through the outbox's sender, once per key", async () => {
    // Earlier tests' orders are not this test's: their notices go, and the minute's e-mails start afresh.
    await t.db.execute(sql`delete from staff_notice_outbox`);
    await t.db.execute(sql`delete from rate_limits where key = 'shop|new-order-email'`);
    const chinelo = await productNamed("Chinelo Slide Masculino");
    const lines = JSON.stringify([{ productId: chinelo.id, size: "39", color: "Preto", quantity: 1 }]);
    const checkout = checkoutForm(lines);
    const quickForm = new FormData();
    quickForm.set("idempotencyKey", key());
    quickForm.set("lines", lines);

    const { context, sent } = orderContext();
    const placed = await submitCheckout(context, checkout, submitter);
    const quick = await submitQuickOrder(context, quickForm, submitter);
    // The same submissions again (a double click): no second order, no second e-mail.
    await submitCheckout(context, checkout, submitter);
    await submitQuickOrder(context, quickForm, submitter);
    // The process's sender (called here instead of its loop) finds the two notices written with the orders.
    expect(await deliverDueOrderEmails(context)).toMatchObject({ queued: 2 });
    expect(sent).toHaveLength(2);
    const tokens = [placed, quick].map((result) => (result as { token: string }).token);
    expect(sent.map((mail) => mail.to)).toEqual([DEFAULT_SETTINGS.storeEmail, DEFAULT_SETTINGS.storeEmail]);
    for (const token of tokens) expect(sent.some((mail) => mail.text.includes(`https://loja.test/pedido/${token}`))).toBe(true);
  });

  it("a checkout without an e-mail is recorded, the shop is still told, and the customer is known by the phone", async () => {
    const chinelo = await productNamed("Chinelo Slide Masculino");
    const form = checkoutForm(JSON.stringify([{ productId: chinelo.id, size: "39", color: "Preto", quantity: 1 }]));
    form.delete("email");
    form.set("phone", "(81) 97777-1234");
    form.set("name", "Dona Sem Email");
    // The tests above used up the shop's e-mails of this minute (NEW_ORDER_EMAILS): a fresh minute.
    await t.db.execute(sql`delete from rate_limits where key = 'shop|new-order-email'`);
    await t.db.execute(sql`delete from staff_notice_outbox`);
    const { context, sent } = orderContext();
    const result = await submitCheckout(context, form, submitter);
    expect(result).toMatchObject({ ok: true });
    const order = await getOrderByToken(t.db, DEFAULT_SETTINGS, (result as { token: string }).token);
    expect(order!.customer).toMatchObject({ name: "Dona Sem Email", email: "", phone: "(81) 97777-1234" });
    const text = orderMessage(order!, "https://loja.test/pedido/x");
    expect(text).toContain("Telefone: (81) 97777-1234");
    expect(text).not.toContain("E-mail:");

    expect(await deliverDueOrderEmails(context)).toMatchObject({ queued: 1 });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe(DEFAULT_SETTINGS.storeEmail);
    expect(sent[0]!.text).toContain("(81) 97777-1234");
    expect(sent[0]!.text).not.toMatch(/·\s*$/m);

    const { customers } = await listCustomers(t.db, { q: "Dona Sem Email", page: 1 });
    expect(customers).toMatchObject([{ name: "Dona Sem Email", email: "", phone: "(81) 97777-1234", totalOrders: 1 }]);
  });

  it("queues the shop's e-mail (HTML and text) and the queue writes it to the outbox when there is no SMTP server", async () => {
    const fs = await import("node:fs/promises");
    const os = await import("node:os");
    const path = await import("node:path");
    const { wantsNewOrderEmail } = await import("~/server/orders/order-notifications.server");
    const outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), "erick-outbox-"));
    const chinelo = await productNamed("Chinelo Slide Masculino");
    // Orders hold their units from placing: earlier tests of this file may have taken this size's last ones.
    await setVariantStock(t.pool, { productId: chinelo.id, size: "39", color: "Preto" }, Math.max(10, await variantStock(t.pool, { productId: chinelo.id, size: "39", color: "Preto" })));
    // Earlier tests' orders are not this test's: their notices go.
    await t.db.execute(sql`delete from staff_notice_outbox`);
    const { token } = await place([{ productId: chinelo.id, size: "39", color: "Preto", quantity: 2 }]);
    const [{ id }] = (await t.db.execute<{ id: string }>(sql`select id from orders where public_token = ${token}`)).rows as [{ id: string }];
    expect((await t.db.execute(sql`select order_id from staff_notice_outbox where channel = 'email'`)).rows).toEqual([{ order_id: id }]);
    const order = (await getOrderByToken(t.db, DEFAULT_SETTINGS, token))!;
    expect(wantsNewOrderEmail(DEFAULT_SETTINGS)).toBe(true);
    expect(wantsNewOrderEmail({ ...DEFAULT_SETTINGS, orderNotifications: false })).toBe(false);
    await t.db.execute(sql`delete from rate_limits`);
    try {
      const emails = emailOutbox(t.db, { smtp: null, outboxDir });
      const notify = { db: t.db, emails, config: { publicUrl: "https://loja.test", host: undefined, port: 3000 } };
      // The notice was written with the order; the sender finds it (and drops those of earlier orders announced already).
      expect(await deliverDueOrderEmails(notify)).toMatchObject({ queued: 1 });
      await expect.poll(async () => (await fs.readdir(outboxDir)).length, { timeout: 10_000 }).toBe(1);
      const [file] = await fs.readdir(outboxDir);
      const mail = JSON.parse(await fs.readFile(path.join(outboxDir, file!), "utf8")) as OutboxEmail;
      expect(mail.to).toBe(DEFAULT_SETTINGS.storeEmail);
      expect(mail.subject).toBe(`Novo pedido #${order.code} de ${customer.name} - ${formatBRL(order.totalCents)}`);
      expect(mail.text).toContain(`- 2 x Chinelo Slide Masculino (Tam. 39, Preto): ${formatBRL(chinelo.priceCents! * 2)}`);
      expect(mail.text).not.toContain("*");
      expect(mail.text).toContain(`https://loja.test/admin/pedidos/${id}`);
      expect(mail.html).toContain(`<a href="https://loja.test/admin/pedidos/${id}"`);
      expect(mail.html).toContain("<td style=\"padding:6px 4px;border-bottom:1px solid #e5e7eb;vertical-align:top\">Chinelo Slide Masculino");
      // Sent once: the order is marked e-mailed with the queued message, and the queue row is marked sent.
      expect(await deliverDueOrderEmails(notify)).toEqual({ queued: 0, digest: 0, dropped: 0 });
      const { rows } = await t.db.execute<{ sent: boolean }>(sql`select sent_at is not null as sent from email_queue where subject like ${`%#${order.code} %`}`);
      expect(rows).toEqual([{ sent: true }]);
    } finally {
      await stopEmailDelivery(t.db);
      await fs.rm(outboxDir, { recursive: true, force: true });
    }
  });

});
