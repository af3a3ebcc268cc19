// Delivery priced where the shopper lives, through the real app over HTTP: a Barreiros CEP asks the
// bairro and charges its fee, a bairro not in the list goes to WhatsApp, a São Paulo CEP gets the
// carrier services from a fake Melhor Envio, the fake slow, down or garbled gets the table by state,
// and the fee the form sends is never the one recorded. The CEP lookup and Melhor Envio are local
// fakes on loopback (tests/setup/delivery-fakes.ts).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestContext, signedInUser, type SignedInUser } from "../setup/admin-session";
import { startFakeDeliveryServices, type FakeDeliveryServices } from "../setup/delivery-fakes";
import { startHttpApp, type HttpApp } from "../setup/http-app";
import { checkoutFormFields, orderableLine } from "../setup/order-fixtures";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestContext>>;
let http: HttpApp;
let fakes: FakeDeliveryServices;
let lines: string;
let productId: number;
let unitPriceCents: number;
let keys = 0;

beforeAll(async () => {
  t = await createTestDatabase();
  fakes = await startFakeDeliveryServices();
  app = await createTestContext(t);
  app.context.config = { ...app.context.config, cepLookupUrl: fakes.cepTemplate, melhorEnvio: { token: "token-de-teste-do-melhor-envio", url: fakes.origin } };
  http = await startHttpApp(app.context);
  const orderable = await orderableLine(t.pool);
  lines = orderable.lines;
  productId = orderable.line.productId;
  unitPriceCents = (await t.pool.query<{ price_cents: number }>("select price_cents from products where id = $1", [productId])).rows[0]!.price_cents;
}, 120_000);

afterAll(async () => {
  await http?.close();
  await fakes?.close();
  await app?.close();
  await t?.close();
});

beforeEach(async () => {
  fakes.cepMode = "answering";
  fakes.quoteMode = "answering";
  fakes.quoteRequests.length = 0;
  // The app's own module instances (loaded by Vite) keep the answers: each case starts without them.
  const cep = (await http.loadModule("/app/server/delivery/cep-lookup.server.ts")) as { forgetCepLookups: () => void };
  const quotes = (await http.loadModule("/app/server/delivery/melhor-envio.server.ts")) as { forgetCarrierQuotes: () => void };
  cep.forgetCepLookups();
  quotes.forgetCarrierQuotes();
});

type Lookup = {
  address: { street: string; neighborhood: string; city: string; state: string } | null;
  unknownCep: boolean;
  localTown: boolean;
  options: { id: string; label: string; feeCents: number | null; time: string }[];
};

async function lookUp(cep: string, extra: Record<string, string> = {}): Promise<Lookup> {
  const response = await fetch(`${http.origin}/api/entrega?${new URLSearchParams({ cep, itens: `${productId}x1`, ...extra })}`);
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("no-store");
  return (await response.json()) as Lookup;
}

/** Posts the checkout; returns the status and, for a placed order, its delivery as recorded. */
async function checkout(fields: Record<string, string>) {
  const response = await fetch(`${http.origin}/checkout`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: http.origin, "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" },
    // A phone per order: the limit of orders per phone is not what this file tests.
    body: new URLSearchParams({ ...checkoutFormFields(), phone: `(81) 9${8000 + (keys += 1)}-1234`, lines, idempotencyKey: `delivery-key-${keys}-padding`, ...fields }),
  });
  const body = await response.text();
  const token = /\/pedido\/([^?]+)/.exec(response.headers.get("location") ?? "")?.[1];
  if (!token) return { status: response.status, body, order: null };
  const { rows } = await t.pool.query<{ delivery_cents: number | null; delivery_service: string | null; delivery_time: string | null; total_cents: number; subtotal_cents: number }>(
    "select delivery_cents, delivery_service, delivery_time, total_cents, subtotal_cents from orders where public_token = $1",
    [token],
  );
  return { status: response.status, body, order: rows[0]! };
}

const BARREIROS = { cep: "55560-000", city: "Barreiros", state: "PE", address: "Rua do Rio", number: "12" };
const SAO_PAULO = { cep: "01310-100", city: "São Paulo", state: "SP", neighborhood: "Bela Vista", address: "Avenida Paulista", number: "1000" };

