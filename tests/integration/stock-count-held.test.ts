// Issue 49 item 5 and issue 51 item 16, through the real HTTP app and PostgreSQL: the balanço counted
// units held by open orders a second time (a pair held by a cart order showed "No sistema: 0", the
// clerk counted 1, the shelf became 1 and the pair was sold again), and showed no differences before
// or after "Aplicar balanço". Now the held units are shown apart, naming the order, the shelf after
// the count is counted − held, and the differences (units and value) are shown before and after.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "#database/schema";
import { formatBRL } from "~/lib/format/money";
import { createTestContext, signedInUser, type SignedInUser } from "../setup/admin-session";
import { startHttpApp, type HttpApp } from "../setup/http-app";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { setAllVariantStock, setVariantUnitsAt } from "../setup/variant-stock";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestContext>>;
let http: HttpApp;
let admin: SignedInUser;
let watch: { id: number; priceCents: number; preto: number; prata: number };
let storeId: number;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestContext(t);
  http = await startHttpApp(app.context);
  admin = await signedInUser(app.context, "admin");
  const [row] = await t.db.select({ id: products.id, priceCents: products.priceCents }).from(products).where(eq(products.name, "Relógio Digital Unissex"));
  const variant = async (color: string) =>
    (await t.pool.query<{ id: number }>("select id from product_variants where product_id = $1 and color = $2", [row!.id, color])).rows[0]!.id;
  watch = { id: row!.id, priceCents: row!.priceCents!, preto: await variant("Preto"), prata: await variant("Prata") };
  storeId = (await t.pool.query<{ store: number }>("select erick_product_home_store($1) as store", [watch.id])).rows[0]!.store;
}, 120_000);

afterAll(async () => {
  await http?.close();
  await app?.close();
  await t?.close();
});

async function post(path: string, fields: Record<string, string>, cookie = admin.cookie) {
  const response = await fetch(`${http.origin}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, origin: http.origin, "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  return { status: response.status, location: response.headers.get("location"), body: (await response.text()).replace(/\\+"/g, '"') };
}

/** The balanço's page as the phone gets it, without React's markers between a text's parts. */
const page = async (query: string) => (await (await fetch(`${http.origin}/admin/balcao/balanco?${query}`, { headers: { cookie: admin.cookie } })).text()).replaceAll("<!-- -->", "");

async function unitsAt(variantId: number): Promise<number> {
  const { rows } = await t.pool.query<{ units: number }>("select units from variant_stock where variant_id = $1 and store_location_id = $2", [variantId, storeId]);
  return rows[0]?.units ?? 0;
}

describe("the balanço and the units open orders hold", () => {
  it("shows the held pair apart, naming the order; the shelf after the count is counted − held; the differences before and after", async () => {
    await setAllVariantStock(t.pool, 0, [watch.id]);
    await setVariantUnitsAt(t.pool, watch.preto, storeId, 1, { elsewhere: 0 });
    await setVariantUnitsAt(t.pool, watch.prata, storeId, 5, { elsewhere: 0 });
    // A shopper's cart order holds the one Preto: the system says 0, the pair is still on the shelf.
    const ordered = await post("/pedido", { lines: JSON.stringify([{ productId: watch.id, size: null, color: "Preto", quantity: 1 }]), idempotencyKey: "stock-count-held-order-1" }, "");
    expect(ordered.status).toBe(302);
    const { rows } = await t.pool.query<{ id: string; code: string }>("select id, code from orders where idempotency_key = 'stock-count-held-order-1'");
    const order = rows[0]!;
    expect(await unitsAt(watch.preto)).toBe(0);

    expect((await post("/admin/balcao/balanco", { storeId: String(storeId), intent: "start" })).status).toBe(302);
    const countId = (await t.pool.query<{ id: number }>("select id from stock_counts where store_location_id = $1 and applied_at is null", [storeId])).rows[0]!.id;
    // The clerk finds the held pair (1) and 3 Prata where the system says 5.
    const counted = await post("/admin/balcao/balanco", { storeId: String(storeId), intent: "count", countId: String(countId), [`counted_${watch.preto}`]: "1", [`counted_${watch.prata}`]: "3" });
    expect(counted.status).toBe(200);

    const before = await page(`loja=${storeId}`);
    expect(before).toContain(`1 reservado para o pedido #${order.code}`);
    // Before applying: the Preto is no difference (1 counted, 1 held); 2 Prata are missing, at the watch's price.
    expect(before).toContain(`Faltam 2 unidades (−${formatBRL(2 * watch.priceCents)}).`);

    const applied = await post("/admin/balcao/balanco", { storeId: String(storeId), intent: "apply", countId: String(countId) });
    expect(applied.status).toBe(302);
    expect(applied.location).toContain(`balanco=${countId}`);
    // The held pair is not put back on sale: 1 counted − 1 held = 0 (it was 1, sold twice, before).
    expect(await unitsAt(watch.preto)).toBe(0);
    expect(await unitsAt(watch.prata)).toBe(3);

    const after = await page(applied.location!.split("?")[1]!);
    expect(after).toContain("Balanço aplicado: 2 prateleiras atualizadas.");
    expect(after).toContain(`Faltaram 2 unidades (−${formatBRL(2 * watch.priceCents)}).`);

    // The order cancelled gives its pair back once: the shelf holds the one pair there is.
    expect((await post(`/admin/pedidos/${order.id}.data`, { status: "cancelled", confirmCancel: "1" })).status).toBe(200);
    expect(await unitsAt(watch.preto)).toBe(1);
  });

  it("a held order shipped between the count and its application leaves the shelf as counted − held", async () => {
    await setAllVariantStock(t.pool, 0, [watch.id]);
    await setVariantUnitsAt(t.pool, watch.preto, storeId, 3, { elsewhere: 0 });
    const ordered = await post("/pedido", { lines: JSON.stringify([{ productId: watch.id, size: null, color: "Preto", quantity: 2 }]), idempotencyKey: "stock-count-held-order-2" }, "");
    expect(ordered.status).toBe(302);
    const orderId = (await t.pool.query<{ id: string }>("select id from orders where idempotency_key = 'stock-count-held-order-2'")).rows[0]!.id;
    expect((await post("/admin/balcao/balanco", { storeId: String(storeId), intent: "start" })).status).toBe(302);
    const countId = (await t.pool.query<{ id: number }>("select id from stock_counts where store_location_id = $1 and applied_at is null", [storeId])).rows[0]!.id;
    // 3 on the shelf, 2 of them held: the system's 1 is right.
    await post("/admin/balcao/balanco", { storeId: String(storeId), intent: "count", countId: String(countId), [`counted_${watch.preto}`]: "3" });
    expect(await page(`loja=${storeId}`)).toContain("Nenhuma diferença entre o sistema e o contado.");
    // The two leave with the courier before the count is applied.
    expect((await post(`/admin/pedidos/${orderId}.data`, { status: "shipped" })).status).toBe(200);
    expect((await post("/admin/balcao/balanco", { storeId: String(storeId), intent: "apply", countId: String(countId) })).status).toBe(302);
    expect(await unitsAt(watch.preto)).toBe(1);
  });
});
