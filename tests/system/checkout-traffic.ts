// Real checkouts for the crash and load scripts: the form a shopper's browser POSTs to /checkout (the
// same fields, an idempotency key per order), and the check that every order the shop acknowledged is
// in the database whole.
import { randomUUID } from "node:crypto";
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import { orderItems, orders, products, productVariants } from "#database/schema";
import type { OrderLineRequest } from "~/lib/orders/checkout.schema";
import type { Database } from "~/server/db/database.server";
import { checkoutFormFields } from "../setup/order-fixtures";

export type CheckoutAttempt = {
  idempotencyKey: string;
  lines: OrderLineRequest[];
  /** The order's public token when the shop acknowledged it (redirect to /pedido/{token}), else null. */
  token: string | null;
};

type OrderableProduct = { id: number; variantId: number; size: string | null; color: string | null };

/** Active products, each with a size and colour it has on the shelf (its first such variant). */
export async function orderableProducts(db: Database): Promise<OrderableProduct[]> {
  const rows = await db
    .selectDistinctOn([products.id], { id: products.id, variantId: productVariants.id, size: productVariants.size, color: productVariants.color })
    .from(products)
    .innerJoin(productVariants, eq(productVariants.productId, products.id))
    .where(and(eq(products.active, true), gt(productVariants.stock, 0)))
    .orderBy(asc(products.id), asc(productVariants.id));
  if (rows.length < 3) throw new Error("the catalogue needs at least 3 products in stock");
  // Orders hold their units from placing: a shelf deep enough that no order of the traffic is refused.
  await db.execute(sql`
    insert into variant_stock (variant_id, store_location_id, units)
    select id, erick_product_home_store(product_id), 1000000 from ${productVariants} where id = any(${sql.param(rows.map((row) => row.variantId))}::integer[])
    on conflict (variant_id, store_location_id) do update set units = greatest(variant_stock.units, excluded.units)`);
  return rows.map((row) => ({ id: row.id, variantId: row.variantId, size: row.size || null, color: row.color || null }));
}

/** One to three different products, one unit each: never more than the stock, so every order is accepted. */
export function newAttempt(catalogue: OrderableProduct[]): CheckoutAttempt {
  const count = 1 + Math.floor(Math.random() * 3);
  const start = Math.floor(Math.random() * catalogue.length);
  const lines = Array.from({ length: count }, (_, index) => {
    const product = catalogue[(start + index) % catalogue.length]!;
    return { productId: product.id, size: product.size, color: product.color, quantity: 1 };
  });
  return { idempotencyKey: randomUUID(), lines, token: null };
}

function checkoutForm(attempt: CheckoutAttempt): URLSearchParams {
  const form = new URLSearchParams(checkoutFormFields());
  form.set("lines", JSON.stringify(attempt.lines));
  form.set("idempotencyKey", attempt.idempotencyKey);
  return form;
}

/**
 * POSTs the checkout form as a browser without JavaScript does. Returns the order token when the
 * shop answered with the redirect to the order page; throws on anything else (including no answer).
 */
export async function submitCheckout(origin: string, attempt: CheckoutAttempt, signal?: AbortSignal): Promise<string> {
  const response = await fetch(`${origin}/checkout`, {
    method: "POST",
    redirect: "manual",
    signal,
    headers: { "content-type": "application/x-www-form-urlencoded", origin, "sec-fetch-site": "same-origin", "user-agent": "erick-order-traffic" },
    body: checkoutForm(attempt),
  });
  const location = response.headers.get("location") ?? "";
  await response.body?.cancel();
  const token = /^\/pedido\/([A-Za-z0-9_-]+)/.exec(location)?.[1];
  if (response.status !== 302 || !token) throw new Error(`checkout answered ${response.status} ${location}`);
  return token;
}

export type OrderAudit = { found: number; violations: string[] };

/**
 * Every acknowledged attempt must be one order with its token, exactly its lines, and totals that add
 * up; no order may be half-written (an order without items) and no key may have two orders.
 */
export async function auditOrders(db: Database, attempts: CheckoutAttempt[]): Promise<OrderAudit> {
  const violations: string[] = [];
  const keys = attempts.map((attempt) => attempt.idempotencyKey);
  const rows = keys.length
    ? await db
        .select({ id: orders.id, key: orders.idempotencyKey, token: orders.publicToken, subtotal: orders.subtotalCents, delivery: orders.deliveryCents, total: orders.totalCents })
        .from(orders)
        .where(inArray(orders.idempotencyKey, keys))
    : [];
  const items = rows.length
    ? await db.select().from(orderItems).where(inArray(orderItems.orderId, rows.map((row) => row.id))).orderBy(asc(orderItems.position))
    : [];
  const byKey = new Map(rows.map((row) => [row.key, row]));
  for (const attempt of attempts) {
    const order = byKey.get(attempt.idempotencyKey);
    if (!order) {
      if (attempt.token) violations.push(`acknowledged order ${attempt.token} is missing`);
      continue;
    }
    if (attempt.token && order.token !== attempt.token) violations.push(`key ${attempt.idempotencyKey}: acknowledged ${attempt.token}, stored ${order.token}`);
    const lines = items.filter((item) => item.orderId === order.id);
    const expected = attempt.lines.map((line) => `${line.productId}/${line.size}/${line.color}x${line.quantity}`).join(",");
    const stored = lines.map((line) => `${line.productId}/${line.size}/${line.color}x${line.quantity}`).join(",");
    if (expected !== stored) violations.push(`order ${order.token}: items ${stored || "(none)"} instead of ${expected}`);
    const subtotal = lines.reduce((sum, line) => sum + (line.unitPriceCents ?? 0) * line.quantity, 0);
    if (order.subtotal !== subtotal || order.total !== subtotal + (order.delivery ?? 0)) {
      violations.push(`order ${order.token}: subtotal ${order.subtotal} / total ${order.total} do not add up to items ${subtotal} + delivery ${order.delivery}`);
    }
  }
  const [{ halfWritten } = { halfWritten: 0 }] = await db
    .select({ halfWritten: sql<number>`count(*)::int` })
    .from(orders)
    .where(sql`not exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id})`);
  if (halfWritten > 0) violations.push(`${halfWritten} order(s) without items`);
  return { found: rows.length, violations };
}

/** Stock by variant id: placing an order takes none (the shop takes it when it confirms). */
/**
 * Each variant's units on the shelf plus those its orders hold: placing an order moves units from the
 * first to the second, cancelling back, so this never changes; a lost or doubled unit does.
 */
export async function stockSnapshot(db: Database): Promise<Map<number, number>> {
  const { rows } = await db.execute<{ id: number; units: number }>(sql`
    select v.id, v.stock + coalesce(sum(i.quantity) filter (where o.stock_applied), 0)::int as units
    from ${productVariants} v left join ${orderItems} i on i.variant_id = v.id left join ${orders} o on o.id = i.order_id
    group by v.id`);
  return new Map(rows.map((row) => [Number(row.id), Number(row.units)]));
}

export function stockChanges(before: Map<number, number>, after: Map<number, number>): string[] {
  return [...before].filter(([id, units]) => after.get(id) !== units).map(([id, units]) => `variant ${id}: shelf plus held units ${units} became ${after.get(id)}`);
}

export async function orderCount(db: Database): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(orders);
  return row?.count ?? 0;
}
