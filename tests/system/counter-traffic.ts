// Counter sales for the crash script: a clerk signed in on the production server posts the form the
// counter's phone posts (/admin/balcao, a sale key per sale) for one size × colour at one store whose
// shelf is small enough to run out, and the checks that every sale the shop acknowledged is in the
// database once with its unit taken, and the store's shelf never went below 0.
import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "~/server/db/database.server";

/** The clerk: created by the server on start (ADMIN_EMAIL / ADMIN_PASSWORD, a Dono). */
export const CLERK = { email: "balcao@crash.test", password: "senha-do-balcao-crash" };

/**
 * What the server needs to have the clerk and keep its session across a restart: the same account
 * and the same secret (sessions are in the database, signed with it).
 */
export function clerkServerEnv(): Record<string, string> {
  return { ADMIN_EMAIL: CLERK.email, ADMIN_PASSWORD: CLERK.password, BETTER_AUTH_SECRET: randomBytes(32).toString("base64") };
}

export type CounterShelf = { storeId: number; variantId: number; productId: number; size: string | null; color: string | null; units: number };

export type CounterAttempt = {
  saleKey: string;
  /** The sale's order id when the shop acknowledged it (redirect to its receipt), else null. */
  orderId: string | null;
  /** Refused because the shelf was empty ("esgotado"): the shelf was 0 at that moment. */
  soldOut: boolean;
};

/**
 * A size × colour the checkouts do not sell (`takenVariantIds` are theirs), with `units` at its
 * product's own store and none elsewhere.
 */
export async function counterShelf(db: Database, units: number, takenVariantIds: number[]): Promise<CounterShelf> {
  const { rows } = await db.execute<{ id: number; product_id: number; size: string; color: string; store: number }>(sql`
    select v.id, v.product_id, v.size, v.color, erick_product_home_store(v.product_id) as store
    from product_variants v join products p on p.id = v.product_id
    where p.active and p.price_cents is not null and v.id <> all(${sql.param(takenVariantIds)}::integer[])
    order by v.id limit 1`);
  const row = rows[0];
  if (!row) throw new Error("no size × colour left for the counter sales");
  await db.execute(sql`delete from variant_stock where variant_id = ${row.id}`);
  await db.execute(sql`insert into variant_stock (variant_id, store_location_id, units) values (${row.id}, ${row.store}, ${units})`);
  return { storeId: Number(row.store), variantId: Number(row.id), productId: Number(row.product_id), size: row.size || null, color: row.color || null, units };
}

/** Signs the clerk in through /login as a browser without JavaScript does; returns the session cookie. */
export async function signInClerk(origin: string): Promise<string> {
  const response = await fetch(`${origin}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin, "sec-fetch-site": "same-origin" },
    body: new URLSearchParams({ email: CLERK.email, password: CLERK.password }),
  });
  await response.body?.cancel();
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
  if (response.status !== 302 || cookies.length === 0) throw new Error(`the clerk's sign-in answered ${response.status}`);
  return cookies.join("; ");
}

export function newCounterAttempt(): CounterAttempt {
  return { saleKey: randomUUID(), orderId: null, soldOut: false };
}

export type CounterAnswer = { orderId: string } | { soldOut: true };

/**
 * POSTs one sale of one unit, paid by PIX. Resolves to the order id (the redirect to its receipt) or
 * to a sold-out refusal; throws on anything else (including no answer).
 */
export async function submitCounterSale(origin: string, cookie: string, shelf: CounterShelf, attempt: CounterAttempt, signal?: AbortSignal): Promise<CounterAnswer> {
  const response = await fetch(`${origin}/admin/balcao`, {
    method: "POST",
    redirect: "manual",
    signal,
    headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin, "sec-fetch-site": "same-origin", "user-agent": "erick-counter-traffic" },
    body: new URLSearchParams({
      storeId: String(shelf.storeId),
      saleKey: attempt.saleKey,
      lines: JSON.stringify([{ productId: shelf.productId, size: shelf.size, color: shelf.color, quantity: 1 }]),
      payment: "debit",
    }),
  });
  const location = response.headers.get("location") ?? "";
  const body = response.status === 409 ? await response.text() : (await response.body?.cancel(), "");
  const orderId = /^\/admin\/balcao\/recibo\/([0-9a-f-]{36})$/.exec(location)?.[1];
  if (response.status === 302 && orderId) return { orderId };
  if (response.status === 409 && body.includes("está esgotado")) return { soldOut: true };
  throw new Error(`the counter answered ${response.status} ${location}`);
}

