// A new order rings the staff's phones: what the server sends to a push service (a loopback one here),
// decrypted with the subscribing browser's own private key, and how the durable queue behaves when the
// push service refuses, fails, or the sender is stopped, or runs twice (two instances on one database).
import { eq, sql } from "drizzle-orm";
import webPush from "web-push";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { pushQueue, pushSubscriptions, users } from "#database/schema";
import { formatBRL } from "~/lib/format/money";
import { DEFAULT_SETTINGS } from "~/lib/group/settings.schema";
import { connectDatabase, type Database } from "~/server/db/database.server";
import { placeOrder } from "~/server/orders/orders.server";
import { deliverDuePushes, startPushDelivery, stopPushDelivery } from "~/server/notifications/push-queue.server";
import { saveSubscription } from "~/server/notifications/push-subscriptions.server";
import { PUSH_TTL_SECONDS, webPushTransport } from "~/server/notifications/web-push.server";
import { createTestContext, signedInUser, type SignedInUser } from "../setup/admin-session";
import { startLoopbackPushService, subscribedBrowser, type LoopbackPushService, type TestBrowser } from "../setup/loopback-push-service";
import { CHECKOUT_CUSTOMER, orderableLine } from "../setup/order-fixtures";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestContext>>;
let service: LoopbackPushService;
const vapid = { ...webPush.generateVAPIDKeys(), subject: "mailto:loja@exemplo.com" };
const transport = webPushTransport(vapid);
let staff: SignedInUser[];
let customer: SignedInUser;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestContext(t);
  service = await startLoopbackPushService();
  staff = [await signedInUser(app.context, "admin"), await signedInUser(app.context, "admin")];
  customer = await signedInUser(app.context, "customer");
}, 120_000);

afterAll(async () => {
  await stopPushDelivery(t.db);
  await service?.close();
  await app?.close();
  await t?.close();
});

beforeEach(async () => {
  await stopPushDelivery(t.db);
  await t.db.delete(pushSubscriptions);
  service.received.length = 0;
  service.delayMs = 0;
});

async function subscribe(user: SignedInUser): Promise<TestBrowser> {
  const browser = subscribedBrowser(service);
  await saveSubscription(t.db, user.id, browser, "Android · Chrome");
  return browser;
}

let keys = 0;
async function placeTestOrder() {
  const { line } = await orderableLine(t.pool);
  const { token } = await placeOrder(t.db, DEFAULT_SETTINGS, { idempotencyKey: `push-test-${Date.now()}-${++keys}-abcdef`, lines: [line], customer: CHECKOUT_CUSTOMER, userId: null });
  const { rows } = await t.pool.query<{ id: string; code: string; total_cents: number }>("select id, code, total_cents from orders where public_token = $1", [token]);
  const { rows: items } = await t.pool.query<{ name: string; shop_name: string }>("select name, shop_name from order_items where order_id = $1", [rows[0]!.id]);
  return { ...rows[0]!, item: items[0]! };
}

/** Waits (a bounded while) until the push service has `count` pushes; the delivery loop runs in the background. */
async function receivedAtLeast(count: number) {
  for (let tries = 0; tries < 200 && service.received.length < count; tries++) await new Promise((resolve) => setTimeout(resolve, 50));
  return service.received;
}

const pending = () => t.db.select().from(pushQueue).where(sql`${pushQueue.sentAt} is null`);

