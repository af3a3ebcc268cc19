// The order of the checkout's locks (docs/benchmarks.md, "The checkout under load"): the client's order
// count (one rate_limits row per address and per phone, which every order of that client updates) is
// locked last, once everything else of the order is written, so the client's other orders (an office
// network, a family on one phone, a load test) wait for its commit only, not for its stock moves.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { phoneKey } from "~/lib/format/phone";
import { createTestContext } from "../setup/admin-session";
import { startHttpApp, type HttpApp } from "../setup/http-app";
import { checkoutFormFields, orderableLine } from "../setup/order-fixtures";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestContext>>;
let http: HttpApp;
let lines: string;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestContext(t);
  http = await startHttpApp(app.context);
  lines = (await orderableLine(t.pool)).lines;
}, 120_000);

afterAll(async () => {
  await http?.close();
  await app?.close();
  await t?.close();
});

/** The app's connection waiting for a lock while running a statement that mentions `table`, once there is one. */
async function backendWaitingOn(table: string): Promise<number> {
  for (;;) {
    const { rows } = await t.pool.query<{ pid: number }>(
      `select pid from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock' and query like '%' || $1 || '%'`,
      [table],
    );
    if (rows[0]) return rows[0].pid;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("the checkout's locks", () => {
  it("takes the client's order count last: an order waiting for it has already taken its units and written its items", async () => {
    const phone = "(81) 96666-0050";
    const countKey = `order|phone|${phoneKey(phone)}`;
    await t.pool.query("insert into rate_limits (key, count, window_start) values ($1, 0, now()) on conflict (key) do nothing", [countKey]);
    // Another order of the same phone, between its count and its commit.
    const other = await t.pool.connect();
    try {
      await other.query("begin");
      await other.query("select 1 from rate_limits where key = $1 for update", [countKey]);

      const response = fetch(`${http.origin}/checkout`, {
        method: "POST",
        redirect: "manual",
        headers: { origin: http.origin, "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ ...checkoutFormFields(), phone, lines, idempotencyKey: "lock-order-key-1" }),
      });
      const waiting = await backendWaitingOn("rate_limits");
      // What the waiting order's transaction has written so far (row-exclusive locks on its tables).
      const { rows } = await t.pool.query<{ relname: string }>(
        `select c.relname from pg_locks l join pg_class c on c.oid = l.relation
         where l.pid = $1 and l.mode = 'RowExclusiveLock' and c.relkind = 'r'`,
        [waiting],
      );
      const written = rows.map((row) => row.relname);
      expect(written).toEqual(expect.arrayContaining(["orders", "variant_stock", "order_items", "staff_notice_outbox"]));

      await other.query("rollback");
      const answer = await response;
      await answer.body?.cancel();
      expect(answer.status).toBe(302);
      const { rows: placed } = await t.pool.query("select 1 from orders where idempotency_key = 'lock-order-key-1'");
      expect(placed).toHaveLength(1);
    } finally {
      await other.query("rollback").catch(() => {});
      other.release();
    }
  });
});
