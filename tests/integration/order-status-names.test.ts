// One name per status everywhere the clerk and the shopper read it, through the real HTTP app: a
// pick-up order that reached 'shipped' is 'Pronto para retirada' in its badge, the orders list and
// its filter, the dashboard's chart, the audit log and the customer's pages, never 'Enviado'.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHOWN_ORDER_STATUSES } from "~/lib/orders/order-status";
import { getDashboard } from "~/server/read-models/dashboard.server";
import { setOrderStatus } from "~/server/orders/admin-order-changes.server";
import { openAdminTest, type AdminTest } from "../setup/admin-session";
import { startHttpApp, type HttpApp } from "../setup/http-app";
import { insertOrder } from "../setup/order-fixtures";

let test: AdminTest;
let http: HttpApp;
let pickup: { id: string; code: string };
let delivery: { id: string; code: string };

beforeAll(async () => {
  test = await openAdminTest();
  http = await startHttpApp(test.context);
  const items = [{ name: "Sandália Rasteira", unitPriceCents: 59_90, quantity: 1 }];
  pickup = await insertOrder(test.t.db, { status: "processing", deliveryMethod: "pickup", customerName: "Rita Retira", createdAt: new Date(), items });
  delivery = await insertOrder(test.t.db, { status: "shipped", deliveryMethod: "delivery", customerName: "Davi Entrega", createdAt: new Date(), items });
  const admin = { id: test.admin.id, name: test.admin.name, email: test.admin.email };
  const changed = await setOrderStatus(test.t.db, pickup.id, "shipped", admin);
  expect(changed.ok).toBe(true);
}, 120_000);
afterAll(async () => {
  await http?.close();
  await test?.close();
});

async function adminPage(path: string): Promise<string> {
  const response = await fetch(`${http.origin}${path}`, { headers: { cookie: test.admin.cookie } });
  expect(response.status).toBe(200);
  return response.text();
}

/** The text of the list row (or card) that names this order's code. */
function rowsOf(html: string, code: string): string[] {
  return html.split(/<\/li>|<\/tr>/).filter((chunk) => chunk.includes(`#${code}`) || chunk.includes(`>${code}<`));
}

describe("a pick-up order ready at the store", () => {
  it("reads 'Pronto para retirada' in the orders list, and a delivery order 'Enviado'", async () => {
    const html = await adminPage("/admin/pedidos");
    const pickupRows = rowsOf(html, pickup.code);
    expect(pickupRows.length).toBeGreaterThan(0);
    for (const row of pickupRows) {
      expect(row).toContain("Pronto para retirada");
      expect(row).not.toContain("Enviado");
    }
    for (const row of rowsOf(html, delivery.code)) expect(row).toContain("Enviado");
  });

  it("has its own option in the list's status filter, which finds it and not the delivery order", async () => {
    const html = await adminPage("/admin/pedidos");
    expect(html).toMatch(/<option value="pickup_ready"[^>]*>Pronto para retirada<\/option>/);
    const ready = await adminPage("/admin/pedidos?status=pickup_ready");
    expect(ready).toContain(pickup.code);
    expect(ready).not.toContain(delivery.code);
    const shipped = await adminPage("/admin/pedidos?status=shipped");
    expect(shipped).toContain(delivery.code);
    expect(shipped).not.toContain(pickup.code);
  });

  it("reads 'Pronto para retirada' in the order's badge and in its dropdown", async () => {
    const html = await adminPage(`/admin/pedidos/${pickup.id}`);
    expect(html).toMatch(/rounded-full[^>]*>Pronto para retirada</);
    expect(html).toMatch(/<option value="shipped"[^>]*>Pronto para retirada<\/option>/);
    expect(html).not.toContain(">Enviado<");
  });

  it("reads 'Processando → Pronto para retirada' in the audit log", async () => {
    const html = await adminPage("/admin/auditoria?tipo=order");
    const entry = html.split("</li>").find((chunk) => chunk.includes(`#${pickup.code}`));
    expect(entry).toBeDefined();
    expect(entry).toContain("Processando");
    expect(entry).toContain("Pronto para retirada");
    expect(entry).not.toContain("Enviado");
  });

  it("is counted apart from the orders sent in the dashboard's chart, and its recent order reads the same", async () => {
    const dashboard = await getDashboard(test.t.db);
    expect(dashboard.ordersByStatus.map((entry) => entry.status)).toEqual([...SHOWN_ORDER_STATUSES]);
    expect(dashboard.ordersByStatus.find((entry) => entry.status === "pickup_ready")?.count).toBe(1);
    expect(dashboard.ordersByStatus.find((entry) => entry.status === "shipped")?.count).toBe(1);
    const html = await adminPage("/admin");
    for (const row of rowsOf(html, pickup.code)) expect(row).toContain("Pronto para retirada");
  });
});
