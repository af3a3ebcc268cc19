// Issue 51, item 6: PIX at the counter on the clerk's phone (390 px). Choosing PIX and "Concluir
// venda" opens the sale's PIX screen: the provider's QR code across the screen's width and its
// copia-e-cola, for the sale's total; the sale is not paid until the bank says so; once the local fake
// bank has the payment, the screen (asking every 3 s, no webhook needed) says "Pagamento confirmado".
// A server of its own: PIX_PROVIDER=bacen against the local fake bank (mutual TLS).
import { expect, test } from "@playwright/test";
import { bacenPixEnvironment, startFakeBacenPix, type FakeBacenPix } from "../setup/fake-bacen-pix";
import { makeTestCertificates, type TestCertificates } from "../setup/test-certificates";
import { connectToShopDatabase } from "../system/shop-process";
import { signInAsAdmin } from "./admin-login";
import { startAppServer, type AppServer } from "./app-server";

type PixShop = { app: AppServer; fake: FakeBacenPix; certs: TestCertificates };

const pixTest = test.extend<object, { pixShop: PixShop }>({
  pixShop: [
    async ({ browserName: _browserName }, provide) => {
      const certs = makeTestCertificates();
      const fake = await startFakeBacenPix(certs);
      // A fresh embedded PostgreSQL with the seed: minutes on a busy 2-core machine.
      const app = await startAppServer(bacenPixEnvironment(fake, certs), { timeoutMs: 300_000 });
      const database = connectToShopDatabase(app.dataDir);
      await database.pool.query(`update settings set data = jsonb_set(data, '{pixKey}', '"+5581998765432"') where id = 1`);
      await database.pool.end();
      await provide({ app, fake, certs });
      await app.stop();
      await fake.close();
      certs.remove();
    },
    { scope: "worker", timeout: 360_000 },
  ],
  baseURL: async ({ pixShop }, provide, testInfo) => {
    await provide(pixShop.app.url);
    if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach("server output", { body: pixShop.app.output() });
  },
});

pixTest("PIX at the counter: the bank's QR for the sale's total on the clerk's phone, then 'Pagamento confirmado'", async ({ page, pixShop, isMobile }) => {
  pixTest.skip(!isMobile, "the clerk's phone");
  pixTest.setTimeout(180_000);
  await signInAsAdmin(page, "/admin/balcao");

  // A store holding the watch (units are per store).
  const store = page.getByLabel("Loja");
  const storeIds = (await store.locator("option").evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))).filter(Boolean);
  let watchStore = "";
  for (const id of storeIds) {
    const found = (await (await page.request.get(`/admin/balcao/produtos?loja=${id}&q=relogio`)).json()) as { products: { variants: { color: string; stock: number }[] }[] };
    if ((found.products[0]?.variants.find((variant) => variant.color === "Preto")?.stock ?? 0) >= 1) watchStore = id;
    if (watchStore) break;
  }
  expect(watchStore, "a store holding the watch").not.toBe("");
  await store.selectOption(watchStore);

  await page.getByPlaceholder("Buscar pelo nome").fill("relog");
  await page.getByRole("list", { name: "Produtos encontrados" }).getByRole("button", { name: /Relógio Digital Unissex/ }).click();
  const item = page.getByRole("region", { name: "Produto" });
  await item.getByRole("button", { name: /^Preto/ }).click();
  await item.getByRole("button", { name: "Adicionar à venda" }).click();
  const sale = page.getByRole("form", { name: "Venda no balcão" });
  await sale.getByRole("button", { name: "PIX", exact: true }).click();
  await sale.getByRole("button", { name: "Concluir venda" }).click();

  await expect(page).toHaveURL(/\/admin\/balcao\/pix\/[0-9a-f-]{36}$/);
  const orderId = page.url().split("/").pop()!;
  const qr = page.getByRole("img", { name: /^QR Code PIX da venda/ });
  await expect(qr).toBeVisible({ timeout: 20_000 });
  const code = await page.locator("#counter-pix-code").inputValue();
  const charge = [...pixShop.fake.charges.values()].find((candidate) => candidate.pixCopiaECola === code);
  expect(charge, "the code shown is the bank's charge").toBeDefined();
  await expect(page.getByTestId("counter-pix-total")).toHaveText(`R$\u00a0${charge!.valor.original.replace(".", ",")}`);
  // Big enough to scan from the counter: across most of a 390 px screen, and nothing off it.
  const box = (await qr.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(300);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expect(page.getByText("Aguardando o pagamento: a venda fica paga sozinha quando o banco confirmar.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Confirmar pagamento recebido" })).toHaveCount(0);

  // Not paid at once: the bank has not said so.
  const database = connectToShopDatabase(pixShop.app.dataDir);
  try {
    expect((await database.pool.query("select status from order_payments where order_id = $1", [orderId])).rows[0]).toEqual({ status: "awaiting" });
    await pixShop.fake.pay(charge!.txid);
    await expect(page.getByText("Pagamento confirmado")).toBeVisible({ timeout: 20_000 });
    expect((await database.pool.query("select status, confirmed_by from order_payments where order_id = $1", [orderId])).rows[0]).toEqual({ status: "paid", confirmed_by: "pix" });
  } finally {
    await database.pool.end();
  }
  await page.getByRole("link", { name: "Ver recibo" }).click();
  await expect(page.getByRole("article", { name: "Recibo" })).toContainText("Relógio Digital Unissex (Preto)");
});
