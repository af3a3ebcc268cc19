// Issue 51, item 2, through the real HTTP app and PostgreSQL: a pick-up at a store that lacks the cart
// is served by that store, the missing units held at the store that has them (a transfer made in the
// order's transaction); the checkout's list (/api/retirada) says which stores have it today and which by
// a transfer; the order page, its WhatsApp text, the order window and the 'Pronto para retirada'
// message all name the pick-up store, and the transfer with its time. Twenty racers for the last unit
// through pick-ups at a store without it: one order.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, signedInUser, type SignedInUser } from "../setup/admin-session";
import { startHttpApp, type HttpApp } from "../setup/http-app";
import { checkoutFormFields } from "../setup/order-fixtures";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { variantUnitsByStore } from "../setup/variant-stock";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestContext>>;
let http: HttpApp;
let admin: SignedInUser;
let keys = 0;

beforeAll(async () => {
  t = await createTestDatabase({ maxConnections: 24 });
  app = await createTestContext(t);
  http = await startHttpApp({ ...app.context, config: { ...app.context.config, orderLimits: { perAddress: 1_000, perPhone: 1_000 } } });
  admin = await signedInUser(app.context, "admin");
}, 120_000);

afterAll(async () => {
  await http?.close();
  await app?.close();
  await t?.close();
});

const RELOGIO = "Relógio Digital Unissex";
type Store = { id: number; slug: string; name: string; address: string };
let relogio: { id: number; variantId: number };
/** `holder` has the units; `pickup` (another store that sells online) has none. */
let holder: Store, pickup: Store;

async function shelves(holderUnits: number) {
  const { rows } = await t.pool.query<{ id: number; variant_id: number; store: number }>(
    `select p.id, v.id as variant_id, erick_product_home_store(p.id) as store
     from products p join product_variants v on v.product_id = p.id and v.color = 'Preto' where p.name = $1`,
    [RELOGIO],
  );
  relogio = { id: rows[0]!.id, variantId: rows[0]!.variant_id };
  const stores = (await t.pool.query<Store>("select id, slug, name, address from store_locations order by position, id")).rows;
  holder = stores.find((store) => store.id === rows[0]!.store)!;
  pickup = stores.find((store) => store.id !== holder.id)!;
  await t.pool.query("update store_locations set serves_online = true");
  await t.pool.query("delete from variant_stock where variant_id in (select id from product_variants where product_id = $1)", [relogio.id]);
  await t.pool.query("insert into variant_stock (variant_id, store_location_id, units) values ($1, $2, $3), ($1, $4, 0)", [relogio.variantId, holder.id, holderUnits, pickup.id]);
}

const lines = () => JSON.stringify([{ productId: relogio.id, size: null, color: "Preto", quantity: 1 }]);

async function post(path: string, fields: Record<string, string>, cookie = "") {
  const response = await fetch(`${http.origin}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, origin: http.origin, "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  return { status: response.status, location: response.headers.get("location"), body: (await response.text()).replace(/\\+"/g, '"') };
}

const pickupAt = (store: Store) =>
  post("/checkout", { ...checkoutFormFields(), lines: lines(), idempotencyKey: `pickup-transfer-key-${(keys += 1)}`, deliveryMethod: "pickup", pickupLocationId: String(store.id) });

const html = (path: string, cookie = "") => fetch(`${http.origin}${path}`, { headers: { cookie } }).then((response) => response.text());
const decode = (text: string) => text.replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'");
/** The text of the wa.me link with this test id on the page. */
function whatsappText(page: string, testId: string): string {
  const anchor = new RegExp(`<a[^>]*href="(https://wa\\.me/[^"]+)"[^>]*data-testid="${testId}"`).exec(page);
  expect(anchor, `no ${testId} link`).not.toBeNull();
  return new URL(decode(anchor![1]!)).searchParams.get("text") ?? "";
}

