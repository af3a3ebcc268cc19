// Issue 51, items 14 and 15, through the real HTTP app and PostgreSQL: a counter sale reads as one in
// the staff's screens ("Venda no balcão · the clerk", no "Cliente pelo carrinho", no pick-up heading,
// no delivery fee), and its receipt carries each line's unit price, the clerk's discount, "CPF na nota"
// (checked by its digits) and Crédito's instalments. Bad terms are refused in pt-BR, nothing sold.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, signedInUser, type SignedInUser } from "../setup/admin-session";
import { startHttpApp, type HttpApp } from "../setup/http-app";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { setAllVariantStock, setVariantUnitsAt } from "../setup/variant-stock";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestContext>>;
let http: HttpApp;
let admin: SignedInUser;
let adminName: string;
let keys = 0;
const RELOGIO = "Relógio Digital Unissex";
let relogio: { id: number; priceCents: number; variantId: number; storeId: number };

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestContext(t);
  http = await startHttpApp(app.context);
  admin = await signedInUser(app.context, "admin");
  adminName = (await t.pool.query<{ name: string }>("select name from users where id = $1", [admin.id])).rows[0]!.name;
  const { rows } = await t.pool.query<{ id: number; price_cents: number; variant_id: number; store: number }>(
    `select p.id, p.price_cents, v.id as variant_id, erick_product_home_store(p.id) as store
     from products p join product_variants v on v.product_id = p.id and v.color = 'Preto' where p.name = $1`,
    [RELOGIO],
  );
  relogio = { id: rows[0]!.id, priceCents: rows[0]!.price_cents, variantId: rows[0]!.variant_id, storeId: rows[0]!.store };
  await setAllVariantStock(t.pool, 0, [relogio.id]);
  await setVariantUnitsAt(t.pool, relogio.variantId, relogio.storeId, 10);
}, 120_000);

afterAll(async () => {
  await http?.close();
  await app?.close();
  await t?.close();
});

async function sale(fields: Record<string, string>) {
  const response = await fetch(`${http.origin}/admin/balcao`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: admin.cookie, origin: http.origin, "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      storeId: String(relogio.storeId),
      saleKey: `counter-receipt-key-${(keys += 1)}-0000000000`,
      lines: JSON.stringify([{ productId: relogio.id, size: null, color: "Preto", quantity: 2 }]),
      payment: "pix",
      ...fields,
    }),
  });
  return { status: response.status, location: response.headers.get("location"), body: (await response.text()).replace(/\\+"/g, '"') };
}

const page = (path: string) =>
  fetch(`${http.origin}${path}`, { headers: { cookie: admin.cookie } }).then(async (response) =>
    (await response.text()).replace(/<!-- -->/g, "").replace(/&amp;/g, "&").replace(/&#x27;/g, "'"),
  );
const brl = (cents: number) => new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }).format(cents / 100).replace(/\u00a0/g, " ");
const normalized = (html: string) => html.replace(/\u00a0/g, " ");
const unitsLeft = async () =>
  (await t.pool.query<{ units: number }>("select units from variant_stock where variant_id = $1 and store_location_id = $2", [relogio.variantId, relogio.storeId])).rows[0]!.units;

describe("a counter sale's receipt and names", () => {
  it("prints each line's unit price, the discount, the CPF asked for and Crédito's instalments; the order records them", async () => {
    const answer = await sale({ payment: "credit", installments: "3", discount: "5,00", cpf: "52998224725" });
    expect(answer.status, answer.body.slice(0, 300)).toBe(302);
    const orderId = answer.location!.split("/").pop()!;
    const subtotal = relogio.priceCents * 2;
    const total = subtotal - 500;

    const { rows } = await t.pool.query<{ discount_cents: number; total_cents: number; installments: number; customer_cpf: string; lines_discount: number }>(
      `select o.discount_cents, o.total_cents, o.installments, o.customer_cpf, (select sum(discount_cents)::int from order_items where order_id = o.id) as lines_discount
       from orders o where o.id = $1`,
      [orderId],
    );
    expect(rows[0]).toEqual({ discount_cents: 500, total_cents: total, installments: 3, customer_cpf: "529.982.247-25", lines_discount: 500 });

    const receipt = normalized(await page(`/admin/balcao/recibo/${orderId}`));
    expect(receipt).toContain(`2 × ${brl(relogio.priceCents)} = ${brl(subtotal)}`);
    expect(receipt).toContain(`−${brl(500)}`);
    expect(receipt).toContain("CPF na nota: 529.982.247-25");
    expect(receipt).toContain(`Cartão de crédito em 3x de ${brl(Math.ceil(total / 3))}`);
    expect(receipt).toContain(`Atendido por ${adminName}`);

    // The order window shows the discount and no delivery.
    const window = normalized(await page(`/admin/pedidos/${orderId}`));
    expect(window).toContain("Desconto");
    expect(window).toContain(`−${brl(500)}`);
  }, 60_000);

  it("reads as a counter sale with its clerk in the orders list, the dashboard and the order window, not as a web order", async () => {
    const answer = await sale({});
    expect(answer.status, answer.body.slice(0, 300)).toBe(302);
    const orderId = answer.location!.split("/").pop()!;
    const label = `Venda no balcão · ${adminName}`;

    const list = await page("/admin/pedidos");
    expect(list).toContain(label);
    expect(list).not.toContain("Cliente pelo carrinho");
    const dashboard = await page("/admin");
    expect(dashboard).toContain(label);
    expect(dashboard).not.toContain("Cliente pelo carrinho");

    const window = await page(`/admin/pedidos/${orderId}`);
    expect(window).toContain(label);
    expect(window).toContain(">Venda no balcão</h2>");
    expect(window).not.toContain("Cliente pelo carrinho");
    expect(window).not.toContain("Retirada na loja");
    expect(window).not.toContain("<dt>Entrega</dt>");
  }, 60_000);

  it("refuses a CPF with wrong check digits, a discount as big as the items, and instalments beyond the settings', selling nothing", async () => {
    const before = await unitsLeft();
    const badCpf = await sale({ cpf: "529.982.247-24" });
    expect(badCpf.status).toBe(400);
    expect(badCpf.body).toContain("CPF inválido: confira os números");
    const bigDiscount = await sale({ discount: brl(relogio.priceCents * 2).replace("R$ ", "") });
    expect(bigDiscount.status).toBe(409);
    expect(bigDiscount.body).toContain("O desconto deve ser menor que o valor dos itens");
    const badDiscount = await sale({ discount: "cinco" });
    expect(badDiscount.status).toBe(400);
    expect(badDiscount.body).toContain("Informe o desconto em reais");
    const tooMany = await sale({ payment: "credit", installments: "12" });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toContain("Parcelamento em até 5x");
    expect(await unitsLeft()).toBe(before);
  }, 60_000);
});