export type CounterAudit = { found: number; shelfUnits: number; sold: number; violations: string[] };

/**
 * Every acknowledged sale is one counter order under its key, with its id, delivered, of the store,
 * with its one unit; the store's shelf is what it started with less the units of every counter sale
 * recorded, and never below 0 (0 once a sale was refused as sold out: units only left it).
 */
export async function auditCounterSales(db: Database, shelf: CounterShelf, attempts: CounterAttempt[]): Promise<CounterAudit> {
  const violations: string[] = [];
  const keys = attempts.map((attempt) => `balcao:${attempt.saleKey}`);
  const { rows } = await db.execute<{ id: string; key: string; channel: string; status: string; store: number | null; stock_applied: boolean; lines: string | null }>(sql`
    select o.id, o.idempotency_key as key, o.channel, o.status, o.fulfilling_store_id as store, o.stock_applied,
      (select string_agg(i.variant_id || 'x' || i.quantity || '@' || coalesce(i.store_location_id::text, '?'), ',') from order_items i where i.order_id = o.id) as lines
    from orders o where o.idempotency_key = any(${sql.param(keys)}::text[])`);
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const expectedLines = `${shelf.variantId}x1@${shelf.storeId}`;
  for (const attempt of attempts) {
    const order = byKey.get(`balcao:${attempt.saleKey}`);
    if (!order) {
      if (attempt.orderId) violations.push(`acknowledged counter sale ${attempt.orderId} is missing`);
      continue;
    }
    if (attempt.orderId && order.id !== attempt.orderId) violations.push(`sale key ${attempt.saleKey}: acknowledged ${attempt.orderId}, stored ${order.id}`);
    if (order.channel !== "balcao" || order.status !== "delivered" || Number(order.store) !== shelf.storeId || !order.stock_applied) {
      violations.push(`counter sale ${order.id}: channel ${order.channel}, status ${order.status}, store ${order.store}, stock applied ${order.stock_applied}`);
    }
    if (order.lines !== expectedLines) violations.push(`counter sale ${order.id}: items ${order.lines ?? "(none)"} instead of ${expectedLines}`);
  }
  const [counted] = (
    await db.execute<{ sold: number; units: number | null; negative: number }>(sql`
      select
        (select coalesce(sum(i.quantity), 0)::int from order_items i join orders o on o.id = i.order_id
          where o.channel = 'balcao' and i.variant_id = ${shelf.variantId} and o.status <> 'cancelled') as sold,
        (select units from variant_stock where variant_id = ${shelf.variantId} and store_location_id = ${shelf.storeId}) as units,
        (select count(*)::int from variant_stock where units < 0) as negative`)
  ).rows;
  const sold = Number(counted?.sold ?? 0);
  const shelfUnits = Number(counted?.units ?? 0);
  if (shelfUnits < 0) violations.push(`the counter's shelf is at ${shelfUnits}`);
  if (Number(counted?.negative) > 0) violations.push(`${counted?.negative} store shelves below 0`);
  if (shelfUnits !== shelf.units - sold) violations.push(`the counter's shelf holds ${shelfUnits}, not ${shelf.units} less the ${sold} sold`);
  if (attempts.some((attempt) => attempt.soldOut) && shelfUnits !== 0) violations.push(`a sale was refused as sold out, yet the shelf holds ${shelfUnits}`);
  return { found: rows.length, shelfUnits, sold, violations };
}