describe("pick-up at a store that does not have the item", () => {
  it("the checkout's list says which stores have the cart today and which get it by a transfer", async () => {
    await shelves(1);
    const answer = await fetch(`${http.origin}/api/retirada?${new URLSearchParams({ itens: lines() })}`);
    expect(answer.status).toBe(200);
    const { stores } = (await answer.json()) as { stores: { storeId: number; status: string }[] };
    expect(stores.find((store) => store.storeId === holder.id)?.status).toBe("today");
    expect(stores.find((store) => store.storeId === pickup.id)?.status).toBe("transfer");

    await t.pool.query("update variant_stock set units = 0 where variant_id = $1", [relogio.variantId]);
    const soldOut = (await (await fetch(`${http.origin}/api/retirada?${new URLSearchParams({ itens: lines() })}`)).json()) as { stores: { status: string }[] };
    expect(soldOut.stores.every((store) => store.status === "none")).toBe(true);

    const bad = await fetch(`${http.origin}/api/retirada?itens=nada`);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Carrinho inválido");
  }, 60_000);

  it("is served by the pick-up store with a transfer from the store that has it, told on every text", async () => {
    await shelves(1);
    const placed = await pickupAt(pickup);
    expect(placed.status, placed.body.slice(0, 300)).toBe(302);
    const token = placed.location!.split("/pedido/")[1]!.split("?")[0]!;
    const { rows } = await t.pool.query<{ id: string; fulfilling: number; pickup: number; line_store: number }>(
      `select o.id, o.fulfilling_store_id as fulfilling, o.pickup_location_id as pickup, i.store_location_id as line_store
       from orders o join order_items i on i.order_id = o.id where o.public_token = $1`,
      [token],
    );
    // The store she picks up at serves the order; the unit is held at the store that has it, all in the order's transaction.
    expect(rows[0]).toMatchObject({ fulfilling: pickup.id, pickup: pickup.id, line_store: holder.id });
    expect(await variantUnitsByStore(t.pool, relogio.variantId)).toMatchObject({ [holder.slug]: 0, [pickup.slug]: 0 });

    const transfer = `Vem de ${holder.name} (transferência): pronto para retirada em 1 dia útil`;
    const orderPage = decode(await html(`/pedido/${token}`));
    expect(orderPage).toContain(pickup.name);
    expect(orderPage).toContain(transfer);
    const message = whatsappText(await html(`/pedido/${token}`), "order-whatsapp");
    expect(message).toContain(`*Retirada na loja*\n${pickup.name} - ${pickup.address}\n${transfer}`);

    // The order window shows the transfer, with its line and where it comes from.
    const orderId = rows[0]!.id;
    const window = decode(await html(`/admin/pedidos/${orderId}`, admin.cookie));
    expect(window).toContain(transfer);
    expect(window).toContain(`1× ${RELOGIO} (Preto), de ${holder.name}`);

    // 'Pronto para retirada' sends her to the pick-up store, where the order now is.
    expect((await post(`/admin/pedidos/${orderId}.data`, { status: "shipped" }, admin.cookie)).status).toBe(200);
    const ready = whatsappText(await html(`/admin/pedidos/${orderId}`, admin.cookie), "notify-customer");
    expect(ready).toContain("Pronto para retirada");
    expect(ready).toContain(`Pode vir buscar na ${pickup.name}: ${pickup.address}`);
    expect(decode(await html(`/pedido/${token}`))).not.toContain("(transferência)");
  }, 60_000);

  it("a pick-up at the store that has everything is served there, with no transfer", async () => {
    await shelves(1);
    const placed = await pickupAt(holder);
    expect(placed.status, placed.body.slice(0, 300)).toBe(302);
    const token = placed.location!.split("/pedido/")[1]!.split("?")[0]!;
    const { rows } = await t.pool.query<{ fulfilling: number; line_store: number }>(
      "select o.fulfilling_store_id as fulfilling, i.store_location_id as line_store from orders o join order_items i on i.order_id = o.id where o.public_token = $1",
      [token],
    );
    expect(rows[0]).toMatchObject({ fulfilling: holder.id, line_store: holder.id });
    expect(decode(await html(`/pedido/${token}`))).not.toContain("(transferência)");
  }, 60_000);

  it("twenty pick-ups at a store without the last unit race for it: one order, the holder's shelf at 0, never below", async () => {
    await shelves(1);
    const answers = await Promise.all(Array.from({ length: 20 }, () => pickupAt(pickup)));
    const placed = answers.filter((answer) => answer.status === 302);
    expect(placed, answers.map((answer) => answer.status).join(",")).toHaveLength(1);
    for (const answer of answers.filter((candidate) => candidate.status !== 302)) {
      expect(answer.status).toBe(409);
      expect(answer.body).toContain(`"${RELOGIO}" (Preto) está esgotado.`);
    }
    expect(await variantUnitsByStore(t.pool, relogio.variantId)).toMatchObject({ [holder.slug]: 0, [pickup.slug]: 0 });
  }, 120_000);
});
