// Where orders come from (issue 26): the hint the browser kept from the first page (utm_source or the
// referrer) arrives with the order as the field `source`, through the real HTTP app, and is
// recorded as one of the fixed list; anything else, forged or unknown, is "direto". /admin/relatorios
// counts orders and sales per source for the period.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORDER_SOURCE_LABELS } from "~/lib/orders/order-source";
import { defaultReportQuery, shopToday } from "~/lib/admin/reports";
import { getReport } from "~/server/read-models/reports.server";
import { createTestContext } from "../setup/admin-session";
import { startHttpApp, type HttpApp } from "../setup/http-app";
import { CHECKOUT_CUSTOMER, orderableLine } from "../setup/order-fixtures";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestContext>>;
let http: HttpApp;
let lines: string;
let keys = 0;

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

/** Posts an order as the page's form does (`path`: /checkout, or /pedido for the cart's quick order); returns its key. */
async function order(path: "/checkout" | "/pedido", source: string | undefined): Promise<string> {
  keys += 1;
  const idempotencyKey = `order-source-key-${keys}-abcdef`;
  const customer =
    path === "/checkout"
      ? Object.fromEntries(Object.entries({ ...CHECKOUT_CUSTOMER, phone: `(81) 99999-${String(1000 + keys)}` }).flatMap(([field, value]) => (value === undefined ? [] : [[field, String(value)]])))
      : {};
  const response = await fetch(`${http.origin}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: http.origin, "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...customer, lines, idempotencyKey, ...(source === undefined ? {} : { source }) }),
  });
  await response.text();
  expect(response.status, `${path} with source ${source}`).toBeLessThan(400);
  return idempotencyKey;
}

async function sourceOf(idempotencyKey: string): Promise<string> {
  const { rows } = await t.pool.query<{ source: string }>("select source from orders where idempotency_key = $1", [idempotencyKey]);
  expect(rows).toHaveLength(1);
  return rows[0]!.source;
}

describe("an order's source", () => {
  it("is recorded from the checkout's hint: the shop's links and the referrers of the list", async () => {
    const cases: [string | undefined, string][] = [
      ["whatsapp", "whatsapp"],
      ["qr", "qr"],
      ["google", "google"],
      ["https://www.google.com.br/", "google"],
      ["instagram", "instagram"],
      ["https://l.instagram.com/?u=https%3A%2F%2Floja.example%2F&e=AT0", "instagram"],
      ["meta", "instagram"],
      [undefined, "direto"],
      ["", "direto"],
    ];
    for (const [hint, expected] of cases) expect(await sourceOf(await order("/checkout", hint)), String(hint)).toBe(expected);
  });

  it("is recorded from the cart's quick order too", async () => {
    expect(await sourceOf(await order("/pedido", "qr"))).toBe("qr");
    expect(await sourceOf(await order("/pedido", undefined))).toBe("direto");
  });

  it("is 'direto' for anything else: another site, a forged or oversized value; the order itself is taken", async () => {
    for (const forged of ["https://www.bing.com/", "https://google.com.evil.example/", "instagram'); drop table orders; --", "__proto__", "whatsapp".repeat(500)]) {
      expect(await sourceOf(await order("/checkout", forged)), forged).toBe("direto");
    }
    // The column refuses anything outside the list, whatever writes it.
    await expect(t.pool.query("update orders set source = 'facebook'")).rejects.toThrow(/orders_source_known/);
  });
});

describe("/admin/relatorios per source", () => {
  it("counts the period's orders and sales per source, every source listed, cancelled orders left out", async () => {
    await t.pool.query("update orders set status = 'cancelled' where idempotency_key = (select min(idempotency_key) from orders where source = 'qr')");
    const { rows } = await t.pool.query<{ source: string; orders: number; revenue: string }>(
      "select source, count(*)::int as orders, sum(total_cents)::bigint as revenue from orders where status <> 'cancelled' group by source",
    );
    const report = await getReport(t.db, defaultReportQuery(shopToday()));
    const table = report.tables.find((candidate) => candidate.id === "origens")!;
    expect(table.title).toBe("Pedidos por origem");
    expect(table.columns.map((column) => column.label)).toEqual(["Origem", "Pedidos", "Faturamento (R$)"]);
    expect(table.rows.map((row) => row[0]).sort()).toEqual(Object.values(ORDER_SOURCE_LABELS).sort());
    const expected = Object.entries(ORDER_SOURCE_LABELS).map(([source, label]) => {
      const row = rows.find((candidate) => candidate.source === source);
      return [label, row?.orders ?? 0, Number(row?.revenue ?? 0)];
    });
    expect([...table.rows].sort()).toEqual(expected.sort());
    // The hints above: 2 QR (one cancelled), Instagram, l.instagram.com and meta, Google twice, 8 without a listed one.
    const count = (source: keyof typeof ORDER_SOURCE_LABELS) => table.rows.find((row) => row[0] === ORDER_SOURCE_LABELS[source])![1];
    expect(count("qr")).toBe(1);
    expect(count("instagram")).toBe(3);
    expect(count("google")).toBe(2);
    expect(count("whatsapp")).toBe(1);
    expect(count("direto")).toBe(8);
  });
});
