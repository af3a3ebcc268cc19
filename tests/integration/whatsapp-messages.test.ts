// The shop's own WhatsApp messages (issue 54) through the real app and PostgreSQL, with a local fake
// of Meta's Graph API over real HTTP and Meta's webhook calls signed with the app secret: sent once per
// order and status, its state shown in the order window, retried when Meta is down, never after a
// permanent error, and nothing at all without the shopper's consent or with the shop's switch off.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AdminOrderPageData } from "~/lib/orders/admin-orders";
import { DEFAULT_SETTINGS } from "~/lib/group/settings.schema";
import { loader as orderLoader } from "~/routes/admin/order";
import { loader as dashboardLoader } from "~/routes/admin/dashboard";
import { action as settingsAction, loader as settingsLoader } from "~/routes/admin/settings";
import type { LoadContext } from "~/server/load-context.server";
import type { SettingsPage } from "~/server/group/settings-admin.server";
import { setOrderStatus } from "~/server/orders/admin-order-changes.server";
import { placeOrder } from "~/server/orders/order-placing.server";
import { deliverDueWhatsAppMessages } from "~/server/orders/whatsapp-messages.server";
import { processWhatsAppInbox } from "~/server/orders/whatsapp-webhook.server";
import { createTestContext, requestAs, signedInUser, type SignedInUser, TEST_ACTOR } from "../setup/admin-session";
import { startFakeWhatsApp, type FakeWhatsApp } from "../setup/fake-whatsapp";
import { startHttpApp, type HttpApp } from "../setup/http-app";
import { CHECKOUT_CUSTOMER, checkoutFormFields, orderableLine, type OrderLine } from "../setup/order-fixtures";
import { settingsForm } from "../setup/settings-fixtures";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestContext>>;
let context: LoadContext;
let fake: FakeWhatsApp;
let http: HttpApp;
let admin: SignedInUser;
let line: OrderLine;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestContext(t);
  fake = await startFakeWhatsApp();
  app.context.config = { ...app.context.config, whatsapp: fake.config, orderLimits: { perAddress: 10_000, perPhone: 10_000 } };
  context = app.context;
  http = await startHttpApp(context);
  admin = await signedInUser(context, "admin");
  ({ line } = await orderableLine(t.pool));
}, 90_000);

afterAll(async () => {
  await http?.close();
  await fake?.close();
  await app?.close();
  await t?.close();
});

beforeEach(() => {
  fake.mode = "answering";
});

let keys = 0;
/** The checkout as the page posts it, through the real HTTP app; the new order's id. */
async function checkout({ phone, consent }: { phone: string; consent: boolean }): Promise<string> {
  const idempotencyKey = `whatsapp-test-key-${(keys += 1)}-${Date.now()}`;
  const response = await fetch(`${http.origin}/checkout`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: http.origin, "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...checkoutFormFields(), phone, lines: JSON.stringify([line]), idempotencyKey, ...(consent ? { whatsappConsent: "on" } : {}) }),
  });
  await response.text();
  expect(response.status).toBeLessThan(400);
  const { rows } = await t.pool.query<{ id: string }>("select id from orders where idempotency_key = $1", [idempotencyKey]);
  expect(rows).toHaveLength(1);
  return rows[0]!.id;
}

async function messages(orderId: string) {
  const { rows } = await t.pool.query<{ topic: string; state: string; wamid: string | null; attempts: number; error_code: number | null }>(
    "select topic, state, wamid, attempts, error_code from whatsapp_messages where order_id = $1 order by id",
    [orderId],
  );
  return rows;
}

async function orderWindow(orderId: string): Promise<AdminOrderPageData> {
  const loader = orderLoader as unknown as (args: { request: Request; context: LoadContext; params: Record<string, string> }) => Promise<AdminOrderPageData>;
  return loader({ request: requestAs(admin, `/admin/pedidos/${orderId}`), context, params: { id: orderId } });
}

