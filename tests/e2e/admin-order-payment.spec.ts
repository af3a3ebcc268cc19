// The order window's money in the browser, on a phone: a shop without a Pix provider, a clerk marks
// the order paid (the badge turns to 'Pago' with who and when), gives part back with a reason, and the
// list finds it under the 'Pago' filter with the amount given back; the shopper's page says so.
import { expect, test } from "@playwright/test";
import { signInAsAdmin } from "./admin-login";
import { placeCheckoutOrder } from "./checkout-page";
import { gotoHydrated } from "./hydration";

test("Marcar como pago, a partial refund with its reason, the list's payment filter and the shopper's page", async ({ browser, page }) => {
  test.setTimeout(90_000);
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  const code = await placeCheckoutOrder(shopper, { name: "Rita Pagamento", email: "rita@example.com", phone: "81977776666", address: "Rua Nova", number: "7" });

  await signInAsAdmin(page, `/admin/pedidos?q=${code}`);
  const row = page.getByTestId("order-row").filter({ hasText: `#${code}` });
  await expect(row.getByTestId("payment-badge").first()).toContainText("Aguardando");
  await gotoHydrated(page, (await row.getByRole("link", { name: `#${code}` }).getAttribute("href"))!);
  const money = page.getByTestId("order-payment");
  await money.getByRole("button", { name: /^Marcar como pago/ }).click();
  await expect(money.getByText(/^Pedido marcado como pago/)).toBeVisible();
  await expect(page.getByTestId("payment-badge")).toContainText("Pago");
  await expect(money.getByText(/^Pago R\$\s?[\d.,]+ em .*, marcado por /)).toBeVisible();
  await expect(money.getByRole("button", { name: /^Marcar como pago/ })).toHaveCount(0);

  await money.getByText("Devolver pagamento").click();
  await money.getByLabel("Valor (R$)").fill("999999,00");
  await money.getByLabel("Motivo").fill("Cliente trocou de ideia");
  await money.getByRole("button", { name: "Devolver" }).click();
  await expect(money.getByText(/^Valor maior que o pago: no máximo R\$/)).toBeVisible();
  await money.getByLabel("Valor (R$)").fill("10,00");
  await money.getByRole("button", { name: "Devolver" }).click();
  await expect(money.getByText("Devolução de R$ 10,00 registrada.")).toBeVisible();
  await expect(money.getByTestId("payment-refunds")).toContainText("Cliente trocou de ideia");
  await expect(page.getByTestId("payment-badge")).toContainText("R$ 10,00 devolvido");

  await gotoHydrated(page, `/admin/pedidos?q=${code}`);
  await page.getByLabel("Pagamento", { exact: true }).selectOption({ label: "Pago" });
  await expect(page).toHaveURL(/pagamento=paid/);
  await expect(page.getByTestId("order-row").filter({ hasText: `#${code}` })).toHaveCount(1);
  await page.getByLabel("Pagamento", { exact: true }).selectOption({ label: "Expirado" });
  await expect(page.getByText("Nenhum pedido encontrado")).toBeVisible();

  await shopper.reload();
  await expect(shopper.getByText("Pagamento confirmado")).toBeVisible();
  await expect(shopper.getByText("A loja devolveu R$ 10,00 para a sua conta.")).toBeVisible();
  await shopperContext.close();
});
