// Migration 0025 (stock per store) on a database as it was before it: every variant's units move to its
// product's own store (its 'Loja', else its shop's first store), the storefront's numbers stay as they
// were, and every order keeps its reservation: its lines are held at their products' stores, so
// cancelling a held order gives each unit back to the store it now counts at, and a pending order that
// held nothing takes from there when it is confirmed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMigrations } from "~/server/db/migrate.server";
import { setOrderStatus } from "~/server/orders/admin-order-changes.server";
import { TEST_ACTOR } from "../setup/admin-session";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let t: TestDatabase;
const ID = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

beforeAll(async () => {
  t = await createTestDatabase({ seeded: false, migratedUpTo: "0024_catalog_change_counter" });
  const { pool } = t;
  await pool.query(
    `insert into shops (slug, name, short_name, description, slogan, color) values
     ('calcados', 'Erick Calçados', 'Calçados', '', '', '#000'), ('sports', 'Erick Sports', 'Sports', '', '', '#111')`,
  );
  // Erick Calçados has two stores, Sirinhaém listed first (position); Sports one.
  await pool.query(
    `insert into store_locations (slug, name, shop_id, city, category, address, phone, whatsapp, hours, lat, lng, position) values
     ('calcados-barreiros', 'Erick Calçados Barreiros', (select id from shops where slug = 'calcados'), 'Barreiros', 'Calçados', 'Rua A', '', '', '', 0, 0, 2),
     ('calcados-sirinhaem', 'Erick Calçados Sirinhaém', (select id from shops where slug = 'calcados'), 'Sirinhaém', 'Calçados', 'Rua B', '', '', '', 0, 0, 1),
     ('sports-barreiros', 'Erick Sports Barreiros', (select id from shops where slug = 'sports'), 'Barreiros', 'Sports', 'Rua C', '', '', '', 0, 0, 3)`,
  );
  // 'Tênis' names its store (Barreiros); 'Chinelo' names none: its shop's first store (Sirinhaém).
  await pool.query(
    `insert into products (name, description, category, shop_id, store_location_id, price_cents, sizes) values
     ('Tênis', 'x', 'Feminino', (select id from shops where slug = 'calcados'), (select id from store_locations where slug = 'calcados-barreiros'), 1000, '{37,38}'),
     ('Chinelo', 'x', 'Feminino', (select id from shops where slug = 'calcados'), null, 500, '{37}')`,
  );
  // What is left on the shelf after the held orders below.
  await pool.query(
    `insert into product_variants (product_id, size, stock) values
     ((select id from products where name = 'Tênis'), '37', 3), ((select id from products where name = 'Tênis'), '38', 0),
     ((select id from products where name = 'Chinelo'), '37', 4)`,
  );
  const order = async (n: number, status: string, stockApplied: boolean, lines: [string, string, number][]) => {
    await pool.query(
      `insert into orders (id, code, public_token, idempotency_key, channel, delivery_method, subtotal_cents, total_cents, status, stock_applied)
       values ($1, $2, $3, $4, 'cart', 'arrange', 1000, 1000, $5, $6)`,
      [ID(n), `0000000${n}`, `token-for-the-migration-test-${n}`, `key-${n}`, status, stockApplied],
    );
    for (const [position, [name, size, quantity]] of lines.entries()) {
      await pool.query(
        `insert into order_items (order_id, product_id, variant_id, position, name, category, shop_name, size, unit_price_cents, quantity)
         select $1, p.id, v.id, $2, p.name, 'Feminino', 'Erick Calçados', $4, 1000, $5 from products p join product_variants v on v.product_id = p.id and v.size = $4
         where p.name = $3`,
        [ID(n), position, name, size, quantity],
      );
    }
  };
  // 1 holds a Tênis 38 (the last one) and two Chinelos; 2 holds nothing yet (pending, the shelf could
  // not cover it under migration 0022); 3 was cancelled.
  await order(1, "pending", true, [["Tênis", "38", 1], ["Chinelo", "37", 2]]);
  await order(2, "pending", false, [["Chinelo", "37", 1]]);
  await order(3, "cancelled", false, [["Tênis", "37", 1]]);
  await runMigrations(t.pool);
});
afterAll(() => t?.close());