async function changeStatusOverHttp(orderId: string, status: string): Promise<number> {
  const response = await fetch(`${http.origin}/admin/pedidos/${orderId}`, {
    method: "POST",
    headers: { cookie: admin.cookie, origin: http.origin, "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ status, ...(status === "cancelled" ? { confirmCancel: "on" } : {}) }),
  });
  await response.text();
  return response.status;
}

const sendsFor = (code: string) => fake.sends.filter((send) => send.parameters.includes(code));
const codeOf = (orderId: string) => orderId.slice(0, 8).toUpperCase();
/** What the retries' clock would bring: every queued message due now. */
const timePasses = () => t.pool.query("update whatsapp_messages set next_attempt_at = now() where state = 'queued'");

async function setSwitch(on: boolean) {
  const loader = settingsLoader as unknown as (args: { request: Request; context: LoadContext; params: object }) => Promise<SettingsPage>;
  const action = settingsAction as unknown as (args: { request: Request; context: LoadContext; params: object }) => Promise<unknown>;
  const page = await loader({ request: requestAs(admin, "/admin/configuracoes"), context, params: {} });
  const result = await action({ request: requestAs(admin, "/admin/configuracoes", { form: settingsForm(page, { whatsappNotifications: on ? "on" : null }) }), context, params: {} });
  const saved = (result as { data?: { ok?: boolean } }).data ?? (result as { ok?: boolean });
  expect(saved).toMatchObject({ ok: true });
}

describe("a consenting shopper's messages", () => {
  it("sends 'pedido recebido' once after the checkout, then shows delivered and read from Meta's signed calls, a late 'sent' never undoing 'read'", async () => {
    const orderId = await checkout({ phone: "(81) 99999-1001", consent: true });
    expect(await messages(orderId)).toMatchObject([{ topic: "pending", state: "queued" }]);

    await deliverDueWhatsAppMessages(context);
    await deliverDueWhatsAppMessages(context);
    const sent = sendsFor(codeOf(orderId));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: "5581999991001", template: "pedido_recebido", language: "pt_BR", authorization: `Bearer ${fake.config.token}` });
    const { rows: tokens } = await t.pool.query<{ public_token: string }>("select public_token from orders where id = $1", [orderId]);
    expect(sent[0]!.parameters).toEqual(["Maria", codeOf(orderId), `http://localhost:3999/pedido/${tokens[0]!.public_token}`]);
    const [message] = await messages(orderId);
    expect(message).toMatchObject({ state: "accepted", wamid: sent[0]!.wamid });
    expect((await orderWindow(orderId)).whatsappMessages).toMatchObject([{ label: "Pedido recebido", stateLabel: "Enviada" }]);

    const at = Math.floor(Date.now() / 1000);
    for (const [status, seconds] of [["sent", at], ["delivered", at + 5], ["read", at + 60]] as const) {
      const response = await fake.webhook(http.origin, fake.statusCall(message!.wamid!, status, { timestamp: seconds }));
      expect(response.status).toBe(200);
    }
    // Acknowledged at once, read from the queue.
    expect((await messages(orderId))[0]!.state).toBe("accepted");
    await processWhatsAppInbox(t.db);
    expect((await messages(orderId))[0]!.state).toBe("read");

    expect((await fake.webhook(http.origin, fake.statusCall(message!.wamid!, "sent", { timestamp: at + 1 }))).status).toBe(200);
    expect((await fake.webhook(http.origin, fake.statusCall(message!.wamid!, "delivered", { timestamp: at + 2 }))).status).toBe(200);
    await processWhatsAppInbox(t.db);
    const window = await orderWindow(orderId);
    expect(window.whatsappMessages).toMatchObject([{ topic: "pending", state: "read", stateLabel: "Lida", reason: null }]);
    // A message on its way: no manual link for this status.
    expect(window.whatsappUrl).toBeNull();
  });

  it("shows a 131026 failure in pt-BR with the manual link, and never sends it again", async () => {
    const orderId = await checkout({ phone: "(81) 99999-1002", consent: true });
    await deliverDueWhatsAppMessages(context);
    const [message] = await messages(orderId);
    expect((await fake.webhook(http.origin, fake.statusCall(message!.wamid!, "failed", { errorCode: 131026 }))).status).toBe(200);
    await processWhatsAppInbox(t.db);
    await timePasses();
    await deliverDueWhatsAppMessages(context);
    expect(sendsFor(codeOf(orderId))).toHaveLength(1);
    const window = await orderWindow(orderId);
    expect(window.whatsappMessages).toMatchObject([{ state: "failed", stateLabel: "Falhou", reason: "número sem WhatsApp (ou que não pode receber a mensagem)" }]);
    expect(window.whatsappUrl).toMatch(/^https:\/\/wa\.me\/5581999991002\?text=/);
  });

  it("gives up at once when the API itself answers 131026 (permanent), and shows why", async () => {
    const orderId = await checkout({ phone: "(81) 99999-1003", consent: true });
    fake.mode = "no-whatsapp";
    await deliverDueWhatsAppMessages(context);
    fake.mode = "answering";
    await timePasses();
    await deliverDueWhatsAppMessages(context);
    expect(sendsFor(codeOf(orderId))).toHaveLength(1);
    expect(await messages(orderId)).toMatchObject([{ state: "failed", error_code: 131026, attempts: 1 }]);
    expect((await orderWindow(orderId)).whatsappUrl).not.toBeNull();
  });

  it("places the order while the API is down, and sends the message once it is back; a rate limit (130429) waits too", async () => {
    fake.mode = "down";
    const orderId = await checkout({ phone: "(81) 99999-1004", consent: true });
    await deliverDueWhatsAppMessages(context);
    expect(await messages(orderId)).toMatchObject([{ state: "queued", attempts: 1 }]);
    const { rows } = await t.pool.query<{ later: boolean }>("select next_attempt_at > now() + interval '20 seconds' as later from whatsapp_messages where order_id = $1", [orderId]);
    expect(rows[0]!.later).toBe(true);
    // Not yet due: nothing is tried.
    await deliverDueWhatsAppMessages(context);
    expect(sendsFor(codeOf(orderId))).toHaveLength(1);

    fake.mode = "rate-limited";
    await timePasses();
    await deliverDueWhatsAppMessages(context);
    expect(await messages(orderId)).toMatchObject([{ state: "queued", attempts: 2, error_code: 130429 }]);

    fake.mode = "answering";
    await timePasses();
    await deliverDueWhatsAppMessages(context);
    await timePasses();
    await deliverDueWhatsAppMessages(context);
    const sends = sendsFor(codeOf(orderId));
    expect(sends.map((send) => send.wamid !== null)).toEqual([false, false, true]);
    expect(await messages(orderId)).toMatchObject([{ state: "accepted", wamid: sends[2]!.wamid }]);
  });
});

