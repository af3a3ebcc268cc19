// A pick-up order told it is ready: the clerk moves it to 'Pronto para retirada', the WhatsApp link
// goes to the shopper's number with the store's address, and the shopper's page shows the dated
// history and no longer offers to send the order. Cancelling asks first.
import { expect } from "@playwright/test";
import { SEED_STORE_LOCATIONS } from "#database/seed/shops";
import { testOnOwnServer as test } from "./app-server";
import { signInAsAdmin } from "./admin-login";
import { recordWhatsAppTab } from "./checkout-page";
import { gotoHydrated } from "./hydration";

const SPORTS = SEED_STORE_LOCATIONS.find((store) => store.slug === "sports")!;

test("a pick-up order's 'Pronto para retirada' reaches the shopper on WhatsApp and on the order page; cancelling asks first", async ({ browser, page }) => {
  test.setTimeout(90_000);
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  await recordWhatsAppTab(shopper);
  await gotoHydrated(shopper, "/produtos?q=relogio");
  const card = shopper.getByTestId("product-card").first();
  await card.getByRole("button", { name: "Adicionar" }).click();
  await expect(card.getByRole("button", { name: "Adicionado!" })).toBeVisible();
  await gotoHydrated(shopper, "/checkout");
  await shopper.getByLabel("Nome completo").fill("Joana Retirada");
  await shopper.getByLabel("E-mail", { exact: true }).fill("joana@example.com");
  await shopper.getByLabel("Telefone / WhatsApp").pressSequentially("81977776666");
  await shopper.getByLabel("Retirar na loja (grátis)").check();
  await shopper.getByRole("radio", { name: /Erick Sports/ }).check(); // the seed's sixth store
  await shopper.getByRole("button", { name: "Enviar Pedido" }).click();
  await expect(shopper).toHaveURL(/\/pedido\/[A-Za-z0-9_-]{20,}$/);
  const orderUrl = shopper.url();
  const code = (await shopper.getByRole("heading", { level: 1 }).textContent())!.match(/#([0-9A-F]{8})/)![1]!;
  await expect(shopper.getByTestId("order-whatsapp")).toBeVisible();

  await signInAsAdmin(page, "/admin/pedidos");
  await page.getByTestId("order-row").filter({ hasText: `#${code}` }).getByRole("link", { name: `#${code}` }).click();
  const dialog = page.getByRole("dialog", { name: `Pedido #${code}` });
  await dialog.getByLabel("Status do pedido").selectOption({ label: "Pronto para retirada" });
  await expect(dialog.getByText("Status atualizado com sucesso!")).toBeVisible();
  const link = dialog.getByRole("link", { name: "Avisar cliente no WhatsApp" });
  await expect(link).toHaveAttribute("href", /Pronto%20para%20retirada/);
  const url = new URL((await link.getAttribute("href"))!);
  expect(url.pathname).toBe("/5581977776666");
  expect(url.searchParams.get("text")).toContain(`Pode vir buscar na ${SPORTS.name}: ${SPORTS.address} (horário: ${SPORTS.hours}).`);

  await shopper.goto(orderUrl);
  await expect(shopper.getByTestId("order-status")).toHaveText("Pronto para retirada");
  const history = shopper.getByTestId("order-history").getByRole("listitem");
  await expect(history).toHaveCount(2);
  await expect(history.nth(0)).toContainText(/\d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}\s*Pedido recebido: Pendente/);
  await expect(history.nth(1)).toContainText(/\d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}\s*Pronto para retirada/);
  await expect(shopper.getByTestId("order-whatsapp")).toHaveCount(0);
  await expect(shopper.getByText("Agora toque em")).toHaveCount(0);

  // Cancelling: the dialog first; 'Voltar' changes nothing, 'Cancelar pedido' cancels.
  await dialog.getByLabel("Status do pedido").selectOption({ label: "Cancelado" });
  const confirm = page.getByRole("dialog", { name: "Cancelar este pedido?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Voltar" }).click();
  await expect(confirm).toBeHidden();
  await expect(dialog.getByLabel("Status do pedido")).toHaveValue("shipped");
  await dialog.getByLabel("Status do pedido").selectOption({ label: "Cancelado" });
  await confirm.getByRole("button", { name: "Cancelar pedido" }).click();
  await expect(dialog.getByText("Status atualizado com sucesso!")).toBeVisible();
  await expect(dialog.getByLabel("Status do pedido")).toHaveValue("cancelled");
  await shopperContext.close();
});
