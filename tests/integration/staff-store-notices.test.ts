// Issue 42, staff who see only their part: what reaches staff without their asking (the new-order and
// Pix pushes to their phones, the admin's live order events) reaches a Vendedor only for the orders of
// their store, and Dono and Gerente for every order. Against a real PostgreSQL, with a loopback push
// service, two senders or two LISTEN hubs standing for two app instances.
import { eq } from "drizzle-orm";
import pg from "pg";
import webPush from "web-push";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { pushSubscriptions, users } from "#database/schema";
import { DEFAULT_SETTINGS } from "~/lib/group/settings.schema";
import { loader as eventsLoader } from "~/routes/admin/order-events";
import { connectDatabase, type Database } from "~/server/db/database.server";
import type { LoadContext } from "~/server/load-context.server";
import { deliverDuePushes } from "~/server/notifications/push-queue.server";
import { saveSubscription } from "~/server/notifications/push-subscriptions.server";
import { webPushTransport } from "~/server/notifications/web-push.server";
import { OrderEventHub, orderEventHub, orderEventStream } from "~/server/orders/order-events.server";
import { placeOrder } from "~/server/orders/order-placing.server";
import { moveOrderToStore } from "~/server/orders/order-store.server";
import { createTestContext, requestAs, signedInUser, type SignedInUser } from "../setup/admin-session";
import { startLoopbackPushService, subscribedBrowser, type LoopbackPushService, type TestBrowser } from "../setup/loopback-push-service";
import { CHECKOUT_CUSTOMER } from "../setup/order-fixtures";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestContext>>;
let service: LoopbackPushService;
const vapid = { ...webPush.generateVAPIDKeys(), subject: "mailto:loja@exemplo.com" };
const transport = webPushTransport(vapid, { policy: { allowLoopback: true } });
type Store = { id: number; name: string };
let storeA: Store, storeB: Store;
let dono: SignedInUser, gerente: SignedInUser, vendedorA: SignedInUser, vendedorB: SignedInUser;
let line: { productId: number; size: string | null; color: string | null; quantity: number };

beforeAll(async () => {
  t = await createTestDatabase({ maxConnections: 12 });
  app = await createTestContext(t);
  service = await startLoopbackPushService();
  const stores = (await t.pool.query<Store>("select id, name from store_locations order by position, id")).rows;
  [storeA, storeB] = stores as [Store, Store];
  [dono, gerente, vendedorA, vendedorB] = [
    await signedInUser(app.context, "admin"),
    await signedInUser(app.context, "admin", { staffRole: "gerente" }),
    await signedInUser(app.context, "admin", { staffRole: "vendedor", storeId: storeA.id }),
    await signedInUser(app.context, "admin", { staffRole: "vendedor", storeId: storeB.id }),
  ];
  // One priced product with plenty of units at both stores: a pick-up order is served by the store chosen.
  const { rows } = await t.pool.query<{ product_id: number; variant_id: number; size: string; color: string }>(
    `select p.id as product_id, v.id as variant_id, v.size, v.color from products p join product_variants v on v.product_id = p.id
     where p.active and p.price_cents is not null order by p.id, v.id limit 1`,
  );
  const variant = rows[0]!;
  line = { productId: variant.product_id, size: variant.size || null, color: variant.color || null, quantity: 1 };
  await t.pool.query(
    `insert into variant_stock (variant_id, store_location_id, units) values ($1, $2, 10000), ($1, $3, 10000)
     on conflict (variant_id, store_location_id) do update set units = excluded.units`,
    [variant.variant_id, storeA.id, storeB.id],
  );
}, 120_000);

afterAll(async () => {
  await service?.close();
  await app?.close();
  await t?.close();
});

beforeEach(async () => {
  await t.db.delete(pushSubscriptions);
  await t.pool.query("delete from push_queue");
  service.received.length = 0;
  service.delayMs = 0;
});

let keys = 0;
/** A pick-up order at `store`, served (and its units taken) there. */
async function placeAt(store: Store) {
  const { token } = await placeOrder(t.db, DEFAULT_SETTINGS, {
    idempotencyKey: `store-notices-${Date.now()}-${++keys}-abcdef`,
    lines: [line],
    customer: { ...CHECKOUT_CUSTOMER, deliveryMethod: "pickup", pickupLocationId: store.id },
    userId: null,
  });
  const { rows } = await t.pool.query<{ id: string; code: string; store: number }>("select id, code, fulfilling_store_id as store from orders where public_token = $1", [token]);
  expect(rows[0]!.store).toBe(store.id);
  return rows[0]!;
}