async function unitsByStore(): Promise<Record<string, number>> {
  const { rows } = await t.pool.query<{ key: string; units: number }>(
    `select p.name || ' ' || v.size || ' @ ' || l.slug as key, s.units
     from variant_stock s join product_variants v on v.id = s.variant_id join products p on p.id = v.product_id join store_locations l on l.id = s.store_location_id
     order by 1`,
  );
  return Object.fromEntries(rows.map((row) => [row.key, row.units]));
}

async function storefrontStock(): Promise<Record<string, number>> {
  const { rows } = await t.pool.query<{ key: string; stock: number }>(
    "select p.name || ' ' || v.size as key, v.stock from product_variants v join products p on p.id = v.product_id order by 1",
  );
  return Object.fromEntries(rows.map((row) => [row.key, row.stock]));
}

describe("migration 0025: stock per store", () => {
  it("moves every variant's units to its product's own store, and the storefront's numbers stay", async () => {
    expect(await unitsByStore()).toEqual({ "Chinelo 37 @ calcados-sirinhaem": 4, "Tênis 37 @ calcados-barreiros": 3, "Tênis 38 @ calcados-barreiros": 0 });
    expect(await storefrontStock()).toEqual({ "Chinelo 37": 4, "Tênis 37": 3, "Tênis 38": 0 });
    const { rows } = await t.pool.query<{ name: string; stock: number }>("select name, stock from products order by name");
    expect(rows).toEqual([
      { name: "Chinelo", stock: 4 },
      { name: "Tênis", stock: 3 },
    ]);
  });

  it("records the store each order's lines are held at: their products' own stores", async () => {
    const { rows } = await t.pool.query<{ order: string; name: string; store: string; fulfilling: string }>(
      `select right(o.id::text, 1) as order, i.name, l.slug as store, f.slug as fulfilling
       from order_items i join orders o on o.id = i.order_id join store_locations l on l.id = i.store_location_id join store_locations f on f.id = o.fulfilling_store_id
       order by o.id, i.position`,
    );
    expect(rows).toEqual([
      { order: "1", name: "Tênis", store: "calcados-barreiros", fulfilling: "calcados-barreiros" },
      { order: "1", name: "Chinelo", store: "calcados-sirinhaem", fulfilling: "calcados-barreiros" },
      { order: "2", name: "Chinelo", store: "calcados-sirinhaem", fulfilling: "calcados-sirinhaem" },
      { order: "3", name: "Tênis", store: "calcados-barreiros", fulfilling: "calcados-barreiros" },
    ]);
  });

  it("keeps the held order's reservation: cancelling gives each unit back to its line's store, and nothing else moved", async () => {
    expect(await setOrderStatus(t.db, ID(1), "cancelled", TEST_ACTOR)).toMatchObject({ ok: true, stock: "returned" });
    expect(await unitsByStore()).toEqual({
      "Chinelo 37 @ calcados-sirinhaem": 6,
      "Tênis 37 @ calcados-barreiros": 3,
      "Tênis 38 @ calcados-barreiros": 1,
    });
    expect(await storefrontStock()).toEqual({ "Chinelo 37": 6, "Tênis 37": 3, "Tênis 38": 1 });
  });

  it("a pending order that held nothing takes its units from its line's store when confirmed", async () => {
    expect(await setOrderStatus(t.db, ID(2), "processing", TEST_ACTOR)).toMatchObject({ ok: true, stock: "taken" });
    expect((await unitsByStore())["Chinelo 37 @ calcados-sirinhaem"]).toBe(5);
  });
});