describe("local delivery by bairro", () => {
  it("fills the town from a Barreiros CEP and asks the bairro from the owner's list (no carrier quote)", async () => {
    const found = await lookUp("55560000");
    expect(found.address).toMatchObject({ city: "Barreiros", state: "PE" });
    expect(found.localTown).toBe(true);
    expect(found.options).toEqual([]);
    expect(fakes.quoteRequests).toHaveLength(0);
  });

  it("charges the bairro's fee, and records the service and time", async () => {
    const placed = await checkout({ ...BARREIROS, neighborhood: "Cohab", deliveryOption: "local" });
    expect(placed.status).toBe(302);
    expect(placed.order).toMatchObject({ delivery_cents: 7_00, delivery_service: "Entrega da loja — Cohab", delivery_time: "no mesmo dia · pedidos até 16h saem hoje" });
    expect(placed.order!.total_cents).toBe(placed.order!.subtotal_cents + 7_00);
    const other = await checkout({ ...BARREIROS, neighborhood: "usina central barreiros" });
    expect(other.order?.delivery_cents).toBe(15_00);
  });

  it("sends a bairro not in the list to WhatsApp instead of a wrong fee", async () => {
    const placed = await checkout({ ...BARREIROS, neighborhood: "Praia do Porto", deliveryOption: "local" });
    expect(placed.status).toBe(302);
    expect(placed.order).toMatchObject({ delivery_cents: null, delivery_service: "Combinar pelo WhatsApp" });
  });

  it("never takes the fee from the form: a forged fee, a forged option for a local bairro", async () => {
    const forged = await checkout({ ...BARREIROS, neighborhood: "Cohab", deliveryCents: "0", deliveryFee: "0", feeCents: "1", totalCents: "1" });
    expect(forged.order?.delivery_cents).toBe(7_00);
    // "table" for a PE address is the owner's table for PE, never a price the form chose.
    const table = await checkout({ ...BARREIROS, neighborhood: "Cohab", deliveryOption: "table" });
    expect(table.order).toMatchObject({ delivery_cents: 25_00, delivery_service: "Entrega para PE" });
    const bogus = await checkout({ ...BARREIROS, neighborhood: "Cohab", deliveryOption: "carrier:1;price=0" });
    expect(bogus.status).toBe(400);
    expect(bogus.order).toBeNull();
  });

  it("applies a free-delivery coupon to the zone's fee", async () => {
    await t.pool.query("insert into coupons (code, kind) values ('FRETEZONA', 'free_delivery')");
    const placed = await checkout({ ...BARREIROS, neighborhood: "Cohab", couponCode: "FRETEZONA" });
    expect(placed.status).toBe(302);
    expect(placed.order).toMatchObject({ delivery_cents: 0 });
    expect(placed.order!.total_cents).toBe(placed.order!.subtotal_cents);
  });
});

