// A Pix order's page with a provider, in the browser on a phone: the checkout answers before the
// bank made the charge, the page says "Gerando o código PIX…", then shows the provider's QR and
// copia-e-cola without a reload; the WhatsApp text says the order waits for the Pix, with no code.
// A server of its own (PIX_PROVIDER=bacen against the local fake bank, mutual TLS, answering slowly).
import { expect, test } from "@playwright/test";
import { bacenPixEnvironment, startFakeBacenPix, type FakeBacenPix } from "../setup/fake-bacen-pix";
import { makeTestCertificates, type TestCertificates } from "../setup/test-certificates";
import { connectToShopDatabase } from "../system/shop-process";
import { startAppServer, type AppServer } from "./app-server";
import { placeCheckoutOrder } from "./checkout-page";

type PixShop = { app: AppServer; fake: FakeBacenPix; certs: TestCertificates };

const pixTest = test.extend<object, { pixShop: PixShop }>({
  pixShop: [
    async ({ browserName: _browserName }, provide) => {
      const certs = makeTestCertificates();
      const fake = await startFakeBacenPix(certs);
      const app = await startAppServer(bacenPixEnvironment(fake, certs));
      const database = connectToShopDatabase(app.dataDir);
      await database.pool.query(`update settings set data = jsonb_set(data, '{pixKey}', '"+5581998765432"') where id = 1`);
      await database.pool.end();
      await provide({ app, fake, certs });
      await app.stop();
      await fake.close();
      certs.remove();
    },
    // A fresh embedded PostgreSQL with the seed: slow on a busy 2-core machine.
    { scope: "worker", timeout: 180_000 },
  ],
  baseURL: async ({ pixShop }, provide, testInfo) => {
    await provide(pixShop.app.url);
    if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach("server output", { body: pixShop.app.output() });
  },
});

pixTest("'Gerando o código PIX…', then the bank's QR and copia-e-cola without a reload", async ({ page, pixShop }) => {
  pixTest.setTimeout(90_000);
  const { fake } = pixShop;
  // Each call to the bank takes 1.5 s (its token, then the charge): the order page opens first.
  fake.delayMs = 1500;
  try {
    await placeCheckoutOrder(page, { name: "Rita Banco", email: "rita.banco@example.com", phone: "81977775555", address: "Rua do Banco", number: "12" });
    await expect(page.getByText("Gerando o código PIX…")).toBeVisible();
    await expect(page.locator("#pix-code")).toHaveCount(0);
    const whatsapp = decodeURIComponent((await page.getByTestId("order-whatsapp").getAttribute("href"))!);
    expect(whatsapp).toContain("Aguardando o pagamento por PIX: o código está no link do pedido.");
    expect(whatsapp).not.toContain("PIX copia e cola");

    // No reload: the page asks again every second until the charge exists.
    const code = page.locator("#pix-code");
    await expect(code).toHaveValue(/^000201/, { timeout: 15_000 });
    const shown = await code.inputValue();
    expect([...fake.charges.values()].map((charge) => charge.pixCopiaECola)).toContain(shown);
    await expect(page.getByText(/^Aguardando o Pix\. Pague em até \d+:\d\d\./)).toBeVisible();
    await expect(page.getByText("Gerando o código PIX…")).toHaveCount(0);
    await expect(page.getByRole("img", { name: /^QR Code PIX do pedido/ })).toBeVisible();
  } finally {
    fake.delayMs = 0;
  }
});
