// The checkout's delivery step on a phone (390 px): in Barreiros the bairro comes from the owner's list
// with its fee and time shown before sending, a bairro not in the list goes to WhatsApp, and a São Paulo
// address gets the carrier options (here the owner's table by state: the shared test server has no
// Melhor Envio). The fee recorded is the server's (tests/integration/delivery.test.ts proves that side).
import { expect, test, type Page } from "@playwright/test";
import { recordWhatsAppTab } from "./checkout-page";
import { gotoHydrated } from "./hydration";

async function checkoutWithOneProduct(page: Page) {
  await gotoHydrated(page, "/produtos?q=relogio");
  const card = page.getByTestId("product-card").first();
  await card.getByRole("button", { name: "Adicionar" }).click();
  await expect(card.getByRole("button", { name: "Adicionado!" })).toBeVisible();
  await gotoHydrated(page, "/checkout");
}

async function fitsThePhone(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test("Barreiros: the bairro from the owner's list with its fee and time; another bairro goes to WhatsApp", async ({ page }) => {
  await checkoutWithOneProduct(page);
  const step = page.getByTestId("delivery-step");
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
  await fitsThePhone(page);
  await options.getByLabel(/Combinar pelo WhatsApp/).check();
  await expect(page.getByTestId("delivery-fee")).toHaveText("A combinar");
  await options.getByLabel(/Entrega para SP/).check();
  await expect(page.getByTestId("delivery-fee")).toHaveText(/R\$\s55,00/);

  await page.getByLabel("PIX").check();
  await page.getByRole("button", { name: "Enviar Pedido" }).click();
  await expect(page).toHaveURL(/\/pedido\/[A-Za-z0-9_-]{20,}/);
  await expect(page.getByTestId("delivery-service")).toContainText("Entrega para SP");
});