describe("carriers beyond the towns", () => {
  it("lists Melhor Envio's services for a São Paulo CEP, cheapest first, from the store's CEP", async () => {
    const found = await lookUp("01310100");
    expect(found.address).toMatchObject({ city: "São Paulo", state: "SP", street: "Avenida Paulista", neighborhood: "Bela Vista" });
    expect(found.localTown).toBe(false);
    expect(found.options.map((option) => [option.id, option.feeCents])).toEqual([
      ["carrier:1", 32_47],
      ["carrier:3", 41_10],
      ["carrier:2", 58_90],
      ["arrange", null],
    ]);
    expect(found.options[0]).toMatchObject({ label: "PAC (Correios)", time: "em até 9 dias úteis" });
    const sent = fakes.quoteRequests.at(-1)!;
    expect(sent.authorization).toBe("Bearer token-de-teste-do-melhor-envio");
    expect(sent.body).toMatchObject({ from: { postal_code: "55560000" }, to: { postal_code: "01310100" }, products: [{ id: String(productId), quantity: 1, insurance_value: unitPriceCents / 100 }] });
  });

  it("sends the product's own weight and size where the owner typed them, the category's default for the rest", async () => {
    const { rows } = await t.pool.query<{ category: string }>("select category from products where id = $1", [productId]);
    const { packageForCategory } = await import("~/server/delivery/packages.server");
    const fallback = packageForCategory(rows[0]!.category);
    await t.pool.query("update products set weight_grams = 650, height_cm = 11, width_cm = null, length_cm = 29 where id = $1", [productId]);
    try {
      await lookUp("01310100");
      const sent = fakes.quoteRequests.at(-1)!;
      expect(sent.body).toMatchObject({ products: [{ id: String(productId), weight: 0.65, height: 11, width: fallback.widthCm, length: 29 }] });
    } finally {
      await t.pool.query("update products set weight_grams = null, height_cm = null, width_cm = null, length_cm = null where id = $1", [productId]);
    }
  });

  it("quotes a CEP and cart once, and prices the order from the quote the shopper saw", async () => {
    await lookUp("01310100");
    await lookUp("01310100");
    expect(fakes.quoteRequests).toHaveLength(1);
    const placed = await checkout({ ...SAO_PAULO, deliveryOption: "carrier:2", deliveryCents: "100" });
    expect(placed.status).toBe(302);
    expect(placed.order).toMatchObject({ delivery_cents: 58_90, delivery_service: "SEDEX (Correios)", delivery_time: "em até 4 dias úteis" });
    expect(fakes.quoteRequests).toHaveLength(1);
  });

  it("refuses, with a message, a carrier service the quote does not have", async () => {
    const placed = await checkout({ ...SAO_PAULO, deliveryOption: "carrier:17" });
    expect(placed.status).toBe(409);
    expect(placed.body).toContain("Escolha outra opção de entrega");
  });

  for (const mode of ["down", "slow", "wrong-json"] as const) {
    it(`offers the owner's table by state and WhatsApp when Melhor Envio is ${mode}`, async () => {
      fakes.quoteMode = mode;
      const started = Date.now();
      const found = await lookUp("01310100");
      expect(Date.now() - started).toBeLessThan(3_900);
      expect(found.options).toEqual([
        { id: "table", label: "Entrega para SP", feeCents: 55_00, time: "em até 10 dias úteis" },
        { id: "arrange", label: "Combinar pelo WhatsApp", feeCents: null, time: "a loja responde com o valor e o prazo" },
      ]);
      const placed = await checkout({ ...SAO_PAULO, deliveryOption: "table" });
      expect(placed.order).toMatchObject({ delivery_cents: 55_00, delivery_service: "Entrega para SP" });
    }, 20_000);
  }

  it("offers WhatsApp alone for a state without a line in the table", async () => {
    fakes.quoteMode = "down";
    const found = await lookUp("69900000", { uf: "AC", cidade: "Rio Branco" });
    expect(found.options.map((option) => option.id)).toEqual(["arrange"]);
    const placed = await checkout({ ...SAO_PAULO, cep: "69900-000", city: "Rio Branco", state: "AC", deliveryOption: "table" });
    expect(placed.status).toBe(409);
    const arranged = await checkout({ ...SAO_PAULO, cep: "69900-000", city: "Rio Branco", state: "AC", deliveryOption: "arrange" });
    expect(arranged.order).toMatchObject({ delivery_cents: null, delivery_service: "Combinar pelo WhatsApp" });
  });
});

describe("the CEP lookup", () => {
  for (const mode of ["down", "slow", "wrong-json"] as const) {
    it(`lets the shopper type the address when it is ${mode}, and still quotes by the state typed`, async () => {
      fakes.cepMode = mode;
      fakes.quoteMode = "down";
      const found = await lookUp("01310100", { uf: "SP", cidade: "São Paulo" });
      expect(found.address).toBeNull();
      expect(found.options[0]).toMatchObject({ id: "table", feeCents: 55_00 });
    }, 20_000);
  }

  it("says so for a CEP that does not exist", async () => {
    const found = await lookUp("99999999");
    expect(found).toMatchObject({ address: null, unknownCep: true });
  });

  it("refuses a CEP without 8 digits and a cart that is not one, with a message", async () => {
    const bad = await fetch(`${http.origin}/api/entrega?cep=5556&itens=${productId}x1`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: "O CEP tem 8 dígitos" });
    const cart = await fetch(`${http.origin}/api/entrega?cep=55560000&itens=abc`);
    expect(cart.status).toBe(400);
  });
});