describe("a new order", () => {
  it("sends every staff device one push, signed with VAPID, urgent, with a TTL, that the device decrypts into the order's notice", async () => {
    const phones = [await subscribe(staff[0]!), await subscribe(staff[0]!), await subscribe(staff[1]!)];
    // A shopper's subscription (never made through the admin, but rows can be anything): not staff, no push.
    await subscribe(customer);
    startPushDelivery(t.db, transport);
    const order = await placeTestOrder();
    const pushes = await receivedAtLeast(3);
    await stopPushDelivery(t.db);

    expect(pushes.map((push) => push.endpoint).sort()).toEqual(phones.map((phone) => phone.endpoint).sort());
    for (const push of pushes) {
      expect(push.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${vapid.publicKey}$`));
      expect(push.headers.urgency).toBe("high");
      expect(push.headers.ttl).toBe(String(PUSH_TTL_SECONDS));
      expect(push.headers["content-encoding"]).toBe("aes128gcm");
      const phone = phones.find((candidate) => candidate.endpoint === push.endpoint)!;
      const notice = phone.decrypt(push.body) as { title: string; body: string; tag: string; url: string };
      expect(notice).toEqual({
        title: `Pedido #${order.code} – ${formatBRL(order.total_cents)}`,
        body: expect.stringContaining(`1× ${order.item.name}`) as unknown as string,
        tag: `pedido-${order.code}`,
        url: `/admin/pedidos/${order.id}`,
      });
      expect(notice.body.split("\n")[0]).toBe(order.item.shop_name);
      // Nothing about the shopper on a lock screen.
      for (const personal of [CHECKOUT_CUSTOMER.name, CHECKOUT_CUSTOMER.phone, CHECKOUT_CUSTOMER.address, CHECKOUT_CUSTOMER.email]) expect(notice.body).not.toContain(personal);
    }
    const [device] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, phones[0]!.endpoint));
    expect(device!.lastSuccessAt).toBeInstanceOf(Date);
    expect(await pending()).toEqual([]);
  });

  it("deletes a subscription the push service says is gone (410), and retries one that failed (500)", async () => {
    const gone = await subscribe(staff[0]!);
    const failing = await subscribe(staff[1]!);
    service.answer(gone.endpoint, 410);
    service.answer(failing.endpoint, 500);
    await placeTestOrder();
    expect(await deliverDuePushes(t.db, transport)).toEqual({ sent: 0, failed: 1, gone: 1, dropped: 0 });
    expect((await t.db.select().from(pushSubscriptions)).map((row) => row.endpoint)).toEqual([failing.endpoint]);

    const [retry] = await pending();
    expect(retry).toMatchObject({ attempts: 1, lastError: expect.stringContaining("500") as unknown as string });
    // Not before its backoff…
    expect(await deliverDuePushes(t.db, transport)).toEqual({ sent: 0, failed: 0, gone: 0, dropped: 0 });
    // …and once it is due, with the push service back, it goes.
    service.answer(failing.endpoint, 201);
    await t.db.update(pushQueue).set({ nextAttemptAt: new Date() }).where(eq(pushQueue.id, retry!.id));
    expect(await deliverDuePushes(t.db, transport)).toEqual({ sent: 1, failed: 0, gone: 0, dropped: 0 });
    expect(service.received.filter((push) => push.endpoint === failing.endpoint)).toHaveLength(2);
    expect(await pending()).toEqual([]);
  });

  it("placed while no sender runs (the app is down) is sent when one starts", async () => {
    const phone = await subscribe(staff[0]!);
    const order = await placeTestOrder();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(service.received).toEqual([]);
    expect(await pending()).toHaveLength(1);

    startPushDelivery(t.db, transport);
    const [push] = await receivedAtLeast(1);
    await stopPushDelivery(t.db);
    expect(phone.decrypt(push!.body)).toMatchObject({ tag: `pedido-${order.code}` });
  });

  it("is sent once when two instances deliver from the same database at the same moment", async () => {
    const phones = [await subscribe(staff[0]!), await subscribe(staff[1]!)];
    const orders = [];
    for (let i = 0; i < 6; i++) orders.push(await placeTestOrder());
    const other = connectDatabase(t.url, { max: 2 });
    try {
      service.delayMs = 20;
      const [first, second] = await Promise.all([deliverDuePushes(t.db, transport, { batch: 2 }), deliverDuePushes(other.db as Database, transport, { batch: 2 })]);
      expect(first.sent + second.sent).toBe(12);
      // Both took part, and neither sent what the other did.
      expect(first.sent).toBeGreaterThan(0);
      expect(second.sent).toBeGreaterThan(0);
    } finally {
      await other.pool.end();
    }
    const sent = service.received.map((push) => `${push.endpoint} ${(phones.find((phone) => phone.endpoint === push.endpoint)!.decrypt(push.body) as { tag: string }).tag}`);
    expect(new Set(sent).size).toBe(12);
    expect(sent).toHaveLength(12);
  });

  it("is not sent to a staff member who lost the admin role since it was queued", async () => {
    const demoted = await signedInUser(app.context, "admin");
    await subscribe(demoted);
    const kept = await subscribe(staff[0]!);
    await placeTestOrder();
    await t.db.update(users).set({ role: "customer" }).where(eq(users.id, demoted.id));
    expect(await deliverDuePushes(t.db, transport)).toEqual({ sent: 1, failed: 0, gone: 0, dropped: 1 });
    expect(service.received.map((push) => push.endpoint)).toEqual([kept.endpoint]);
  });
});