describe("the dashboard", () => {
  it("counts the messages that failed (the two 131026 above)", async () => {
    const loader = dashboardLoader as unknown as (args: { request: Request; context: LoadContext; params: object }) => Promise<{ whatsappFailures: number }>;
    const page = await loader({ request: requestAs(admin, "/admin"), context, params: {} });
    expect(page.whatsappFailures).toBe(2);
  });
});

describe("once per order and status", () => {
  it("20 concurrent changes to 'Enviado' through the app, and 5 senders at once, send one message", async () => {
    const orderId = await checkout({ phone: "(81) 99999-1005", consent: true });
    await deliverDueWhatsAppMessages(context);
    const statuses = await Promise.all(Array.from({ length: 20 }, () => changeStatusOverHttp(orderId, "shipped")));
    expect(statuses.every((status) => status === 200)).toBe(true);
    await Promise.all(Array.from({ length: 5 }, () => deliverDueWhatsAppMessages(context)));
    await timePasses();
    await Promise.all(Array.from({ length: 5 }, () => deliverDueWhatsAppMessages(context)));
    const shipped = sendsFor(codeOf(orderId)).filter((send) => send.template === "pedido_enviado");
    expect(shipped).toHaveLength(1);
    expect(shipped[0]!.parameters).toEqual(["Maria", codeOf(orderId), "ainda sem código de rastreio", expect.stringContaining("/pedido/")]);
    expect((await messages(orderId)).map((row) => row.topic)).toEqual(["pending", "shipped"]);
  });

  it("20 orders changed at once, with senders racing: one message each", async () => {
    const ids: string[] = [];
    for (let index = 0; index < 20; index += 1) {
      const { token } = await placeOrder(t.db, DEFAULT_SETTINGS, {
        idempotencyKey: `whatsapp-many-${index}-${Date.now()}`,
        lines: [line],
        customer: { ...CHECKOUT_CUSTOMER, phone: `(81) 98888-${String(1000 + index)}`, whatsappConsent: true },
        userId: null,
      });
      const { rows } = await t.pool.query<{ id: string }>("select id from orders where public_token = $1", [token]);
      ids.push(rows[0]!.id);
    }
    await Promise.all([
      ...ids.flatMap((id) => [setOrderStatus(t.db, id, "cancelled", TEST_ACTOR), setOrderStatus(t.db, id, "cancelled", TEST_ACTOR)]),
      deliverDueWhatsAppMessages(context),
      deliverDueWhatsAppMessages(context),
    ]);
    await Promise.all(Array.from({ length: 5 }, () => deliverDueWhatsAppMessages(context)));
    for (const id of ids) {
      expect(sendsFor(codeOf(id)).map((send) => send.template).sort()).toEqual(["pedido_cancelado", "pedido_recebido"]);
    }
  });
});

