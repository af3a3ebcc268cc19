// Migration 0056 on a database as it was before it: the units each client holds in pending orders were
// summed at every checkout. It counts them once, per address and per phone, from the orders that hold
// their units; confirmed, cancelled and released orders count nothing, and the count then follows them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMigrations } from "~/server/db/migrate.server";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let t: TestDatabase;
const ID = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

beforeAll(async () => {
  t = await createTestDatabase({ seeded: false, migratedUpTo: "0055_shown_stock" });
  const { pool } = t;
  await pool.query("insert into shops (slug, name, short_name, description, slogan, color) values ('calcados', 'Erick Calçados', 'Calçados', '', '', '#000')");
  await pool.query(`insert into products (name, description, category, shop_id, price_cents) values ('Tênis', 'x', 'Feminino', (select id from shops), 1000)`);
  await pool.query(`insert into product_variants (product_id, size) select id, '37' from products`);
  const order = async (n: number, status: string, stockApplied: boolean, client: { address: string | null; phone: string }, quantities: number[]) => {
    await pool.query(
      `insert into orders (id, code, public_token, idempotency_key, channel, delivery_method, subtotal_cents, total_cents, status, stock_applied, client_address, customer_phone)
       values ($1, $2, $3, $4, 'checkout', 'arrange', 1000, 1000, $5, $6, $7, $8)`,
      [ID(n), `0000000${n}`, `token-for-the-migration-test-${n}`, `key-${n}`, status, stockApplied, client.address, client.phone],
    );
    for (const [position, quantity] of quantities.entries()) {
      await pool.query(
        `insert into order_items (order_id, product_id, variant_id, position, name, category, shop_name, size, unit_price_cents, quantity)
         select $1, p.id, v.id, $2, 'Tênis', 'Feminino', 'Erick Calçados', '37', 1000, $3 from products p join product_variants v on v.product_id = p.id`,
        [ID(n), position, quantity],
      );
    }
  };
  const maria = { address: "10.0.0.1", phone: "(81) 95555-0001" };
  await order(1, "pending", true, maria, [2, 3]);
  await order(2, "pending", true, maria, [4]);
  // The same phone from another address; a cart order (no phone) from Maria's address.
  await order(3, "pending", true, { address: "10.0.0.2", phone: "+55 81 95555-0001" }, [1]);
  await order(4, "pending", true, { address: "10.0.0.1", phone: "" }, [7]);
  // Holding nothing: confirmed, cancelled, a Pix that expired (pending, units released).
  await order(5, "processing", true, maria, [50]);
  await order(6, "cancelled", false, maria, [50]);
  await order(7, "pending", false, maria, [50]);
  await runMigrations(t.pool);
});
afterAll(() => t?.close());

async function counts(): Promise<Record<string, number>> {
  const { rows } = await t.pool.query<{ key: string; units: number }>("select key, units from client_held_units order by key");
  return Object.fromEntries(rows.map((row) => [row.key, row.units]));
}

describe("migration 0056: the units each client holds, counted once", () => {
  it("counts each address's and each phone's held units from their pending orders that hold stock", async () => {
    expect(await counts()).toEqual({ "address|10.0.0.1": 16, "address|10.0.0.2": 1, "phone|81955550001": 10 });
  });

  it("then follows the orders: a confirmed one leaves the count, a re-opened one comes back", async () => {
    await t.pool.query("update orders set status = 'processing' where id = $1", [ID(2)]);
    expect(await counts()).toMatchObject({ "address|10.0.0.1": 12, "phone|81955550001": 6 });
    await t.pool.query("update orders set status = 'pending' where id = $1", [ID(2)]);
    expect(await counts()).toMatchObject({ "address|10.0.0.1": 16, "phone|81955550001": 10 });
    // An order that held nothing at the migration counts when it holds again (its Pix retaken), as the sum counted it.
    await t.pool.query("update orders set stock_applied = true where id = $1", [ID(7)]);
    expect(await counts()).toMatchObject({ "address|10.0.0.1": 66, "phone|81955550001": 60 });
    await t.pool.query("update orders set status = 'cancelled', stock_applied = false where id = $1", [ID(7)]);
    expect(await counts()).toMatchObject({ "address|10.0.0.1": 16, "phone|81955550001": 10 });
  });
});
