// Delivery rules that hold whatever the browser sends, through the real app over HTTP with the local
// fakes of the CEP lookup and Melhor Envio (tests/setup/delivery-fakes.ts): the money fields of
// /admin/entregas have a maximum, the CEP decides the state (and the lookup the town), and the carrier
// quote at the checkout counts against the delivery look-ups' allowance.
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
let admin: SignedInUser;
let lines: string;
let keys = 0;

beforeAll(async () => {
  t = await createTestDatabase();
  fakes = await startFakeDeliveryServices();
  app = await createTestContext(t);
  app.context.config = { ...app.context.config, cepLookupUrl: fakes.cepTemplate, melhorEnvio: { token: "token-de-teste-do-melhor-envio", url: fakes.origin } };
  // Each case checks out from its own address (X-Forwarded-For from loopback), so limits never mix.
  app.context.config = { ...app.context.config, trustProxy: "loopback", orderLimits: { perAddress: 1_000, perPhone: 1_000 } };
  http = await startHttpApp(app.context);
  lines = (await orderableLine(t.pool)).lines;
  admin = await signedInUser(app.context, "admin");
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
  const cep = (await http.loadModule("/app/server/delivery/cep-lookup.server.ts")) as { forgetCepLookups: () => void };
  const quotes = (await http.loadModule("/app/server/delivery/melhor-envio.server.ts")) as { forgetCarrierQuotes: () => void };
  cep.forgetCepLookups();
  quotes.forgetCarrierQuotes();
});

