// Migration 0011 (stock per size × colour) on a database as it was before it: products keep their
// stock, spread over their variants; order lines find the variant they sold; and from then on the
// database keeps products.stock equal to its variants' sum.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMigrations } from "~/server/db/migrate.server";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ seeded: false, migratedUpTo: "0010_product_search" });
  const { pool } = t;
  await pool.query("insert into shops (slug, name, description, slogan, color) values ('calcados', 'Erick Calçados', '', '', '#000')");
  // Stock is per store since migration 0025: the shop has one, where today's numbers go.
  await pool.query(
    `insert into store_locations (slug, name, shop_id, city, category, address, phone, whatsapp, hours, lat, lng)
     values ('calcados-barreiros', 'Erick Calçados Barreiros', (select id from shops), 'Barreiros', 'Calçados', 'Rua A', '', '', '', 0, 0)`,
  );
  const product = (name: string, sizes: string[], colors: string[], stock: number) =>
    pool.query<{ id: number }>(
      `insert into products (name, description, category, shop_id, price_cents, sizes, colors, stock)
       values ($1, 'x', 'Feminino', (select id from shops), 1000, $2, $3, $4) returning id`,
      [name, sizes, colors, stock],
    );
  await product("Plain", [], [], 7);
  await product("One size", ["38"], ["Preto"], 4);
  await product("Grid", ["37", "38", "39"], ["Preto", "Branco"], 14);
  await product("Thin grid", ["37", "38", "39"], [], 2);
  await product("Sold out grid", ["37", "38"], ["Preto"], 0);
  await pool.query(
    `insert into orders (id, code, public_token, idempotency_key, channel, delivery_method, subtotal_cents, total_cents, stock_applied)
     values ('00000000-0000-4000-8000-000000000001', '00000000', 'token-for-the-migration-test', 'key-1', 'cart', 'arrange', 3000, 3000, true)`,
  );
  await pool.query(
    `insert into order_items (order_id, product_id, position, name, category, shop_name, size, color, unit_price_cents, quantity)
     select '00000000-0000-4000-8000-000000000001'::uuid, id, 0, name, 'Feminino', 'Erick Calçados', '38', 'Branco', 1000, 2 from products where name = 'Grid'
     union all
     select '00000000-0000-4000-8000-000000000001'::uuid, id, 1, name, 'Feminino', 'Erick Calçados', null, null, 1000, 1 from products where name = 'Plain'
     union all
     select '00000000-0000-4000-8000-000000000001'::uuid, id, 2, name, 'Feminino', 'Erick Calçados', '40', 'Preto', 1000, 1 from products where name = 'Grid'`,
  );
  await runMigrations(pool);
});
afterAll(() => t?.close());

async function variantsOf(name: string) {
  const { rows } = await t.pool.query<{ size: string; color: string; stock: number }>(
    `select v.size, v.color, v.stock from product_variants v join products p on p.id = v.product_id where p.name = $1 order by v.id`,
    [name],
  );
  return rows.map((row) => `${row.size}/${row.color}=${row.stock}`);
}

async function productRow(name: string) {
  const { rows } = await t.pool.query<{ id: number; stock: number; stock_needs_review: boolean }>(
    "select id, stock, stock_needs_review from products where name = $1",
    [name],
  );
  return rows[0]!;
}

describe("migration 0011: stock per size and colour", () => {
  it("gives a product with no options, or one size and one colour, its one variant with all its stock", async () => {
    expect(await variantsOf("Plain")).toEqual(["/=7"]);
    expect(await variantsOf("One size")).toEqual(["38/Preto=4"]);
    expect(await productRow("Plain")).toMatchObject({ stock: 7, stock_needs_review: false });
    expect(await productRow("One size")).toMatchObject({ stock: 4, stock_needs_review: false });
  });

  it("spreads a grid product's stock over its variants in order, keeping the total, and flags it for review", async () => {
    // 14 over 6: 3, 3, 2, 2, 2, 2 (sizes first, then colours).
    expect(await variantsOf("Grid")).toEqual(["37/Preto=3", "37/Branco=3", "38/Preto=2", "38/Branco=2", "39/Preto=2", "39/Branco=2"]);
    expect(await variantsOf("Thin grid")).toEqual(["37/=1", "38/=1", "39/=0"]);
    expect(await productRow("Grid")).toMatchObject({ stock: 14, stock_needs_review: true });
    expect(await productRow("Thin grid")).toMatchObject({ stock: 2, stock_needs_review: true });
    // Nothing to review when there is nothing to spread.
    expect(await variantsOf("Sold out grid")).toEqual(["37/Preto=0", "38/Preto=0"]);
    expect(await productRow("Sold out grid")).toMatchObject({ stock: 0, stock_needs_review: false });
  });

  it("points each order line at the variant it sold, and leaves a line whose size the product no longer has", async () => {
    const { rows } = await t.pool.query<{ position: number; size: string | null; color: string | null }>(
      `select i.position, v.size, v.color from order_items i left join product_variants v on v.id = i.variant_id order by i.position`,
    );
    expect(rows).toEqual([
      { position: 0, size: "38", color: "Branco" },
      { position: 1, size: "", color: "" },
      { position: 2, size: null, color: null },
    ]);
  });

  it("keeps products.stock equal to the sum of its variants after any change to them", async () => {
    const grid = await productRow("Grid");
    // The units are per store since migration 0025: the variants' stock follows them, products.stock the variants.
    const addUnits = (where: string, units: number) =>
      t.pool.query(
        `insert into variant_stock (variant_id, store_location_id, units)
         select id, (select min(id) from store_locations), $2 from product_variants where product_id = $1 and ${where}
         on conflict (variant_id, store_location_id) do update set units = variant_stock.units + excluded.units`,
        [grid.id, units],
      );
    await addUnits("size = '39'", 10);
    expect((await productRow("Grid")).stock).toBe(34);
    await t.pool.query("delete from product_variants where product_id = $1 and size = '37'", [grid.id]);
    expect((await productRow("Grid")).stock).toBe(28);
    await t.pool.query("insert into product_variants (product_id, size, color) values ($1, '40', 'Preto')", [grid.id]);
    await addUnits("size = '40'", 5);
    expect((await productRow("Grid")).stock).toBe(33);
    await t.pool.query("delete from product_variants where product_id = $1", [grid.id]);
    expect((await productRow("Grid")).stock).toBe(0);
    await expect(t.pool.query("update variant_stock set units = -1 where variant_id in (select id from product_variants where product_id = $1)", [(await productRow("Plain")).id])).rejects.toThrow(
      /variant_stock_units_not_negative/,
    );
    // The storefront's number is derived: writing it directly is refused.
    await expect(t.pool.query("update product_variants set stock = 3 where product_id = $1", [(await productRow("Plain")).id])).rejects.toThrow(/move units in variant_stock/);
  });
});