describe("no message without the shop's switch or the shopper's consent", () => {
  it("sends nothing to a shopper who did not tick the box, and the clerk keeps the manual link", async () => {
    const orderId = await checkout({ phone: "(81) 99999-1006", consent: false });
    expect(await changeStatusOverHttp(orderId, "shipped")).toBe(200);
    await deliverDueWhatsAppMessages(context);
    expect(await messages(orderId)).toEqual([]);
    expect(sendsFor(codeOf(orderId))).toHaveLength(0);
    expect((await orderWindow(orderId)).whatsappUrl).toMatch(/^https:\/\/wa\.me\/5581999991006/);
  });

  it("sends nothing while the switch is off (the change audited), and offers no manual link either", async () => {
    await setSwitch(false);
    try {
      const { rows: audit } = await t.pool.query("select before, after from audit_log where entity_type = 'settings' order by id desc limit 1");
      expect(JSON.stringify(audit[0])).toContain("whatsappNotifications");
      const orderId = await checkout({ phone: "(81) 99999-1007", consent: true });
      await deliverDueWhatsAppMessages(context);
      expect(sendsFor(codeOf(orderId))).toHaveLength(0);
      expect(await messages(orderId)).toMatchObject([{ state: "skipped" }]);
      expect((await orderWindow(orderId)).whatsappUrl).toBeNull();
    } finally {
      await setSwitch(true);
    }
  });

  it("without WHATSAPP_* the clerk's manual link is today's, and the switch decides whether it is offered", async () => {
    const orderId = await checkout({ phone: "(81) 99999-1008", consent: false });
    const configured = context.config.whatsapp;
    context.config.whatsapp = null;
    try {
      expect((await orderWindow(orderId)).whatsappUrl).toMatch(/^https:\/\/wa\.me\//);
      await setSwitch(false);
      expect((await orderWindow(orderId)).whatsappUrl).toBeNull();
    } finally {
      await setSwitch(true);
      context.config.whatsapp = configured;
    }
  });

  it("turns the messages off for a phone that answers PARAR, until she ticks the box again", async () => {
    const orderId = await checkout({ phone: "(81) 99999-1009", consent: true });
    await deliverDueWhatsAppMessages(context);
    expect((await fake.webhook(http.origin, fake.inboundCall("5581999991009", "Parar"))).status).toBe(200);
    await processWhatsAppInbox(t.db);
    expect(await changeStatusOverHttp(orderId, "shipped")).toBe(200);
    await deliverDueWhatsAppMessages(context);
    expect(sendsFor(codeOf(orderId)).map((send) => send.template)).toEqual(["pedido_recebido"]);
    const { rows } = await t.pool.query("select whatsapp_consent from orders where id = $1", [orderId]);
    expect(rows[0].whatsapp_consent).toBe(false);

    const again = await checkout({ phone: "(81) 99999-1009", consent: true });
    await deliverDueWhatsAppMessages(context);
    expect(sendsFor(codeOf(again)).map((send) => send.template)).toEqual(["pedido_recebido"]);
  });
});

describe("the webhook", () => {
  it("answers Meta's handshake only with the shop's verify token", async () => {
    const ask = (token: string) => fetch(`${http.origin}/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`);
    const right = await ask(fake.config.verifyToken);
    expect([right.status, await right.text()]).toEqual([200, "1158201444"]);
    const wrong = await ask("outro-token-qualquer-123");
    expect(wrong.status).toBe(403);
    expect(await wrong.text()).not.toContain("1158201444");
  });

  it("refuses a forged or unsigned call with 401 and records nothing; a replay is kept once; no body gets a 500", async () => {
    const orderId = await checkout({ phone: "(81) 99999-1010", consent: true });
    await deliverDueWhatsAppMessages(context);
    const [message] = await messages(orderId);
    const inbox = async () => Number((await t.pool.query("select count(*)::int as n from whatsapp_webhook_inbox")).rows[0].n);
    const before = await inbox();

    const forged = await fake.webhook(http.origin, fake.statusCall(message!.wamid!, "read"), { secret: "segredo-de-outra-pessoa" });
    const unsigned = await fake.webhook(http.origin, fake.statusCall(message!.wamid!, "read"), { signature: null });
    const garbled = await fake.webhook(http.origin, fake.statusCall(message!.wamid!, "read"), { signature: "sha256=abc" });
    expect([forged.status, unsigned.status, garbled.status]).toEqual([401, 401, 401]);
    await processWhatsAppInbox(t.db);
    expect(await inbox()).toBe(before);
    expect((await messages(orderId))[0]!.state).toBe("accepted");

    const call = fake.statusCall(message!.wamid!, "delivered");
    expect((await fake.webhook(http.origin, call)).status).toBe(200);
    expect((await fake.webhook(http.origin, call)).status).toBe(200);
    expect(await inbox()).toBe(before + 1);

    const odd = ["not json", "null", "[]", '{"entry":"x"}', JSON.stringify(fake.statusCall(message!.wamid!, "sent", { timestamp: 1e20 })), '{"entry":[{"changes":[{"value":{"statuses":[null,1,{"id":5,"status":"read"}],"messages":[{"from":null}]}}]}]}'];
    for (const body of odd) expect((await fake.webhook(http.origin, body)).status).toBe(200);
    // A status for a message the shop never sent names no row.
    expect((await fake.webhook(http.origin, fake.statusCall("wamid.DESCONHECIDO", "read"))).status).toBe(200);
    const huge = await fake.webhook(http.origin, JSON.stringify({ padding: "x".repeat(600 * 1024) }));
    expect(huge.status).toBe(413);
    await processWhatsAppInbox(t.db);
    expect((await messages(orderId))[0]!.state).toBe("delivered");
  });
});
