// Migration 0022 on a database as it was before it: pending orders took no stock. Oldest first, each
// takes its units when the shelf covers all its lines (stock_applied says so); one it cannot cover
// keeps none, nothing goes below zero, and orders of other statuses are left as they were.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMigrations } from "~/server/db/migrate.server";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let t: TestDatabase;
const ID = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

beforeAll(async () => {
  t = await createTestDatabase({ seeded: false, migratedUpTo: "0020_storefront_change_scope" });
  const { pool } = t;
  await pool.query("insert into shops (slug, name, short_name, description, slogan, color) values ('calcados', 'Erick Calçados', 'Calçados', '', '', '#000')");
  // Stock is per store since migration 0025: the shop has one, where today's numbers go.
  await pool.query(
    `insert into store_locations (slug, name, shop_id, city, category, address, phone, whatsapp, hours, lat, lng)
     values ('calcados-barreiros', 'Erick Calçados Barreiros', (select id from shops), 'Barreiros', 'Calçados', 'Rua A', '', '', '', 0, 0)`,
  );
  await pool.query(
    `insert into products (name, description, category, shop_id, price_cents, sizes, colors)
     values ('Tênis', 'x', 'Feminino', (select id from shops), 1000, '{37,38}', '{}')`,
  );
  await pool.query(`insert into product_variants (product_id, size, stock) select id, '37', 3 from products union all select id, '38', 1 from products`);
  const order = async (n: number, status: string, stockApplied: boolean, minutesAgo: number, lines: [string, number][]) => {
    await pool.query(
      `insert into orders (id, code, public_token, idempotency_key, channel, delivery_method, subtotal_cents, total_cents, status, stock_applied, created_at)
       values ($1, $2, $3, $4, 'cart', 'arrange', 1000, 1000, $5, $6, now() - make_interval(mins => $7))`,
      [ID(n), `0000000${n}`, `token-for-the-migration-test-${n}`, `key-${n}`, status, stockApplied, minutesAgo],
    );
    for (const [position, [size, quantity]] of lines.entries()) {
      await pool.query(
        `insert into order_items (order_id, product_id, variant_id, position, name, category, shop_name, size, unit_price_cents, quantity)
         select $1, p.id, v.id, $2, 'Tênis', 'Feminino', 'Erick Calçados', $3, 1000, $4 from products p join product_variants v on v.product_id = p.id and v.size = $3`,
        [ID(n), position, size, quantity],
      );
    }
  };
  // Oldest first: 1 takes a 37 and the 38; 2 wants the 38 too (gone) and a 37: takes nothing; 3 takes two 37s.
  await order(1, "pending", false, 30, [["37", 1], ["38", 1]]);
  await order(2, "pending", false, 20, [["37", 1], ["38", 1]]);
  await order(3, "pending", false, 10, [["37", 2]]);
  // Already holding (confirmed under the old rule) or cancelled: untouched.
  await order(4, "processing", true, 40, [["37", 5]]);
  await order(5, "cancelled", false, 5, [["37", 1]]);
  await runMigrations(t.pool);
});
afterAll(() => t?.close());

describe("migration 0022: pending orders hold their stock", () => {
  it("takes the units of each pending order the shelf covers, oldest first, all or nothing", async () => {
    const { rows: variants } = await t.pool.query<{ size: string; stock: number }>("select size, stock from product_variants order by size");
    expect(variants).toEqual([
      { size: "37", stock: 0 },
      { size: "38", stock: 0 },
    ]);
    const { rows: product } = await t.pool.query<{ stock: number }>("select stock from products");
    expect(product[0]!.stock).toBe(0);
    const { rows } = await t.pool.query<{ id: string; status: string; stock_applied: boolean }>("select id, status, stock_applied from orders order by id");
    expect(rows.map((row) => [row.id.slice(-1), row.status, row.stock_applied])).toEqual([
      ["1", "pending", true],
      ["2", "pending", false],
      ["3", "pending", true],
      ["4", "processing", true],
      ["5", "cancelled", false],
    ]);
  });
});
