// Issue 42, a Vendedor's stock screen (/admin/estoque) on a real PostgreSQL: their store's units per
// size × colour, searchable by name; another store's refused (403, nothing of it shown); Dono and
// Gerente choose any store.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader } from "~/routes/admin/store-stock";
import type { LoadContext } from "~/server/load-context.server";
import { openAdminTest, requestAs, signedInUser, type SignedInUser } from "../setup/admin-session";
import type { TestDatabase } from "../setup/test-database";
import { setVariantUnitsAt } from "../setup/variant-stock";

let t: TestDatabase;
let context: LoadContext;
let dono: SignedInUser;
let gerente: SignedInUser;
let vendedor: SignedInUser;
let close: () => Promise<void>;
type Store = { id: number; name: string };
let storeA: Store, storeB: Store;
let product: { id: number; name: string };
let variants: { id: number; size: string; color: string }[];

beforeAll(async () => {
  ({ t, context, admin: dono, close } = await openAdminTest());
  [storeA, storeB] = (await t.pool.query<Store>("select id, name from store_locations order by position, id")).rows as [Store, Store];
  gerente = await signedInUser(context, "admin", { staffRole: "gerente" });
  vendedor = await signedInUser(context, "admin", { staffRole: "vendedor", storeId: storeA.id });
  // A product with at least two sizes: 3 of its first size at A, 7 of its second at B, nothing else anywhere.
  const { rows } = await t.pool.query<{ id: number; name: string }>(
    "select p.id, p.name from products p where (select count(*) from product_variants v where v.product_id = p.id) >= 2 order by p.id limit 1",
  );
  product = rows[0]!;
  variants = (await t.pool.query<{ id: number; size: string; color: string }>("select id, size, color from product_variants where product_id = $1 order by id", [product.id])).rows;
  await t.pool.query("delete from variant_stock where variant_id in (select id from product_variants where product_id = $1)", [product.id]);
  await setVariantUnitsAt(t.pool, variants[0]!.id, storeA.id, 3);
  await setVariantUnitsAt(t.pool, variants[1]!.id, storeB.id, 7);
}, 120_000);
afterAll(() => close?.());

type StockPage = Awaited<ReturnType<typeof loader>>;

async function open(user: SignedInUser, search: string): Promise<StockPage | Response> {
  try {
    return await loader({ request: requestAs(user, `/admin/estoque${search}`), context, params: {} } as never);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const key = (variant: { size: string; color: string }) => `${variant.size}|${variant.color}`;
const named = (page: StockPage) => page.list.products.find((candidate) => candidate.id === product.id);

describe("a Vendedor's stock screen", () => {
  it("shows their store's units of each size × colour, found by name, and only their store to choose", async () => {
    const page = (await open(vendedor, `?q=${encodeURIComponent(product.name)}`)) as StockPage;
    expect(page.store).toEqual({ id: storeA.id, name: storeA.name });
    expect(page.stores).toEqual([{ id: storeA.id, name: storeA.name }]);
    expect(page.canCount).toBe(true);
    const shown = named(page)!;
    expect(shown.units[key(variants[0]!)]).toBe(3);
    // Store B's 7 units are not this store's.
    expect(shown.units[key(variants[1]!)]).toBe(0);
    expect(shown.totalUnits).toBe(3);
  });

  it("lists without a search the products the store holds units of", async () => {
    const page = (await open(vendedor, "")) as StockPage;
    expect(page.list.total).toBeGreaterThan(0);
    expect(page.list.products.length).toBeLessThanOrEqual(20);
    for (const shown of page.list.products) expect(shown.totalUnits >= 0).toBe(true);
    const all = await t.pool.query<{ n: number }>(
      `select count(*)::int as n from products p where exists (select 1 from variant_stock vs join product_variants v on v.id = vs.variant_id
         where v.product_id = p.id and vs.store_location_id = $1 and vs.units > 0) or erick_product_home_store(p.id) = $1`,
      [storeA.id],
    );
    expect(page.list.total).toBe(all.rows[0]!.n);
  });

  it("refuses another store with a 403, showing nothing of it", async () => {
    const refused = await open(vendedor, `?loja=${storeB.id}&q=${encodeURIComponent(product.name)}`);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(403);
    expect(await (refused as Response).text()).not.toContain(product.name);
  });
});

describe("Dono and Gerente", () => {
  it("choose any store and see its units", async () => {
    for (const user of [dono, gerente]) {
      const page = (await open(user, `?loja=${storeB.id}&q=${encodeURIComponent(product.name)}`)) as StockPage;
      expect(page.store).toEqual({ id: storeB.id, name: storeB.name });
      expect(page.stores.length).toBeGreaterThan(1);
      const shown = named(page)!;
      expect(shown.units[key(variants[1]!)]).toBe(7);
      expect(shown.units[key(variants[0]!)]).toBe(0);
    }
  });
});
