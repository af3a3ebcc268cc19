// Coupons in the browser: the admin creates one in /admin/cupons; a shopper on a phone gets it from a
// flyer's link (/?cupom=…) in the cart, sees what it takes off, places the order through the checkout,
// and reads the discount in the WhatsApp text and on the order page.
import { expect, test } from "@playwright/test";
import { signInAsAdmin } from "./admin-login";
import { fillCheckoutForm, recordWhatsAppTab, whatsAppTabUrls } from "./checkout-page";
import { gotoHydrated } from "./hydration";

test("a coupon applied in the cart is on the order: WhatsApp text and order page", async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  // One coupon per project: phone and desktop share the test server.
  const code = `DEZ${testInfo.project.name.replace(/\W/g, "").toUpperCase()}`;
  await signInAsAdmin(page, "/admin/cupons");
  await page.getByLabel("Código").fill(code.toLowerCase());
  await page.getByLabel("Porcentagem (%)").fill("10");
  await page.getByRole("button", { name: "Salvar cupom" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Cupom ${code} salvo.` })).toBeVisible();
  await expect(page.getByTestId("coupon-row").filter({ hasText: code })).toContainText("10%");

  const shopperContext = await browser.newContext({ ...testInfo.project.use });
  const shopper = await shopperContext.newPage();
  await recordWhatsAppTab(shopper);
  await gotoHydrated(shopper, "/produtos?q=relogio"); // Relógio Digital Unissex, R$ 79,90
  const card = shopper.getByTestId("product-card").first();
  await card.getByRole("button", { name: "Adicionar" }).click();
  await expect(card.getByRole("button", { name: "Adicionado!" })).toBeVisible();

  // A code that does not exist says so; the flyer's link brings the real one into the cart.
  await gotoHydrated(shopper, "/carrinho");
  await shopper.getByLabel("Cupom de desconto").fill("naoexiste");
  await shopper.getByRole("button", { name: "Aplicar" }).click();
  await expect(shopper.getByTestId("coupon-message")).toHaveText("Cupom NAOEXISTE não encontrado. Confira o código.");
  await gotoHydrated(shopper, `/?cupom=${code.toLowerCase()}`);
  await expect(shopper).toHaveURL(/\/carrinho$/);
  await expect(shopper.getByTestId("coupon-message")).toHaveText(new RegExp(`^${code} aplicado: −R\\$\\s7,99$`));
  await expect(shopper.getByTestId("cart-total")).toHaveText(/R\$\s71,91/);

  await gotoHydrated(shopper, "/checkout");
  await fillCheckoutForm(shopper, { payment: "PIX" });
  await expect(shopper.getByTestId("order-discount")).toHaveText(/−R\$\s7,99/);
  await expect(shopper.getByTestId("order-total")).toHaveText(/R\$\s76,91/);
  await shopper.getByRole("button", { name: "Enviar Pedido" }).click();
  await expect(shopper).toHaveURL(/\/pedido\/[A-Za-z0-9_-]{20,}$/);

  const opened = await whatsAppTabUrls(shopper);
  const text = new URL(opened[1]!).searchParams.get("text") ?? "";
  expect(text).toMatch(new RegExp(`\\nDesconto \\(${code}\\): −R\\$\\s7,99\\n`));
  expect(text).toMatch(/\*Total: R\$\s76,91\*/);
  await expect(shopper.getByTestId("order-coupon")).toHaveText(new RegExp(`Desconto \\(${code}\\)\\s*−R\\$\\s7,99`));
  await shopperContext.close();
});

test("after 'Cupom … salvo.' the form is empty again for the next coupon (issue 51)", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const code = `LIMPO${testInfo.project.name.replace(/\W/g, "").toUpperCase()}`;
  await signInAsAdmin(page, "/admin/cupons");
  await page.getByLabel("Código").fill(code);
  await page.getByLabel("Porcentagem (%)").fill("5");
  await page.getByRole("button", { name: "Salvar cupom" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Cupom ${code} salvo.` })).toBeVisible();
  await expect(page.getByLabel("Código")).toHaveValue("");
  await expect(page.getByLabel("Porcentagem (%)")).toHaveValue("");
});

