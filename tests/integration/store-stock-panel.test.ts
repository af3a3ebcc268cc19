// The product page's 'Estoque por loja' (issue 51, item 24): it listed every size × colour of every
// store, mostly zeros, and the transfer's choices did not say how many units the source store holds.
// The real edit page over HTTP, rendered by the server, the units set in real PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, signedInUser, type SignedInUser } from "../setup/admin-session";
import { startHttpApp, type HttpApp } from "../setup/http-app";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { setVariantUnitsAt } from "../setup/variant-stock";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestContext>>;
let http: HttpApp;
let admin: SignedInUser;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestContext(t);
  http = await startHttpApp(app.context);
  admin = await signedInUser(app.context, "admin");
}, 120_000);

afterAll(async () => {
  await http?.close();
  await app?.close();
  await t?.close();
});

const page = async (path: string) => (await (await fetch(`${http.origin}${path}`, { headers: { cookie: admin.cookie } })).text()).replaceAll("<!-- -->", "");

type Store = { id: number; name: string };

/** A product with several sizes: its first size (every size when `everySize`) with 2 units at its own store and 3 at another, the rest empty. */
async function productWithTwoShelves({ everySize = false } = {}) {
  const { rows } = await t.pool.query<{ id: number; store: number }>(`
    select p.id, erick_product_home_store(p.id) as store from products p
    where (select count(*) from product_variants v where v.product_id = p.id) >= 3 order by p.id limit 1`);
  const product = rows[0]!;
  const variants = (await t.pool.query<{ id: number }>("select id from product_variants where product_id = $1 order by id", [product.id])).rows;
  const stores = (await t.pool.query<Store>("select id, name from store_locations order by position, id")).rows;
  const own = stores.find((store) => store.id === product.store)!;
  const other = stores.find((store) => store.id !== own.id)!;
  await t.pool.query("delete from variant_stock where variant_id in (select id from product_variants where product_id = $1)", [product.id]);
  for (const variant of everySize ? variants : variants.slice(0, 1)) {
    await setVariantUnitsAt(t.pool, variant.id, own.id, 2);
    await setVariantUnitsAt(t.pool, variant.id, other.id, 3);
  }
  const unitsAt = (store: Store) => (store.id === own.id ? 2 : store.id === other.id ? 3 : 0);
  return { id: product.id, variants, own, other, stores, unitsAt };
}

/** The 'Estoque por loja' section of the page. */
const panelOf = (html: string) => html.slice(html.indexOf('id="estoque-por-loja"'), html.indexOf("</section>", html.indexOf('id="estoque-por-loja"')));

describe("the product page's stock per store", () => {
  it("lists at each store only the sizes × colours it holds, and says when a store holds none", async () => {
    const { id, stores, unitsAt } = await productWithTwoShelves();
    const panel = panelOf(await page(`/admin/produtos/editar/${id}`));
    expect(panel).toContain("Estoque por loja");
    // One line with units per store that holds the size, none with zero units.
    expect([...panel.matchAll(/data-variant="[^"]*"/g)]).toHaveLength(2);
    expect([...panel.matchAll(/<span data-units="true">(\d+)<\/span>/g)].map((match) => match[1])).toEqual(
      stores.flatMap((store) => (unitsAt(store) ? [String(unitsAt(store))] : [])),
    );
    expect(panel.match(/Nenhuma unidade\./g)).toHaveLength(stores.length - 2);
  });

  it("shows next to each transfer choice the units the source store holds", async () => {
    const { id, variants, stores, unitsAt } = await productWithTwoShelves({ everySize: true });
    const panel = panelOf(await page(`/admin/produtos/editar/${id}`));
    // The source starts at the first store: each size says what it holds there; each store what it holds of the size chosen.
    const atSource = unitsAt(stores[0]!);
    for (const variant of variants) expect(panel).toMatch(new RegExp(`<option value="${variant.id}" data-label="[^"]+"[^>]*>[^<]+ · ${atSource} un\\.</option>`));
    for (const store of stores) expect(panel).toContain(`${store.name} · ${unitsAt(store)} un.</option>`);
    expect(panel).toContain(`Disponível na origem: ${atSource} unidades`);
  });
});
