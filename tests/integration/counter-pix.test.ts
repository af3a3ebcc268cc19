// Issue 51, item 6, without a Pix provider, through the real HTTP app and PostgreSQL: a counter sale
// paid by PIX is not paid at once; "Concluir venda" opens its PIX screen with the shop's static code for
// the sale's total (and its QR), and the clerk's "Confirmar pagamento recebido" makes it paid, once,
// audited. (With a provider, the bank confirms it: tests/e2e/counter-pix.spec.ts.)
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "#database/schema";
import { createTestContext, signedInUser, type SignedInUser } from "../setup/admin-session";
import { startHttpApp, type HttpApp } from "../setup/http-app";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { setAllVariantStock } from "../setup/variant-stock";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestContext>>;
let http: HttpApp;
let admin: SignedInUser;
let watch: { id: number; priceCents: number };
let storeId: number;

beforeAll(async () => {
  t = await createTestDatabase({ maxConnections: 12 });
  app = await createTestContext(t);
  http = await startHttpApp(app.context);
  admin = await signedInUser(app.context, "admin");
  const [row] = await t.db.select({ id: products.id, priceCents: products.priceCents }).from(products).where(eq(products.name, "Relógio Digital Unissex"));
  watch = { id: row!.id, priceCents: row!.priceCents! };
  await setAllVariantStock(t.pool, 5, [watch.id]);
  storeId = (await t.pool.query<{ home: number }>("select erick_product_home_store($1) as home", [watch.id])).rows[0]!.home;
  await t.pool.query(`update settings set data = jsonb_set(data, '{pixKey}', '"+5581998765432"') where id = 1`);
}, 120_000);

afterAll(async () => {
  await http?.close();
  await app?.close();
  await t?.close();
});

async function post(path: string, fields: Record<string, string>) {
  const response = await fetch(`${http.origin}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: admin.cookie, "content-type": "application/x-www-form-urlencoded", origin: http.origin, "sec-fetch-site": "same-origin" },
    body: new URLSearchParams(fields),
  });
  return { status: response.status, location: response.headers.get("location"), body: await response.text() };
}
const page = async (path: string) => (await (await fetch(`${http.origin}${path}`, { headers: { cookie: admin.cookie } })).text()).replaceAll("<!-- -->", "");

describe("PIX at the counter without a provider", () => {
  it("opens the sale's PIX screen with the static code for its total; paid only when the clerk confirms, once, audited", { timeout: 180_000 }, async () => {
    const sold = await post("/admin/balcao", {
      storeId: String(storeId),
      saleKey: "counter-pix-key-000000000001",
      lines: JSON.stringify([{ productId: watch.id, size: null, color: "Preto", quantity: 2 }]),
      payment: "pix",
    });
    expect(sold.status).toBe(302);
    expect(sold.location).toMatch(/^\/admin\/balcao\/pix\/[0-9a-f-]{36}$/);
    const orderId = sold.location!.split("/").pop()!;
    const payment = async () => (await t.pool.query("select status, confirmed_by from order_payments where order_id = $1", [orderId])).rows[0];
    expect(await payment()).toEqual({ status: "awaiting", confirmed_by: null });

    const total = (watch.priceCents * 2) / 100;
    const screen = await page(sold.location!);
    expect(screen).toContain("QR Code PIX da venda");
    expect(screen).toContain("0114+5581998765432");
    expect(screen).toContain(`54${String(total.toFixed(2).length).padStart(2, "0")}${total.toFixed(2)}`);
    expect(screen).toContain("Confirmar pagamento recebido");
    expect(screen).not.toContain("Pagamento confirmado");

    const confirms = await Promise.all(Array.from({ length: 5 }, () => post(sold.location!, { intent: "confirm-pix" })));
    expect(confirms.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(await payment()).toEqual({ status: "paid", confirmed_by: "clerk" });
    const { rows } = await t.pool.query("select count(*)::int as n from audit_log where entity_id = $1 and action = 'order.payment'", [orderId]);
    expect(rows[0].n).toBe(1);
    const after = await page(sold.location!);
    expect(after).toContain("Pagamento confirmado");
    expect(after).toContain("Ver recibo");
    expect(after).not.toContain("PIX copia e cola");
  });
});
