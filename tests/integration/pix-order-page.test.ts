// The shopper's side of a provider's Pix, through the real HTTP app, PostgreSQL and the local Banco
// Central provider (mutual TLS): the checkout places the order, its page shows the provider's code
// and turns to "Pagamento confirmado" once the provider says so (no webhook needed), an expired charge
// gives the units back and offers a new Pix, and a provider that is down leaves the static code.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readPixConfig } from "~/server/config.server";
import { createTestContext } from "../setup/admin-session";
import { bacenPixEnvironment, startFakeBacenPix, type FakeBacenPix } from "../setup/fake-bacen-pix";
import { startHttpApp, type HttpApp } from "../setup/http-app";
import { checkoutFormFields, orderableLine, type OrderLine } from "../setup/order-fixtures";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { makeTestCertificates, type TestCertificates } from "../setup/test-certificates";

let t: TestDatabase;
let certs: TestCertificates;
let fake: FakeBacenPix;
let app: Awaited<ReturnType<typeof createTestContext>>;
let http: HttpApp;
let line: OrderLine;
let lines: string;

beforeAll(async () => {
  t = await createTestDatabase();
  certs = makeTestCertificates();
  fake = await startFakeBacenPix(certs);
  app = await createTestContext(t);
  const { pix, problems } = readPixConfig(bacenPixEnvironment(fake, certs));
  expect(problems).toEqual([]);
  app.context.config = { ...app.context.config, pix };
  await t.pool.query(`update settings set data = jsonb_set(data, '{pixKey}', '"+5581998765432"') where id = 1`);
  http = await startHttpApp(app.context);
  ({ line, lines } = await orderableLine(t.pool, { stock: 5 }));
}, 120_000);

afterAll(async () => {
  await http?.close();
  await app?.close();
  await fake?.close();
  certs?.remove();
  await t?.close();
});

let keys = 0;
async function placePixOrder(): Promise<string> {
  const response = await fetch(`${http.origin}/checkout`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...checkoutFormFields(), lines, idempotencyKey: `pix-page-${Date.now()}-${(keys += 1)}` }),
  });
  expect(response.status).toBe(302);
  return new URL(response.headers.get("location")!, http.origin).pathname;
}

const page = (path: string) => fetch(`${http.origin}${path}`).then((response) => response.text());
const stock = async () => (await t.pool.query("select stock from product_variants where product_id = $1 and size = $2 and color = $3", [line.productId, line.size ?? "", line.color ?? ""])).rows[0].stock as number;
async function chargeOf(path: string) {
  const { rows } = await t.pool.query("select c.* from pix_charges c join orders o on o.id = c.order_id where o.public_token = $1 order by c.id desc limit 1", [path.split("/").pop()]);
  return rows[0] as { id: number; txid: string; copy_paste: string } | undefined;
}
/** As if the page's last look at the provider was a while ago (a visit reads it again every 10 s at most). */
const lookedLongAgo = (chargeId: number) => t.pool.query("update pix_charges set last_checked_at = now() - interval '1 minute' where id = $1", [chargeId]);

describe("a Pix order's page with a provider", () => {
  it("shows the provider's code, then 'Pagamento confirmado' once the provider says it is paid", async () => {
    const path = await placePixOrder();
    const first = await page(path);
    const charge = await chargeOf(path);
    expect(charge).toBeDefined();
    expect(first).toContain(charge!.copy_paste.replaceAll("&", "&amp;"));
    expect(first).toContain("Aguardando o Pix.");
    expect(first).not.toContain("Pagamento confirmado");

    await fake.pay(charge!.txid);
    await lookedLongAgo(charge!.id);
    const after = await page(path);
    expect(after).toContain("Pagamento confirmado");
    expect(after).not.toContain("PIX copia e cola");
  });

  it("an expired charge gives the units back and offers a new Pix, which takes them again", async () => {
    const before = await stock();
    const path = await placePixOrder();
    await page(path);
    expect(await stock()).toBe(before - 1);
    const charge = await chargeOf(path);
    await t.pool.query("update pix_charges set expires_at = now() - interval '1 minute' where id = $1", [charge!.id]);
    await lookedLongAgo(charge!.id);
    const expired = await page(path);
    expect(expired).toContain("O prazo do Pix acabou");
    expect(expired).toContain("Gerar novo Pix");
    expect(await stock()).toBe(before);

    const renewed = await fetch(`${http.origin}${path}`, { method: "POST", redirect: "manual" });
    expect(renewed.status).toBe(302);
    expect(await stock()).toBe(before - 1);
    const second = await chargeOf(path);
    expect(second!.txid).not.toBe(charge!.txid);
    expect(await page(path)).toContain("Aguardando o Pix.");
  });

  it("with the provider down, the order stands with the static code", async () => {
    fake.down = true;
    try {
      const path = await placePixOrder();
      const html = await page(path);
      expect(await chargeOf(path)).toBeUndefined();
      expect(html).toContain("PIX copia e cola");
      expect(html).toMatch(/0114\+5581998765432/);
    } finally {
      fake.down = false;
    }
  });
});
