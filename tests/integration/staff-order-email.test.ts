// The new-order e-mail to the shop goes through the staff notice outbox: its row is written in the
// order's transaction, and one leased sender announces it — after a restart (placed while no sender
// ran), once when two instances send at the same moment, never for an order that was not recorded,
// and not while another sender holds it.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "~/lib/group/settings.schema";
import { loadConfig } from "~/server/config.server";
import { connectDatabase, type Database } from "~/server/db/database.server";
import { deliverDueOrderEmails, NEW_ORDER_EMAILS, sendNewOrderDigest, startOrderEmailDelivery, stopOrderEmailDelivery } from "~/server/orders/order-notifications.server";
import { OrderRejectedError } from "~/server/orders/order-lines.server";
import { placeOrder } from "~/server/orders/order-placing.server";
import { CHECKOUT_CUSTOMER, orderableLine } from "../setup/order-fixtures";
import { recordingOutbox } from "../setup/recording-outbox";
import { setAllVariantStock } from "../setup/variant-stock";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let t: TestDatabase;
let keys = 0;
const config = loadConfig({ DATA_DIR: "/tmp/erick-staff-order-email-test", PUBLIC_URL: "https://loja.test" });

beforeAll(async () => {
  t = await createTestDatabase();
}, 120_000);

afterAll(async () => {
  await t?.close();
});

beforeEach(async () => {
  await t.pool.query("delete from rate_limits");
  await t.pool.query("delete from staff_notice_outbox");
  await t.pool.query("update orders set shop_emailed_at = now()");
});

async function placeTestOrder(line?: Awaited<ReturnType<typeof orderableLine>>["line"]) {
  const orderLine = line ?? (await orderableLine(t.pool)).line;
  const { token } = await placeOrder(t.db, DEFAULT_SETTINGS, { idempotencyKey: `email-test-${Date.now()}-${++keys}-abcdef`, lines: [orderLine], customer: CHECKOUT_CUSTOMER, userId: null });
  const { rows } = await t.pool.query<{ id: string; code: string }>("select id, code from orders where public_token = $1", [token]);
  return rows[0]!;
}

const notices = async () => (await t.pool.query<{ order_id: string }>("select order_id from staff_notice_outbox order by id")).rows.map((row) => row.order_id);

function sender(db: Database = t.db) {
  const { emails, sent } = recordingOutbox();
  return { context: { db, emails, config }, sent };
}

describe("the new-order e-mail through the outbox", () => {
  it("is written with the order, and a refused order writes none", async () => {
    const order = await placeTestOrder();
    expect(await notices()).toEqual([order.id]);

    const { line } = await orderableLine(t.pool, { stock: 1 });
    await setAllVariantStock(t.pool, 0, [line.productId]);
    await expect(placeTestOrder(line)).rejects.toBeInstanceOf(OrderRejectedError);
    expect(await notices()).toEqual([order.id]);
  });

  it("placed while no sender runs (the app is down) is sent when one starts", async () => {
    const order = await placeTestOrder();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await notices()).toEqual([order.id]);

    const { context, sent } = sender();
    startOrderEmailDelivery(context);
    await expect.poll(() => sent.length, { timeout: 10_000 }).toBe(1);
    await stopOrderEmailDelivery(t.db);
    expect(sent[0]!.subject).toContain(`#${order.code}`);
    expect(sent[0]!.text).toContain(`https://loja.test/admin/pedidos/${order.id}`);
    expect(await notices()).toEqual([]);
  });

  it("is announced once when two instances send from the same database at the same moment", async () => {
    const placed = [];
    for (let i = 0; i < 6; i++) placed.push(await placeTestOrder());
    const other = connectDatabase(t.url, { max: 2 });
    const here = sender();
    const there = sender(other.db as Database);
    try {
      const [first, second] = await Promise.all([deliverDueOrderEmails(here.context, { batch: 2 }), deliverDueOrderEmails(there.context, { batch: 2 })]);
      // Three e-mails a minute; the other three wait for the digest.
      expect(first.queued + second.queued).toBe(NEW_ORDER_EMAILS.max);
      expect(first.digest + second.digest).toBe(6 - NEW_ORDER_EMAILS.max);
      expect(await sendNewOrderDigest(here.context)).toBe(6 - NEW_ORDER_EMAILS.max);
    } finally {
      await other.pool.end();
    }
    const mails = [...here.sent, ...there.sent];
    for (const order of placed) {
      expect(mails.filter((mail) => mail.text.includes(`/admin/pedidos/${order.id}`)), order.code).toHaveLength(1);
    }
    // The digest answered the waiting notices: nothing is left to send again after a restart.
    expect(await notices()).toEqual([]);
    expect(await deliverDueOrderEmails(sender().context)).toEqual({ queued: 0, digest: 0, dropped: 0 });
  });

  it("is not taken while another sender holds its lease, and is taken once the lease is over", async () => {
    await placeTestOrder();
    // A sender took it and died mid-send: its lease runs on.
    await t.pool.query("update staff_notice_outbox set next_attempt_at = now() + interval '2 minutes', attempts = 1");
    const { context, sent } = sender();
    expect(await deliverDueOrderEmails(context)).toEqual({ queued: 0, digest: 0, dropped: 0 });
    await t.pool.query("update staff_notice_outbox set next_attempt_at = now() - interval '1 second'");
    expect(await deliverDueOrderEmails(context)).toEqual({ queued: 1, digest: 0, dropped: 0 });
    expect(sent).toHaveLength(1);
  });

  it("is dropped, unsent, when the shop turned the e-mails off since", async () => {
    await placeTestOrder();
    const off = JSON.stringify({ ...DEFAULT_SETTINGS, orderNotifications: false });
    await t.db.execute(sql`insert into settings (id, data) values (1, ${off}::jsonb) on conflict (id) do update set data = jsonb_set(settings.data, '{orderNotifications}', 'false')`);
    try {
      const { context, sent } = sender();
      expect(await deliverDueOrderEmails(context)).toEqual({ queued: 0, digest: 0, dropped: 1 });
      expect(sent).toEqual([]);
    } finally {
      await t.db.execute(sql`update settings set data = jsonb_set(data, '{orderNotifications}', 'true')`);
    }
  });
});
