// The admin's orders and customers in the browser: an order placed by a shopper appears live on the
// open orders page, its status is changed from the detail modal, and the shopper's page shows it.
import { expect } from "@playwright/test";
import { testOnOwnServer as test } from "./app-server";
// Status changes move stock that other files' tests rely on: own server.
import { signInAsAdmin, E2E_ADMIN } from "./admin-login";
import { placeCheckoutOrder } from "./checkout-page";
import { gotoHydrated } from "./hydration";

test("an order placed in the shop appears live; its status changes from the modal and shows on the shopper's page", async ({ browser, page }) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page, "/admin/pedidos");
  await expect(page.getByRole("heading", { name: "Pedidos", level: 1 })).toBeVisible();
  await expect(page.getByTestId("live-state")).toHaveText("Ao vivo", { timeout: 10_000 });
  // Set on this document only: still there afterwards means the page was not reloaded.
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  const code = await placeCheckoutOrder(shopper, { name: "Joana Admin-Teste", email: "joana@example.com", phone: "81988887777", address: "Rua do Comércio", number: "25" });

  await expect(page.getByRole("button", { name: "Novo pedido!" })).toBeVisible({ timeout: 10_000 });
  const row = page.getByTestId("order-row").filter({ hasText: `#${code}` });
  await expect(row).toBeVisible();
  await expect(row).toContainText("Joana Admin-Teste");
  await expect(row).toContainText("Pendente");
  await expect(row).toContainText("Checkout");
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

  // The detail modal.
  await row.getByRole("link", { name: `#${code}` }).click();
  const dialog = page.getByRole("dialog", { name: `Pedido #${code}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Relógio Digital Unissex")).toBeVisible();
  await expect(dialog.getByText("Rua do Comércio, 25")).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Avisar cliente no WhatsApp" })).toHaveAttribute(
    "href",
    /^https:\/\/wa\.me\/5581988887777\?text=Ol%C3%A1%2C%20Joana!%20Seu%20pedido%20%23[0-9A-F]{8}%20est%C3%A1%3A%20Pendente/,
  );

  await dialog.getByLabel("Status do pedido").selectOption({ label: "Enviado" });
  await expect(dialog.getByText("Status atualizado com sucesso!")).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Avisar cliente no WhatsApp" })).toHaveAttribute("href", /est%C3%A1%3A%20Enviado/);
  await expect(row).toContainText("Enviado");

  // The shopper's page says so.
  const publicPath = await dialog.getByRole("link", { name: "Ver página do pedido" }).getAttribute("href");
  expect(publicPath).toMatch(/^\/pedido\/[A-Za-z0-9_-]{20,}$/);
  await gotoHydrated(shopper, publicPath!);
  await expect(shopper.getByTestId("order-status")).toHaveText("Enviado");
  await shopperContext.close();

  // Esc closes the modal; the order's own page has the same detail.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  const href = await row.getByRole("link", { name: `#${code}` }).getAttribute("href");
  await gotoHydrated(page, href!);
  await expect(page.getByRole("heading", { name: `Pedido #${code}`, level: 1 })).toBeVisible();
  await expect(page.getByLabel("Status do pedido")).toHaveValue("shipped");
  await expect(page).toHaveTitle(`Pedido #${code} | Painel Erick`);

  // Search by code and by status; nothing found says so.
  await gotoHydrated(page, "/admin/pedidos");
  await expect(page).toHaveTitle("Pedidos | Painel Erick");
  await page.getByLabel("Buscar pedido").fill(code.toLowerCase());
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page.getByTestId("order-row")).toHaveCount(1);
  await expect(page.getByText("1 pedido encontrado", { exact: true })).toBeVisible();
  await page.getByLabel("Status", { exact: true }).selectOption({ label: "Cancelado" });
  await expect(page).toHaveURL(/status=cancelled/);
  await expect(page.getByText("Nenhum pedido encontrado")).toBeVisible();
});

test("the customers page lists the admin with the 'Admin' badge and opens its detail", async ({ page }) => {
  await signInAsAdmin(page, "/admin/clientes");
  await expect(page.getByRole("heading", { name: "Clientes", level: 1 })).toBeVisible();
  await page.getByLabel("Buscar cliente").fill(E2E_ADMIN.email);
  await page.getByRole("button", { name: "Buscar" }).click();
  const row = page.getByTestId("customer-row").filter({ hasText: E2E_ADMIN.email });
  await expect(row).toHaveCount(1);
  await expect(row.getByText("Admin", { exact: true })).toBeVisible();
  await row.getByRole("link").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Esta é a sua conta", { exact: false })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Remover administrador" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(page).not.toHaveURL(/cliente=/);
});