async function postAs(user: SignedInUser, path: string, fields: Record<string, string>) {
  const response = await fetch(`${http.origin}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: user.cookie, origin: http.origin, "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  return { status: response.status, body: (await response.text()).replace(/\\+"/g, '"') };
}

/** Posts the checkout from `address`; for a placed order, its delivery as recorded. */
async function checkout(fields: Record<string, string>, address = "10.0.0.1") {
  const response = await fetch(`${http.origin}/checkout`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: http.origin, "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": address },
    body: new URLSearchParams({ ...checkoutFormFields(), phone: `(81) 9${String(10_000 + (keys += 1)).slice(-4)}-1234`, lines, idempotencyKey: `delivery-rules-key-${keys}-padding`, ...fields }),
  });
  const body = (await response.text()).replace(/\\+"/g, '"');
  const token = /\/pedido\/([^?]+)/.exec(response.headers.get("location") ?? "")?.[1];
  if (!token) return { status: response.status, body, order: null };
  const { rows } = await t.pool.query<{ delivery_cents: number | null; delivery_service: string | null }>("select delivery_cents, delivery_service from orders where public_token = $1", [token]);
  return { status: response.status, body, order: rows[0]! };
}

const SAO_PAULO = { cep: "01310-100", city: "São Paulo", state: "SP", neighborhood: "Bela Vista", address: "Avenida Paulista", number: "1000" };

describe("the CEP decides the state, and the lookup the town", () => {
  it("without a lookup: a São Paulo CEP typed as PE is a field message, not PE's table fee; as SP it pays SP's", async () => {
    fakes.cepMode = "down";
    const asPe = await checkout({ ...SAO_PAULO, state: "PE", deliveryOption: "table" });
    expect(asPe.status).toBe(400);
    expect(asPe.order).toBeNull();
    expect(asPe.body).toContain("O CEP 01310-100 é de SP. Confira o CEP ou escolha SP no estado.");
    const asPb = await checkout({ ...SAO_PAULO, state: "PB", deliveryOption: "table" });
    expect(asPb.status).toBe(400);
    const asSp = await checkout({ ...SAO_PAULO, deliveryOption: "table" });
    expect(asSp.order).toMatchObject({ delivery_cents: 55_00, delivery_service: "Entrega para SP" });
  });

  it("a São Paulo CEP typed as Barreiros, Centro, never gets the bairro's local fee", async () => {
    const local = { ...SAO_PAULO, city: "Barreiros", neighborhood: "Centro", deliveryOption: "local" };
    // The lookup answers: the town is the CEP's.
    const looked = await checkout({ ...local, state: "SP" });
    expect(looked.status).toBe(400);
    expect(looked.body).toContain("O CEP 01310-100 é de São Paulo (SP). Confira o CEP ou a cidade.");
    expect(looked.order).toBeNull();
    // No lookup: as PE the state is refused; as SP, Barreiros of SP is no town of the shop's: agreed on WhatsApp.
    fakes.cepMode = "down";
    ((await http.loadModule("/app/server/delivery/cep-lookup.server.ts")) as { forgetCepLookups: () => void }).forgetCepLookups();
    expect((await checkout({ ...local, state: "PE" })).status).toBe(400);
    const asSp = await checkout({ ...local, state: "SP" });
    expect(asSp.order).toMatchObject({ delivery_cents: null, delivery_service: "Combinar pelo WhatsApp" });
    // The real Barreiros still pays its bairro's fee.
    const barreiros = await checkout({ cep: "55560-000", city: "Barreiros", state: "PE", neighborhood: "Centro", deliveryOption: "local" });
    expect(barreiros.order?.delivery_cents).toBe(5_00);
  });

  it("the delivery step prices by the CEP's state, whatever state the page sends", async () => {
    fakes.cepMode = "down";
    fakes.quoteMode = "down";
    const response = await fetch(`${http.origin}/api/entrega?${new URLSearchParams({ cep: "01310100", itens: `${JSON.parse(lines)[0].productId}x1`, uf: "PB", cidade: "São Paulo" })}`, {
      headers: { "x-forwarded-for": "10.0.0.2" },
    });
    const found = (await response.json()) as { options: { id: string; feeCents: number | null }[] };
    expect(found.options[0]).toMatchObject({ id: "table", feeCents: 55_00 });
  });
});

describe("Melhor Envio through the checkout", () => {
  it("70 checkouts with fresh CEPs from one address, 10 at a time: 60 carrier calls (the delivery look-ups' allowance), the rest refused in pt-BR", async () => {
    const ceps = Array.from({ length: 70 }, (_, index) => `01${String(index).padStart(3, "0")}-000`);
    const attempts: Awaited<ReturnType<typeof checkout>>[] = [];
    // Ten at once (the test database's pool is small): concurrent checkouts never slip past the count.
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        for (let cep = ceps.pop(); cep; cep = ceps.pop()) attempts.push(await checkout({ ...SAO_PAULO, cep, deliveryOption: "carrier:1" }, "10.0.0.3"));
      }),
    );
    expect(fakes.quoteRequests).toHaveLength(60);
    expect(attempts.filter((attempt) => attempt.order !== null)).toHaveLength(60);
    const refused = attempts.filter((attempt) => attempt.order === null);
    expect(refused).toHaveLength(10);
    for (const attempt of refused) {
      expect(attempt.status).toBe(429);
      expect(attempt.body).toContain("Muitas consultas de entrega seguidas");
    }
    // /api/entrega shares the allowance.
    const lookup = await fetch(`${http.origin}/api/entrega?${new URLSearchParams({ cep: "01310100", itens: `${JSON.parse(lines)[0].productId}x1` })}`, { headers: { "x-forwarded-for": "10.0.0.3" } });
    expect(lookup.status).toBe(429);
  }, 120_000);

  it("asks nothing for a client already at its order limit, and a quote already made costs no look-up", async () => {
    await t.pool.query("insert into rate_limits (key, count, window_start) values ('order|address|10.0.0.4', 1000, now())");
    const refused = await checkout({ ...SAO_PAULO, cep: "01400-000", deliveryOption: "carrier:1" }, "10.0.0.4");
    expect(refused.status).toBe(429);
    expect(refused.body).toContain("Recebemos muitos pedidos seguidos");
    expect(fakes.quoteRequests).toHaveLength(0);
    const { rows } = await t.pool.query("select 1 from rate_limits where key = 'delivery-lookup|10.0.0.4'");
    expect(rows).toHaveLength(0);

    // The same CEP and cart again within the quote's life: one call, one look-up.
    expect((await checkout({ ...SAO_PAULO, deliveryOption: "carrier:1" }, "10.0.0.5")).order).not.toBeNull();
    expect((await checkout({ ...SAO_PAULO, deliveryOption: "carrier:1" }, "10.0.0.5")).order).not.toBeNull();
    expect(fakes.quoteRequests).toHaveLength(1);
    const { rows: counted } = await t.pool.query<{ count: number }>("select count from rate_limits where key = 'delivery-lookup|10.0.0.5'");
    expect(counted).toEqual([{ count: 1 }]);
  });
});

describe("/admin/entregas towns", () => {
  it("'Sirinhaem' without the accent joins Sirinhaém instead of making a second town; the same bairro so typed is refused", async () => {
    const saved = await postAs(admin, "/admin/entregas", { intent: "save-zone", city: "sirinhaem", state: "PE", neighborhood: "Vila Nova", feeCents: "6,00", freeAboveCents: "", deliveryTime: "", cutoff: "" });
    expect(saved.status).toBe(302);
    const { rows } = await t.pool.query<{ city: string }>("select distinct city from delivery_zones where city ilike 'sirinha%'");
    expect(rows).toEqual([{ city: "Sirinhaém" }]);
    const again = await postAs(admin, "/admin/entregas", { intent: "save-zone", city: "SIRINHAEM", state: "PE", neighborhood: "vila nova", feeCents: "7,00" });
    expect(again.status).toBe(409);
  });
});

describe("/admin/entregas money fields", () => {
  it("refuses a fee, a free-above amount or a state's fee past the maximum with a field message, and saves nothing", async () => {
    const before = await t.pool.query("select (select count(*) from delivery_zones) as zones, (select count(*) from shipping_fallback_rates) as rates");
    const zone = { intent: "save-zone", city: "Barreiros", state: "PE", neighborhood: "Bairro Caro", feeCents: "8,00", freeAboveCents: "", deliveryTime: "", cutoff: "" };
    for (const fields of [
      { ...zone, feeCents: "21.474.836,48" },
      { ...zone, freeAboveCents: "21.474.836,48" },
      { intent: "save-rate", state: "RR", feeCents: "21.474.836,48", deliveryTime: "" },
    ]) {
      const refused = await postAs(admin, "/admin/entregas", fields);
      expect(refused.status).toBe(400);
      expect(refused.body).toContain("Valor acima do máximo de R$ 1.000.000,00");
    }
    const after = await t.pool.query("select (select count(*) from delivery_zones) as zones, (select count(*) from shipping_fallback_rates) as rates");
    expect(after.rows).toEqual(before.rows);
  });
});

describe("a carrier delivery is paid by what can be paid at a distance", () => {
  const ordersCount = async () => Number((await t.pool.query<{ count: string }>("select count(*) from orders")).rows[0]!.count);

  it("refuses cash, store credit and cards for a carrier or the table by state, before any quote, recording nothing", async () => {
    const before = await ordersCount();
    for (const [deliveryOption, paymentMethod] of [["carrier:1", "cash"], ["carrier:2", "store_credit"], ["table", "credit"], ["table", "debit"]] as const) {
      const refused = await checkout({ ...SAO_PAULO, deliveryOption, paymentMethod, installments: "1" }, "10.0.0.20");
      expect(refused.status).toBe(400);
      expect(refused.order).toBeNull();
      expect(refused.body).toContain("Entrega por transportadora: o pagamento é pelo PIX, antes do envio.");
    }
    expect(fakes.quoteRequests).toHaveLength(0);
    expect(await ordersCount()).toBe(before);

    const byPix = await checkout({ ...SAO_PAULO, deliveryOption: "carrier:1", paymentMethod: "pix" }, "10.0.0.20");
    expect(byPix.order).toMatchObject({ delivery_service: "PAC (Correios)" });
  });

  it("keeps every method the settings allow for the shop's own delivery and for WhatsApp", async () => {
    const local = await checkout({ cep: "55560-000", city: "Barreiros", state: "PE", address: "Rua do Rio", number: "12", neighborhood: "Cohab", deliveryOption: "local", paymentMethod: "cash" }, "10.0.0.21");
    expect(local.order).not.toBeNull();
    const arranged = await checkout({ ...SAO_PAULO, deliveryOption: "arrange", paymentMethod: "store_credit" }, "10.0.0.21");
    expect(arranged.order).toMatchObject({ delivery_service: "Combinar pelo WhatsApp" });
  });
});
