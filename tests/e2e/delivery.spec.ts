// The checkout's delivery step on a phone (390 px): in Barreiros the bairro comes from the owner's list
// with its fee and time shown before sending, a bairro not in the list goes to WhatsApp, and a São Paulo
// address gets the carrier options (here the owner's table by state: the shared test server has no
// Melhor Envio). The fee recorded is the server's (tests/integration/delivery.test.ts proves that side).
import { expect, test, type Page } from "@playwright/test";
import { startFakeDeliveryServices } from "../setup/delivery-fakes";
import { startAppServer } from "./app-server";
import { recordWhatsAppTab } from "./checkout-page";
import { gotoHydrated } from "./hydration";

async function checkoutWithOneProduct(page: Page, origin = "") {
  await gotoHydrated(page, `${origin}/produtos?q=relogio`);
  const card = page.getByTestId("product-card").first();
  await card.getByRole("button", { name: "Adicionar" }).click();
  await expect(card.getByRole("button", { name: "Adicionado!" })).toBeVisible();
  await gotoHydrated(page, `${origin}/checkout`);
}

async function fitsThePhone(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test("Barreiros: the bairro from the owner's list with its fee and time; another bairro goes to WhatsApp", async ({ page }) => {
  await checkoutWithOneProduct(page);
  const step = page.getByTestId("delivery-step");
  // The shared test server has no CEP lookup: the page does not promise to fill the address.
  await expect(step.getByText("Com o CEP calculamos o frete; preencha o endereço abaixo.")).toBeVisible();
  await expect(step.getByText(/Preenchemos o endereço/)).toHaveCount(0);
  await step.getByLabel("CEP").pressSequentially("55560000");
  await expect(step.getByLabel("CEP")).toHaveValue("55560-000");
  await step.getByLabel("Cidade", { exact: true }).fill("Barreiros");
  const bairro = step.getByLabel("Bairro", { exact: true });
  await expect(bairro).toHaveJSProperty("tagName", "SELECT");
  await expect(page.getByTestId("delivery-quote")).toHaveText("Escolha o bairro para ver a taxa e o prazo.");
  await bairro.selectOption("Cohab");
  await expect(page.getByTestId("delivery-quote")).toContainText("Entrega da loja — Cohab: R$ 7,00 · no mesmo dia · pedidos até 16h saem hoje");
  await expect(page.getByTestId("delivery-fee")).toHaveText(/R\$\s7,00/);
  await fitsThePhone(page);

  await bairro.selectOption({ label: "Outro bairro (combinar pelo WhatsApp)" });
  await step.getByLabel("Qual bairro?").fill("Praia do Porto");
  await expect(page.getByTestId("delivery-quote")).toContainText("combinamos a entrega e o frete pelo WhatsApp");
  await expect(page.getByTestId("delivery-fee")).toHaveText("A combinar");
  await fitsThePhone(page);
});

test("São Paulo: carrier options before sending, and the order records the one chosen", async ({ page }) => {
  await recordWhatsAppTab(page);
  await checkoutWithOneProduct(page);
  await page.getByLabel("Nome completo").fill("Ana Souza");
  await page.getByLabel("E-mail", { exact: true }).fill("ana@example.com");
  await page.getByLabel("Telefone / WhatsApp").pressSequentially("11988887777");
  const step = page.getByTestId("delivery-step");
  await step.getByLabel("Estado").selectOption("SP");
  await step.getByLabel("CEP").pressSequentially("01310100");
  await step.getByLabel("Endereço", { exact: true }).fill("Avenida Paulista");
  await step.getByLabel("Número", { exact: true }).fill("1000");
  await step.getByLabel("Cidade", { exact: true }).fill("São Paulo");
  await step.getByLabel("Bairro", { exact: true }).fill("Bela Vista");
  const options = step.getByRole("radiogroup", { name: "Como receber" });
  await expect(options.getByRole("radio")).toHaveCount(2);
  await expect(options).toContainText("Entrega para SP");
  await expect(options).toContainText("Combinar pelo WhatsApp");
  await expect(page.getByTestId("delivery-fee")).toHaveText(/R\$\s55,00/);
  // Paid before it ships: PIX only (chosen for the shopper), never cash, store credit or a card.
  const payment = page.getByRole("group", { name: "Pagamento" });
  await expect(payment.getByRole("radio")).toHaveCount(1);
  await expect(payment.getByLabel("PIX")).toBeChecked();
  await expect(page.getByTestId("payment-note")).toHaveText("Entrega por transportadora: o pagamento é pelo PIX, antes do envio.");
  await expect(payment.getByLabel("Parcelas")).toHaveCount(0);
  await fitsThePhone(page);
  await options.getByLabel(/Combinar pelo WhatsApp/).check();
  await expect(page.getByTestId("delivery-fee")).toHaveText("A combinar");
  await expect(payment.getByLabel("Dinheiro")).toBeVisible();
  await expect(payment.getByLabel("Crediário da Loja")).toBeVisible();
  await expect(page.getByTestId("payment-note")).toHaveCount(0);
  await options.getByLabel(/Entrega para SP/).check();
  await expect(page.getByTestId("delivery-fee")).toHaveText(/R\$\s55,00/);
  await expect(payment.getByRole("radio")).toHaveCount(1);

  await page.getByLabel("PIX").check();
  await page.getByRole("button", { name: "Enviar Pedido" }).click();
  await expect(page).toHaveURL(/\/pedido\/[A-Za-z0-9_-]{20,}/);
  await expect(page.getByTestId("delivery-service")).toContainText("Entrega para SP");
});

test("with a CEP lookup, a new CEP replaces the earlier one's street, bairro and town", async ({ page }) => {
  test.setTimeout(180_000);
  const fakes = await startFakeDeliveryServices();
  const app = await startAppServer({ CEP_LOOKUP_URL: fakes.cepTemplate }, { timeoutMs: 150_000 });
  try {
    await checkoutWithOneProduct(page, app.url);
    const step = page.getByTestId("delivery-step");
    await expect(step.getByText("Preenchemos o endereço pelo CEP; você pode corrigir.")).toBeVisible();
    const cep = step.getByLabel("CEP");
    await cep.pressSequentially("50030230");
    await expect(step.getByLabel("Endereço", { exact: true })).toHaveValue("Rua do Bom Jesus");
    await expect(step.getByLabel("Bairro", { exact: true })).toHaveValue("Recife");
    await expect(step.getByLabel("Cidade", { exact: true })).toHaveValue("Recife");

    // Tamandaré has one CEP for the whole town: no street, no bairro, and none of Recife's kept.
    await cep.fill("");
    await cep.pressSequentially("55578000");
    await expect(step.getByLabel("Cidade", { exact: true })).toHaveValue("Tamandaré");
    await expect(step.getByLabel("Estado")).toHaveValue("PE");
    await expect(step.getByLabel("Endereço", { exact: true })).toHaveValue("");
    await expect(step.getByLabel("Bairro", { exact: true })).toHaveValue("");
    await fitsThePhone(page);
  } finally {
    await app.stop();
    await fakes.close();
  }
});