async function subscribe(user: SignedInUser): Promise<TestBrowser> {
  const browser = subscribedBrowser(service);
  await saveSubscription(t.db, user.id, browser, "Android · Chrome");
  return browser;
}

/** A subscribed phone for each [name, account] (an account twice: two phones), and each phone's owner's name by endpoint. */
async function subscribeAll(owners: [string, SignedInUser][]) {
  const browsers: TestBrowser[] = [];
  const phones = new Map<string, string>();
  for (const [who, user] of owners) {
    const browser = await subscribe(user);
    browsers.push(browser);
    phones.set(browser.endpoint, who);
  }
  return { browsers, phones };
}

/** "who tag" for every push the service received, each device named by its owner. */
function receivedBy(phones: Map<string, string>, browsers: TestBrowser[]): string[] {
  return service.received.map((push) => {
    const browser = browsers.find((candidate) => candidate.endpoint === push.endpoint)!;
    return `${phones.get(push.endpoint)} ${(browser.decrypt(push.body) as { tag: string }).tag}`;
  });
}

describe("new-order pushes", () => {
  it("reach Dono, Gerente and the Vendedor of the order's store, never a Vendedor of another store; once each with two senders at once", async () => {
    const owners: [string, SignedInUser][] = [
      ["dono", dono],
      ["gerente", gerente],
      ["vendedorA", vendedorA],
      ["vendedorA", vendedorA],
      ["vendedorB", vendedorB],
    ];
    const { browsers, phones } = await subscribeAll(owners);
    const atA = [await placeAt(storeA), await placeAt(storeA), await placeAt(storeA)];
    const atB = [await placeAt(storeB), await placeAt(storeB)];

    const other = connectDatabase(t.url, { max: 2 });
    try {
      service.delayMs = 20;
      const totals = await Promise.all([deliverDuePushes(t.db, transport, { batch: 2 }), deliverDuePushes(other.db as Database, transport, { batch: 2 })]);
      // Store A's orders: Dono, Gerente, the two phones of A's Vendedor (4 × 3); store B's: Dono, Gerente, B's Vendedor (3 × 2).
      expect(totals[0].sent + totals[1].sent).toBe(18);
      expect(totals[0].dropped + totals[1].dropped).toBe(0);
    } finally {
      await other.pool.end();
    }
    const sent = receivedBy(phones, browsers);
    expect(sent).toHaveLength(18);
    // No device had one order twice (A's Vendedor has two phones, so this is per device).
    const perDevice = service.received.map((push) => `${push.endpoint} ${(browsers.find((browser) => browser.endpoint === push.endpoint)!.decrypt(push.body) as { tag: string }).tag}`);
    expect(new Set(perDevice).size).toBe(18);
    const tags = (who: string) => sent.filter((line) => line.startsWith(`${who} `)).map((line) => line.split(" ")[1]).sort();
    const tagsOf = (orders: { code: string }[]) => orders.map((order) => `pedido-${order.code}`).sort();
    expect(tags("dono")).toEqual(tagsOf([...atA, ...atB]));
    expect(tags("gerente")).toEqual(tagsOf([...atA, ...atB]));
    expect(tags("vendedorA")).toEqual(tagsOf([...atA, ...atA]));
    expect(tags("vendedorB")).toEqual(tagsOf(atB));
  });

  it("are not sent to a Vendedor moved to another store since they were queued", async () => {
    const moved = await signedInUser(app.context, "admin", { staffRole: "vendedor", storeId: storeA.id });
    const phone = await subscribe(moved);
    const kept = await subscribe(vendedorA);
    await placeAt(storeA);
    await t.db.update(users).set({ staffStoreId: storeB.id }).where(eq(users.id, moved.id));
    expect(await deliverDuePushes(t.db, transport)).toEqual({ sent: 1, failed: 0, gone: 0, dropped: 1 });
    expect(service.received.map((push) => push.endpoint)).toEqual([kept.endpoint]);
    expect(service.received.map((push) => push.endpoint)).not.toContain(phone.endpoint);
  });
});

