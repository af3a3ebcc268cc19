// The admin's product picker endpoint (/admin/produtos/busca) through its route module with a signed-in
// admin: products by name as typed (accents and case aside, a part of a word while typing), by code,
// at most 8, inactive ones told apart; a customer or a visitor gets nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PickableProduct } from "~/lib/catalog/product-picker";
import type { LoadContext } from "~/server/load-context.server";
import { loader } from "~/routes/admin/product-picker-search";
import { openAdminTest, requestAs, type SignedInUser } from "../setup/admin-session";
import type { TestDatabase } from "../setup/test-database";

let t: TestDatabase;
let context: LoadContext;
let admin: SignedInUser;
let customer: SignedInUser;
let close: () => Promise<void>;
beforeAll(async () => ({ t, context, admin, customer, close } = await openAdminTest()));
afterAll(() => close?.());

async function search(query: string, as: SignedInUser | null = admin): Promise<{ status: number; products: PickableProduct[] }> {
  let response: Response;
  try {
    response = (await loader({ request: requestAs(as, `/admin/produtos/busca?q=${encodeURIComponent(query)}`), context, params: {} } as never)) as Response;
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    response = thrown;
  }
  if (response.status !== 200) return { status: response.status, products: [] };
  return { status: 200, products: ((await response.json()) as { products: PickableProduct[] }).products };
}

describe("/admin/produtos/busca", () => {
  it("finds products by part of their name as the clerk types, ignoring case and accents", async () => {
    const { rows } = await t.pool.query<{ id: number; name: string }>("select id, name from products where name ilike 'Sandália%' order by id limit 1");
    const sandal = rows[0]!;
    for (const typed of ["sandália", "SANDALIA", "sand"]) {
      const { status, products } = await search(typed);
      expect(status).toBe(200);
      expect(products.map((product) => product.id), typed).toContain(sandal.id);
    }
    const [found] = (await search("sandalia")).products.filter((product) => product.id === sandal.id);
    expect(found).toMatchObject({ name: sandal.name, shopName: expect.any(String), active: true });
  });

  it("finds a product by its code first, and answers at most 8 products", async () => {
    const { rows } = await t.pool.query<{ id: number }>("select id from products order by id desc limit 1");
    const { products } = await search(String(rows[0]!.id));
    expect(products[0]!.id).toBe(rows[0]!.id);
    const { rows: countRows } = await t.pool.query<{ n: number }>("select count(*)::int as n from products");
    expect(countRows[0]!.n).toBeGreaterThan(8);
    // A letter that is in every product's text.
    expect((await search("a")).products.length).toBeLessThanOrEqual(8);
    expect((await search("e")).products).toHaveLength(8);
  });

  it("tells an inactive product apart, and answers nothing for an empty or hostile query", async () => {
    const { rows } = await t.pool.query<{ id: number; name: string }>("update products set active = false where id = (select max(id) from products) returning id, name");
    const { products } = await search(rows[0]!.name);
    expect(products.find((product) => product.id === rows[0]!.id)).toMatchObject({ active: false });
    await t.pool.query("update products set active = true where id = $1", [rows[0]!.id]);
    expect(await search("")).toEqual({ status: 200, products: [] });
    expect((await search("%_\\' or 1=1 --")).status).toBe(200);
    expect((await search("x".repeat(5_000))).status).toBe(200);
  });

  it("is for staff only: a customer and a visitor get no products (sent away as every admin address does)", async () => {
    expect((await search("sand", customer)).status).not.toBe(200);
    expect((await search("sand", null)).status).not.toBe(200);
  });
});
