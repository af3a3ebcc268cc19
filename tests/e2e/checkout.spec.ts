import { expect, test, type Page } from "@playwright/test";
import { fillCheckoutForm, recordWhatsAppTab, whatsAppTabUrls } from "./checkout-page";
import { gotoHydrated } from "./hydration";

/** Adds the search's first product from its card; `choice` picks the size and colour (else the card's first in stock). */
async function addProduct(page: Page, query: string, choice: { size?: string; color?: string } = {}) {
  await gotoHydrated(page, `/produtos?q=${encodeURIComponent(query)}`);
  const card = page.getByTestId("product-card").first();
  if (choice.size) await card.getByLabel("Tamanho").selectOption(choice.size);
  if (choice.color) await card.getByLabel("Cor").selectOption(choice.color);
  await card.getByRole("button", { name: "Adicionar" }).click();
  await expect(card.getByRole("button", { name: "Adicionado!" })).toBeVisible();
}

test("an empty cart sends the shopper back to the cart", async ({ page }) => {
  await gotoHydrated(page, "/checkout");
  await expect(page).toHaveURL(/\/carrinho$/);
});

test("every required field shows the spec's message, and editing a field clears its error", async ({ page }) => {
  await addProduct(page, "chinelo");
  await gotoHydrated(page, "/checkout");
  await page.getByRole("button", { name: "Enviar Pedido" }).click();
  for (const message of [
    "Nome é obrigatório",
    "Telefone é obrigatório",
    "Endereço é obrigatório",
    "Número é obrigatório",
    "Bairro é obrigatório",
    "Cidade é obrigatória",
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await page.getByLabel("Nome completo").fill("M");
  await expect(page.getByText("Nome é obrigatório")).toHaveCount(0);
  await expect(page.getByText("Telefone é obrigatório")).toBeVisible();
  await expect(page.getByText("E-mail é obrigatório")).toHaveCount(0);

  await page.getByLabel("CPF (opcional)").pressSequentially("52998224724");
  await expect(page.getByLabel("CPF (opcional)")).toHaveValue("529.982.247-24");
  await page.getByRole("button", { name: "Enviar Pedido" }).click();
  await expect(page.getByText("Confira o CPF: os dígitos não conferem")).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
});

test("a phone typed without its area code is left as typed, and the message asks for the DDD", async ({ page }) => {
  await addProduct(page, "chinelo");
  await gotoHydrated(page, "/checkout");
  const phone = page.getByLabel("Telefone / WhatsApp");
  await phone.pressSequentially("99123-4567");
  await expect(phone).toHaveValue("99123-4567");
  await page.getByRole("button", { name: "Enviar Pedido" }).click();
  await expect(page.getByText("Inclua o DDD: (81) 99123-4567", { exact: true })).toBeVisible();
  await expect(phone).toHaveAccessibleDescription(/^Inclua o DDD/);

  await phone.fill("");
  await phone.pressSequentially("81991234567");
  await expect(phone).toHaveValue("(81) 99123-4567");
  await expect(page.getByText(/^Inclua o DDD/)).toHaveCount(0);
});

test("a full order is recorded, WhatsApp gets its text, the cart empties and the order page shows it", async ({ page }) => {
  await recordWhatsAppTab(page);
  await addProduct(page, "chinelo", { color: "Preto", size: "40" }); // R$ 39,90
  await addProduct(page, "relogio"); // R$ 79,90, the first colour, Preto
  await gotoHydrated(page, "/checkout");
  await fillCheckoutForm(page);
  await expect(page.getByTestId("delivery-fee")).toHaveText(/R\$\s5,00/);
  await expect(page.getByTestId("order-total")).toHaveText(/R\$\s124,80/);
  await page.getByLabel("PIX").check();
  await page.getByRole("button", { name: "Enviar Pedido" }).click();

  await expect(page).toHaveURL(/\/pedido\/[A-Za-z0-9_-]{20,}$/);
  await expect(page.getByText("Pedido registrado!")).toBeVisible();
  await expect(page.getByTestId("order-status")).toHaveText("Pendente");
  const heading = await page.getByRole("heading", { level: 1 }).textContent();
  const code = heading?.match(/#([0-9A-F]{8})/)?.[1];
  expect(code).toBeTruthy();
  await expect(page.getByTestId("cart-badge")).toHaveCount(0);

  const opened = await whatsAppTabUrls(page);
  expect(opened[0]).toBe("about:blank");
  const whatsapp = new URL(opened[1]!);
  expect(whatsapp.origin + whatsapp.pathname).toMatch(/^https:\/\/wa\.me\/\d{12,13}$/);
  const lines = (whatsapp.searchParams.get("text") ?? "").split("\n");
  expect(lines[0]).toBe(`Olá! Gostaria de fazer o pedido *#${code}*:`);
  for (const expected of [
    "Nome: Maria da Silva",
    "E-mail: maria@example.com",
    "Telefone: (81) 99999-8888",
    "Rua da Praia, 10",
    "Centro - Barreiros/PE",
    "1. Chinelo Slide Masculino",
    "   Tamanho: 40 | Cor: Preto",
    "2. Relógio Digital Unissex",
    "   Cor: Preto",
    "Pagamento: PIX",
  ]) {
    expect(lines).toContain(expected);
  }
  expect(lines).toContain("   1 x R$\u00a039,90 = R$\u00a039,90");
  expect(lines).toContain("Entrega: R$\u00a05,00");
  expect(lines).toContain("   1 x R$\u00a079,90 = R$\u00a079,90");
  expect(lines).toContain("*Total: R$\u00a0124,80*");
  // The link starts with the shop's trusted origin, never the request's Host: without PUBLIC_URL, the
  // address the owner confirmed in the settings, else the first start's (localhost here).
  expect(lines.at(-1)).toMatch(new RegExp(`^Acompanhe o pedido: http://(?:127\\.0\\.0\\.1|localhost):${new URL(page.url()).port}/pedido/[A-Za-z0-9_-]+$`));

  // The order page's own button carries the same message; a reload does not reopen WhatsApp.
  await expect(page.getByTestId("order-whatsapp")).toHaveAttribute("href", opened[1]!);
  // WhatsApp opened with the order: the page says so, and offers only to open it again.
  await expect(page.getByText("Seu pedido foi para o WhatsApp da loja")).toBeVisible();
  await expect(page.getByTestId("order-whatsapp")).toHaveText("Abrir o WhatsApp de novo");
  await page.reload();
  await expect(page.getByText("Pedido registrado!")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`#${code}`);
});

test("with the pop-up blocked, the shopper lands on the order page with its WhatsApp button", async ({ page }) => {
  await recordWhatsAppTab(page, { blocked: true });
  await addProduct(page, "relogio");
  await gotoHydrated(page, "/checkout");
  await fillCheckoutForm(page);
  await page.getByRole("button", { name: "Enviar Pedido" }).click();
  await expect(page).toHaveURL(/\/pedido\//);
  await expect(page.getByText("Agora toque em “Enviar pelo WhatsApp”")).toBeVisible();
  await expect(page.getByTestId("order-whatsapp")).toHaveAttribute("href", /^https:\/\/wa\.me\/\d+\?text=/);
  await expect(page.getByRole("link", { name: "Voltar para o início" })).toHaveAttribute("href", "/");
});

test("pick-up in a store is free and needs no address", async ({ page }) => {
  await recordWhatsAppTab(page);
  await addProduct(page, "relogio");
  await gotoHydrated(page, "/checkout");
  await page.getByLabel("Nome completo").fill("João");
  await page.getByLabel("E-mail", { exact: true }).fill("joao@example.com");
  await page.getByLabel("Telefone / WhatsApp").fill("(81) 98888-7777");
  await page.getByLabel("Retirar na loja (grátis)").check();
  await expect(page.getByTestId("delivery-fee")).toHaveText("Grátis");
  await page.getByRole("button", { name: "Enviar Pedido" }).click();
  await expect(page.getByText("Escolha a loja para retirada")).toBeVisible();
  // Each store says whether it has the cart today or would get it by a transfer (issue 51).
  await expect(page.getByTestId("pickup-availability").first()).toHaveText(/Tem tudo hoje|Chega em 1 dia \(transferência\)/);
  await page.getByRole("radio", { name: /Erick Sports/ }).check();
  await page.getByRole("button", { name: "Enviar Pedido" }).click();
  await expect(page).toHaveURL(/\/pedido\//);
  await expect(page.getByRole("heading", { name: "Retirada na loja" })).toBeVisible();
  await expect(page.getByText("Erick Sports", { exact: false }).first()).toBeVisible();
});

test("an unknown order code is a 404 page, not someone else's order", async ({ page }) => {
  const response = await page.goto("/pedido/AAAAAAAAAAAAAAAAAAAAAA");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Pedido não encontrado" })).toBeVisible();
});

test("the cart's 'Finalizar pelo WhatsApp' records the order before WhatsApp opens", async ({ page }) => {
  await recordWhatsAppTab(page);
  await addProduct(page, "chinelo");
  await addProduct(page, "bola de futebol");
  await gotoHydrated(page, "/carrinho");
  await page.getByRole("button", { name: "Finalizar pelo WhatsApp" }).click();
  await expect(page).toHaveURL(/\/pedido\/[A-Za-z0-9_-]{20,}$/);
  await expect(page.getByTestId("order-status")).toHaveText("Pendente");
  await expect(page.getByTestId("cart-badge")).toHaveCount(0);
  const opened = await whatsAppTabUrls(page);
  const text = new URL(opened[1]!).searchParams.get("text") ?? "";
  expect(text).toMatch(/^Olá! Gostaria de fazer o pedido \*#[0-9A-F]{8}\*:/);
  expect(text).toContain("1. Chinelo Slide Masculino");
  expect(text).toContain("2. Bola de Futebol de Campo");
  expect(text).not.toContain("Nome:");
  await expect(page.getByText("A combinar pelo WhatsApp.")).toBeVisible();
});

test("a shopper without an e-mail orders with the phone only: no e-mail line in the WhatsApp text", async ({ page }) => {
  await recordWhatsAppTab(page);
  await addProduct(page, "relogio");
  await gotoHydrated(page, "/checkout");
  await expect(page.getByLabel("E-mail", { exact: true })).toHaveAccessibleDescription(/Opcional/);
  await fillCheckoutForm(page, { email: "", name: "Dona Sem Email" });
  await page.getByRole("button", { name: "Enviar Pedido" }).click();
  await expect(page).toHaveURL(/\/pedido\/[A-Za-z0-9_-]{20,}$/);
  await expect(page.getByText("Pedido registrado!")).toBeVisible();
  const text = new URL((await whatsAppTabUrls(page))[1]!).searchParams.get("text") ?? "";
  expect(text).toContain("Nome: Dona Sem Email");
  expect(text).toContain("Telefone: (81) 99999-8888");
  expect(text).not.toContain("E-mail");
});
