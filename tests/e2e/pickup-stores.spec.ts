// Issue 51, item 2, at 390 px in Chromium: the checkout's pick-up list says for each store whether it
// has the cart today or would get it by a transfer (and in how long), and a pick-up at a store without
// it tells the transfer on the order page.
import { expect, test } from "@playwright/test";
import { recordWhatsAppTab } from "./checkout-page";
import { gotoHydrated } from "./hydration";

test("the pick-up list says which stores have the cart today and which by a transfer; the order tells the transfer", async ({ page, isMobile }) => {
  test.skip(!isMobile, "the shopper's phone");
  test.setTimeout(120_000);
  await recordWhatsAppTab(page);
  await gotoHydrated(page, "/produtos?q=relogio");
  const card = page.getByTestId("product-card").first();
  await card.getByRole("button", { name: "Adicionar" }).click();
  await expect(card.getByRole("button", { name: "Adicionado!" })).toBeVisible();
  await gotoHydrated(page, "/checkout");
  await page.getByLabel("Nome completo").fill("Ana Retirada");
  await page.getByLabel("E-mail", { exact: true }).fill("ana@example.com");
  await page.getByLabel("Telefone / WhatsApp").pressSequentially("81966665555");
  await page.getByLabel("Retirar na loja (grátis)").check();

  const stores = page.getByTestId("pickup-stores").locator("label");
  await expect(stores).toHaveCount(6);
  const words = page.getByTestId("pickup-availability");
  await expect(words).toHaveCount(6);
  // The watch is on its own store's shelf: that store has it today, the others get it by a transfer.
  await expect(words.filter({ hasText: "Tem tudo hoje" })).not.toHaveCount(0);
  const transfer = stores.filter({ hasText: "Chega em 1 dia (transferência)" });
  await expect(transfer).not.toHaveCount(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "the list is wider than the phone").toBeLessThanOrEqual(0);

  const chosen = (await transfer.first().locator("span.font-semibold").first().textContent())!.trim();
  await transfer.first().getByRole("radio").check();
  await page.getByRole("button", { name: "Enviar Pedido" }).click();
  await expect(page).toHaveURL(/\/pedido\//);
  await expect(page.getByRole("heading", { name: "Retirada na loja" })).toBeVisible();
  await expect(page.getByText(chosen).first()).toBeVisible();
  await expect(page.getByTestId("pickup-transfer")).toContainText("(transferência): pronto para retirada em 1 dia útil");
});