describe("an order moved to another store ('Loja que atende')", () => {
  it("pushes once to the Vendedores of the store it goes to, and to nobody else", async () => {
    const owners: [string, SignedInUser][] = [
      ["dono", dono],
      ["gerente", gerente],
      ["vendedorA", vendedorA],
      ["vendedorB", vendedorB],
    ];
    const { browsers, phones } = await subscribeAll(owners);
    const order = await placeAt(storeA);
    await deliverDuePushes(t.db, transport);
    service.received.length = 0;

    expect(await moveOrderToStore(t.db, order.id, storeB.id, { id: dono.id, name: "Dono", email: "dono@exemplo.com" })).toEqual({ ok: true, changed: true });
    // Moving it to the store it is already at again changes nothing and tells nobody.
    expect(await moveOrderToStore(t.db, order.id, storeB.id, { id: dono.id, name: "Dono", email: "dono@exemplo.com" })).toEqual({ ok: true, changed: false });
    await deliverDuePushes(t.db, transport);
    expect(receivedBy(phones, browsers)).toEqual([`vendedorB pedido-${order.code}`]);
    const notice = browsers.find((browser) => phones.get(browser.endpoint) === "vendedorB")!.decrypt(service.received[0]!.body) as { title: string };
    expect(notice.title).toBe(`Pedido #${order.code} passou para ${storeB.name}`);
  });
});

/** Reads an SSE body until `done` says so (or 5 s pass). */
function streamReader(response: Response) {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  return {
    get text() {
      return text;
    },
    async until(done: (text: string) => boolean) {
      const deadline = Date.now() + 5_000;
      while (!done(text)) {
        if (Date.now() > deadline) throw new Error(`the stream never got there: ${text}`);
        const { value, done: ended } = await reader.read();
        if (ended) throw new Error(`stream ended: ${text}`);
        text += value;
      }
    },
  };
}

const orderEvents = (text: string) => [...text.matchAll(/event: order\ndata: (.*)\n\n/g)].map((match) => JSON.parse(match[1]!) as { type: string; id: string });

describe("live order events", () => {
  async function openStream(user: SignedInUser, abort: AbortController) {
    const request = new Request(requestAs(user, "/admin/pedidos/eventos"), { signal: abort.signal });
    const context: LoadContext = app.context;
    const response = (await eventsLoader({ request, context, params: {} } as never)) as Response;
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const stream = streamReader(response);
    await stream.until((text) => text.includes("event: ready"));
    return stream;
  }

  it("a Vendedor's stream hears only of their store's orders; Dono's and Gerente's of every order", async () => {
    const abort = new AbortController();
    try {
      const [donoStream, gerenteStream, aStream, bStream] = await Promise.all([openStream(dono, abort), openStream(gerente, abort), openStream(vendedorA, abort), openStream(vendedorB, abort)]);
      const atA = await placeAt(storeA);
      const atB = await placeAt(storeB);
      // Every stream has heard all it will once Dono's and Gerente's have both orders (one hub, one NOTIFY each, in order).
      await donoStream.until((text) => text.includes(atB.id));
      await gerenteStream.until((text) => text.includes(atB.id));
      await aStream.until((text) => text.includes(atA.id));
      await bStream.until((text) => text.includes(atB.id));
      expect(orderEvents(donoStream.text)).toEqual([
        { type: "created", id: atA.id, code: atA.code },
        { type: "created", id: atB.id, code: atB.code },
      ]);
      expect(orderEvents(gerenteStream.text).map((event) => event.id)).toEqual([atA.id, atB.id]);
      expect(orderEvents(aStream.text)).toEqual([{ type: "created", id: atA.id, code: atA.code }]);
      expect(orderEvents(bStream.text)).toEqual([{ type: "created", id: atB.id, code: atB.code }]);
    } finally {
      abort.abort();
      await orderEventHub(t.db).close();
    }
  });

  it("with two app instances (two LISTEN hubs), a Vendedor's stream on each hears their store's order exactly once and the other store's never", async () => {
    const hubs = [0, 1].map(() => new OrderEventHub(() => new pg.Client({ connectionString: t.url }), { initialRetryMs: 50 }));
    const abort = new AbortController();
    try {
      const streams = hubs.map((hub) => streamReader(orderEventStream(hub, abort.signal, { storeId: storeA.id })));
      const everything = streamReader(orderEventStream(hubs[1]!, abort.signal));
      await Promise.all([...streams, everything].map((stream) => stream.until((text) => text.includes("event: ready"))));
      const atB = await placeAt(storeB);
      const atA = await placeAt(storeA);
      const lastAtB = await placeAt(storeB);
      await everything.until((text) => text.includes(lastAtB.id));
      for (const stream of streams) {
        await stream.until((text) => text.includes(atA.id));
        // The events arrive in commit order: by the time the unscoped stream heard the last one, so had these.
        expect(orderEvents(stream.text)).toEqual([{ type: "created", id: atA.id, code: atA.code }]);
      }
      expect(orderEvents(everything.text).map((event) => event.id)).toEqual([atB.id, atA.id, lastAtB.id]);
    } finally {
      abort.abort();
      await Promise.all(hubs.map((hub) => hub.close()));
    }
  });
});
