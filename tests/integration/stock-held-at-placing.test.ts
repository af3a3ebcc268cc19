// Issue 39: an order holds its units from the moment it is placed, through the real HTTP app and
// PostgreSQL. Twenty shoppers racing for the last unit (checkout and the cart's quick order) get one
// order between them and nineteen pt-BR refusals naming what is left; the storefront shows the drop at
// once; status moves take nothing more; cancelling gives the unit back; re-opening takes it again or
// is refused with the shortage.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, products } from "#database/schema";
import { createTestContext, signedInUser, type SignedInUser } from "../setup/admin-session";
import { startHttpApp, type HttpApp } from "../setup/http-app";
import { checkoutFormFields } from "../setup/order-fixtures";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { setAllVariantStock, setVariantStock, variantStock } from "../setup/variant-stock";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestContext>>;
let http: HttpApp;
let admin: SignedInUser;
let keys = 0;

beforeAll(async () => {
  t = await createTestDatabase({ maxConnections: 24 });
  app = await createTestContext(t);
  // Twenty racers from one address: the order limits stay out of the way (order-floods.test.ts has them).
  http = await startHttpApp({ ...app.context, config: { ...app.context.config, orderLimits: { perAddress: 1_000, perPhone: 1_000 } } });
  admin = await signedInUser(app.context, "admin");
}, 120_000);

afterAll(async () => {
  await http?.close();
  await app?.close();
  await t?.close();
});

const RELOGIO = "Relógio Digital Unissex";
/** The product's one variant on the shelf in these tests: every other size × colour of it at 0. */
let relogio: { id: number; variant: { productId: number; size: null; color: string } };

async function lastUnitOnly(units = 1) {
  const [row] = await t.db.select({ id: products.id }).from(products).where(eq(products.name, RELOGIO));
  relogio = { id: row!.id, variant: { productId: row!.id, size: null, color: "Preto" } };
  await setAllVariantStock(t.pool, 0, [row!.id]);
  await setVariantStock(t.pool, relogio.variant, units);
}

const lines = (quantity = 1) => JSON.stringify([{ productId: relogio.id, size: null, color: "Preto", quantity }]);

async function post(path: string, fields: Record<string, string>, cookie = "") {
  const response = await fetch(`${http.origin}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, origin: http.origin, "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  // The refusal arrives in a JSON body (/pedido) or in the page's escaped data (/checkout): quotes unescaped.
  return { status: response.status, location: response.headers.get("location"), body: (await response.text()).replace(/\\+"/g, '"') };
}

const checkout = (quantity = 1) => post("/checkout", { ...checkoutFormFields(), lines: lines(quantity), idempotencyKey: `held-stock-key-${(keys += 1)}` });
const quickOrder = () => post("/pedido", { lines: lines(), idempotencyKey: `held-stock-key-${(keys += 1)}` });

async function ordersOfRelogio(): Promise<{ id: string; status: string; stockApplied: boolean }[]> {
  const { rows } = await t.pool.query<{ id: string; status: string; stock_applied: boolean }>(
    "select distinct o.id, o.status, o.stock_applied from orders o join order_items i on i.order_id = o.id where i.product_id = $1",
    [relogio.id],
  );
  return rows.map((row) => ({ id: row.id, status: row.status, stockApplied: row.stock_applied }));
}

async function apiStock(): Promise<number[]> {
  const body = (await (await fetch(`${http.origin}/api/estoque?ids=${relogio.id}`)).json()) as { products: { variantStock: number[] }[] };
  return body.products[0]!.variantStock;
}

const setStatus = (id: string, status: string) =>
  post(`/admin/pedidos/${id}.data`, { status, ...(status === "cancelled" ? { confirmCancel: "1" } : {}) }, admin.cookie);

describe("stock held from the moment an order is placed", () => {
  it("twenty shoppers racing for the last unit: one order, nineteen refusals with what is left, stock 0", async () => {
    await lastUnitOnly(1);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => (index % 2 ? quickOrder() : checkout())));
    const placed = answers.filter((answer) => answer.status === 302 && answer.location?.startsWith("/pedido/"));
    const refused = answers.filter((answer) => answer.status === 409);
    expect(placed, answers.map((answer) => answer.status).join(",")).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const answer of refused) expect(answer.body).toContain(`"${RELOGIO}" (Preto) está esgotado.`);
    expect(await variantStock(t.pool, relogio.variant)).toBe(0);
    const recorded = await ordersOfRelogio();
    expect(recorded).toEqual([{ id: expect.any(String), status: "pending", stockApplied: true }]);
  }, 120_000);

  it("refuses more than the shelf holds with the size's real stock", async () => {
    await lastUnitOnly(2);
    const answer = await checkout(3);
    expect(answer.status).toBe(409);
    expect(answer.body).toContain(`Temos só 2 unidades de "${RELOGIO}" (Preto). Ajuste a quantidade.`);
    expect(await variantStock(t.pool, relogio.variant)).toBe(2);
  });

  it("the storefront shows the drop at once; status moves take nothing more; cancel gives it back; re-opening takes it again or is refused", async () => {
    await lastUnitOnly(1);
    await t.pool.query("delete from orders where id in (select order_id from order_items where product_id = $1)", [relogio.id]);
    const page = () => fetch(`${http.origin}/produto/${relogio.id}`).then((response) => response.text());
    expect(await page()).toContain("Adicionar ao Carrinho");
    expect((await apiStock()).some((units) => units > 0)).toBe(true);

    const placed = await checkout();
    expect(placed.status).toBe(302);
    expect(await apiStock()).toEqual((await apiStock()).map(() => 0));
    const soldOut = await page();
    expect(soldOut).not.toContain("Adicionar ao Carrinho");
    expect(soldOut).toContain("Esgotado");

    const [order] = await ordersOfRelogio();
    for (const status of ["processing", "shipped", "delivered", "pending", "processing"]) {
      const answer = await setStatus(order!.id, status);
      expect(answer.status, `→ ${status}: ${answer.body}`).toBe(200);
      expect(await variantStock(t.pool, relogio.variant), `after → ${status}`).toBe(0);
    }

    expect((await setStatus(order!.id, "cancelled")).status).toBe(200);
    expect(await variantStock(t.pool, relogio.variant)).toBe(1);
    expect(await ordersOfRelogio()).toEqual([{ id: order!.id, status: "cancelled", stockApplied: false }]);
    expect(await page()).toContain("Adicionar ao Carrinho");

    // The unit went to another shopper meanwhile: re-opening is refused with the shortage.
    expect((await checkout()).status).toBe(302);
    const refused = await setStatus(order!.id, "pending");
    expect(refused.status).toBe(409);
    expect(refused.body).toContain(`Estoque insuficiente para: ${RELOGIO} – Preto (disponível: 0, no pedido: 1)`);
    const [row] = await t.db.select({ status: orders.status, stockApplied: orders.stockApplied }).from(orders).where(eq(orders.id, order!.id));
    expect(row).toEqual({ status: "cancelled", stockApplied: false });

    // Restocked: re-opening takes the unit again.
    await setVariantStock(t.pool, relogio.variant, 1);
    expect((await setStatus(order!.id, "processing")).status).toBe(200);
    expect(await variantStock(t.pool, relogio.variant)).toBe(0);
  }, 120_000);
});