describe("pick-up", () => {
  it("is free whatever the form says", async () => {
    const placed = await checkout({ deliveryMethod: "pickup", pickupLocationId: "1", deliveryCents: "999", deliveryOption: "carrier:2" });
    expect(placed.order).toMatchObject({ delivery_cents: 0, delivery_service: null });
  });
});

describe("/admin/entregas and the tracking code", () => {
  let admin: SignedInUser;
  beforeAll(async () => {
    admin = await signedInUser(app.context, "admin");
  });

  const postAs = (user: SignedInUser, path: string, fields: Record<string, string>) =>
    fetch(`${http.origin}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: user.cookie, origin: http.origin, "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });

  it("adds a bairro the checkout then charges, refuses a bad fee or a duplicate with a message, and logs the change", async () => {
    const saved = await postAs(admin, "/admin/entregas", { intent: "save-zone", city: "Sirinhaém", state: "PE", neighborhood: "Santo Amaro", feeCents: "9,50", freeAboveCents: "", deliveryTime: "no dia seguinte", cutoff: "" });
    expect(saved.status).toBe(302);
    const placed = await checkout({ cep: "55580-000", city: "Sirinhaem", state: "PE", neighborhood: "santo amaro", address: "Rua A", number: "1" });
    expect(placed.order).toMatchObject({ delivery_cents: 9_50, delivery_service: "Entrega da loja — Santo Amaro" });

    const badFee = await postAs(admin, "/admin/entregas", { intent: "save-zone", city: "Sirinhaém", state: "PE", neighborhood: "Outro", feeCents: "9.5" });
    expect(badFee.status).toBe(400);
    expect(await badFee.text()).toContain("Use o formato 1.234,56");
    const duplicate = await postAs(admin, "/admin/entregas", { intent: "save-zone", city: "SIRINHAÉM", state: "PE", neighborhood: "SANTO AMARO", feeCents: "1,00" });
    expect(duplicate.status).toBe(409);
    const { rows } = await t.pool.query("select action from audit_log where entity_type = 'delivery'");
    expect(rows).toEqual([{ action: "delivery.zone_save" }]);
  });

  it("keeps the fallback table by state", async () => {
    expect((await postAs(admin, "/admin/entregas", { intent: "save-rate", state: "AC", feeCents: "80,00", deliveryTime: "em até 15 dias úteis" })).status).toBe(302);
    fakes.quoteMode = "down";
    const found = await lookUp("69900000", { uf: "AC", cidade: "Rio Branco" });
    expect(found.options[0]).toMatchObject({ id: "table", feeCents: 80_00, time: "em até 15 dias úteis" });
    expect((await postAs(admin, "/admin/entregas", { intent: "delete-rate", state: "AC" })).status).toBe(302);
  });

  it("is the admin's only", async () => {
    const shopper = await signedInUser(app.context, "customer");
    const refused = await postAs(shopper, "/admin/entregas", { intent: "save-rate", state: "AM", feeCents: "1,00" });
    expect(refused.status).toBeGreaterThanOrEqual(300);
    expect(refused.status).not.toBe(200);
    const { rows } = await t.pool.query("select 1 from shipping_fallback_rates where state = 'AM'");
    expect(rows).toHaveLength(0);
  });

  it("takes the clerk's tracking code and shows its link on the shopper's order page", async () => {
    const placed = await checkout({ ...SAO_PAULO, deliveryOption: "carrier:1" });
    const { rows } = await t.pool.query<{ id: string; public_token: string }>("select id, public_token from orders order by created_at desc limit 1");
    const order = rows[0]!;
    expect(placed.order?.delivery_service).toBe("PAC (Correios)");
    const bad = await postAs(admin, `/admin/pedidos/${order.id}`, { intent: "tracking", trackingCode: "<b>x" });
    expect(bad.status).toBe(400);
    const saved = await postAs(admin, `/admin/pedidos/${order.id}`, { intent: "tracking", trackingCode: "qb 123456789 br" });
    expect(saved.status).toBe(200);
    const page = await (await fetch(`${http.origin}/pedido/${order.public_token}`)).text();
    expect(page).toContain("https://www.melhorrastreio.com.br/rastreio/QB123456789BR");
    expect(page).toContain("PAC (Correios)");
  });
});
