// A new order rings the staff's phones: what the server sends to a push service (a loopback one here),
// decrypted with the subscribing browser's own private key, and how the durable queue behaves when the
// push service refuses, fails, or the sender is stopped, or runs twice (two instances on one database).
import net from "node:net";
import { eq, sql } from "drizzle-orm";
import webPush from "web-push";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { pushQueue, pushSubscriptions, users } from "#database/schema";
import { formatBRL } from "~/lib/format/money";
import { DEFAULT_SETTINGS } from "~/lib/group/settings.schema";
import { connectDatabase, type Database } from "~/server/db/database.server";
import { placeOrder } from "~/server/orders/order-placing.server";
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
// The tests' push service is on loopback, which the shop refuses unless told (tests only).
const transport = webPushTransport(vapid, { policy: { allowLoopback: true } });
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
      // Together exactly the twelve: a sender now takes every due push in one round (sent concurrently), so
      // which of the two took them is a race; that neither sent what the other did is checked below.
      expect(first.sent + second.sent).toBe(12);
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
    await t.db.update(users).set({ role: "customer", staffRole: null }).where(eq(users.id, demoted.id));
    expect(await deliverDuePushes(t.db, transport)).toEqual({ sent: 1, failed: 0, gone: 0, dropped: 1 });
    expect(service.received.map((push) => push.endpoint)).toEqual([kept.endpoint]);
  });
});

describe("a slow push service", () => {
  it("never delays another device: a healthy phone gets all five orders' notices while 20 devices' push service has not answered one", async () => {
    const slow = await startLoopbackPushService();
    slow.hold = true;
    try {
      // 20 devices over two accounts, whose push service takes its time, and a clerk's phone whose service answers at once.
      for (let i = 0; i < 20; i++) await saveSubscription(t.db, staff[i % 2]!.id, subscribedBrowser(slow), "Android · Chrome");
      const healthy = await subscribe(await signedInUser(app.context, "admin"));
      // Long enough that no send times out here: the notices must get through while the slow ones wait.
      startPushDelivery(t.db, webPushTransport(vapid, { policy: { allowLoopback: true }, timeoutMs: 120_000 }));
      const orders = [];
      for (let i = 0; i < 5; i++) orders.push(await placeTestOrder());
      const pushes = await receivedAtLeast(5);
      expect(pushes.map((push) => (healthy.decrypt(push.body) as { tag: string }).tag).sort()).toEqual(orders.map((order) => `pedido-${order.code}`).sort());
      expect(slow.answered).toBe(0);
      expect(slow.received.length).toBeGreaterThan(0);
      slow.release();
      for (let tries = 0; tries < 200 && (await pending()).length > 0; tries++) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await pending()).toEqual([]);
      expect(slow.received).toHaveLength(100);
    } finally {
      await stopPushDelivery(t.db);
      slow.release();
      await slow.close();
    }
  }, 120_000);
});

describe("a subscription that points at this machine", () => {
  it("is never sent to, however it spells the address, and is deleted; listeners on loopback hear nothing", async () => {
    const connections: string[] = [];
    const listeners = await Promise.all(
      ["127.0.0.1", "::1"].map(
        (host) =>
          new Promise<net.Server>((resolve, reject) => {
            const listener = net.createServer((socket) => {
              connections.push(`${host}:${(listener.address() as net.AddressInfo).port}`);
              socket.destroy();
            });
            listener.once("error", reject);
            listener.listen(0, host, () => resolve(listener));
          }),
      ),
    );
    const [v4, v6] = listeners.map((listener) => (listener.address() as net.AddressInfo).port);
    const keys = subscribedBrowser(service);
    const endpoints = [
      `https://127.0.0.1:${v4}/push/a`,
      `http://127.0.0.1:${v4}/push/b`,
      `https://[::1]:${v6}/push/c`,
      `https://0x7f000001:${v4}/push/d`,
      `https://2130706433:${v4}/push/e`,
      `https://[::ffff:127.0.0.1]:${v4}/push/f`,
      `https://usuario:senha@127.0.0.1:${v4}/push/g`,
      `https://localhost:${v4}/push/h`,
      // A name (stubbed below) that resolves to loopback when the push is sent.
      `https://push.exemplo.com:${v4}/push/i`,
    ];
    try {
      for (const endpoint of endpoints) await saveSubscription(t.db, staff[0]!.id, { ...keys, endpoint }, "Android · Chrome");
      await placeTestOrder();
      // The shop's own transport, as connectServices makes it (no loopback), with a resolver that says loopback.
      const shopTransport = webPushTransport(vapid, { policy: { resolve: async () => [{ address: "127.0.0.1", family: 4 }] } });
      expect(await deliverDuePushes(t.db, shopTransport)).toEqual({ sent: 0, failed: 0, gone: endpoints.length, dropped: 0 });
      expect(connections).toEqual([]);
      expect(await t.db.select().from(pushSubscriptions)).toEqual([]);
    } finally {
      await Promise.all(listeners.map((listener) => new Promise((resolve) => listener.close(resolve))));
    }
  });

  it("between the check and the connection: the address the connection resolves is checked too", async () => {
    const connections: number[] = [];
    const listener = net.createServer((socket) => {
      connections.push(1);
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
    const port = (listener.address() as net.AddressInfo).port;
    try {
      // The first answer (the check) is a public address; the second (the connection's) is loopback.
      let lookups = 0;
      const rebinding = async () => [{ address: (lookups += 1) === 1 ? "142.250.78.10" : "127.0.0.1", family: 4 }];
      await saveSubscription(t.db, staff[0]!.id, { ...subscribedBrowser(service), endpoint: `https://push.exemplo.com:${port}/push/rebind` }, "Android · Chrome");
      await placeTestOrder();
      expect(await deliverDuePushes(t.db, webPushTransport(vapid, { policy: { resolve: rebinding } }))).toMatchObject({ sent: 0 });
      expect(lookups).toBeGreaterThanOrEqual(2);
      expect(connections).toEqual([]);
    } finally {
      await new Promise((resolve) => listener.close(resolve));
    }
  });
});

describe("devices per account", () => {
  it("one order queues at most the 10 newest devices of each staff account, however many are stored", async () => {
    const browser = subscribedBrowser(service);
    await t.pool.query(
      `insert into push_subscriptions (user_id, endpoint, p256dh, auth, device_label)
       select $1, $2 || '/push/many-' || n, $3, $4, 'Android · Chrome' from generate_series(1, 2000) n`,
      [staff[0]!.id, service.origin, browser.p256dh, browser.auth],
    );
    await subscribe(staff[1]!);
    await placeTestOrder();
    const { rows } = await t.pool.query<{ user_id: string; queued: number }>(
      "select s.user_id, count(*)::int as queued from push_queue q join push_subscriptions s on s.id = q.subscription_id where q.sent_at is null group by s.user_id",
    );
    expect(Object.fromEntries(rows.map((row) => [row.user_id, row.queued]))).toEqual({ [staff[0]!.id]: 10, [staff[1]!.id]: 1 });
    await t.pool.query("delete from push_queue");
  });
});
