// The clerk re-opens a cancelled order whose one-use coupon went to another shopper meanwhile: the
// order window says why it cannot, in pt-BR, and the order stays cancelled
// (tests/integration/coupon-abuse.test.ts proves the rest over HTTP).
import { expect, test, type APIRequestContext } from "@playwright/test";
import { signInAsAdmin } from "./admin-login";
import { fillCheckoutForm, recordWhatsAppTab } from "./checkout-page";
import { gotoHydrated } from "./hydration";

/** A form posted from the shop's own pages (the cross-site check wants the origin). */
function postForm(request: APIRequestContext, baseURL: string, path: string, form: Record<string, string>) {
  return request.post(path, { form, maxRedirects: 0, headers: { origin: baseURL, "sec-fetch-site": "same-origin" } });
}

test("re-opening an order whose coupon use is gone is refused with the reason in the order window", async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const code = `REABRE${testInfo.project.name.replace(/\W/g, "").toUpperCase()}${Date.now() % 100_000}`;
  await signInAsAdmin(page, "/admin/cupons");
  const created = await postForm(page.request, baseURL!, "/admin/cupons", { intent: "save", code, kind: "percent", percentOff: "10", maxUses: "1", active: "on" });
  expect(created.status()).toBe(302);

  // A shopper's checkout with the coupon from a flyer's link (the first takes its only use).
  const shopperCheckout = async (phone: string) => {
    const context = await browser.newContext({ ...testInfo.project.use });
    const shopper = await context.newPage();
    await recordWhatsAppTab(shopper);
    await gotoHydrated(shopper, "/produtos?q=relogio");
    const card = shopper.getByTestId("product-card").first();
    await card.getByRole("button", { name: "Adicionar" }).click();
    await expect(card.getByRole("button", { name: "Adicionado!" })).toBeVisible();
    await gotoHydrated(shopper, `/?cupom=${code}`);
    await expect(shopper.getByTestId("coupon-message")).toContainText(`${code} aplicado`);
    await gotoHydrated(shopper, "/checkout");
    await fillCheckoutForm(shopper, { payment: "PIX", phone });
    await shopper.getByRole("button", { name: "Enviar Pedido" }).click();
    await expect(shopper).toHaveURL(/\/pedido\/[A-Za-z0-9_-]{20,}$/);
    const orderCode = (await shopper.getByRole("heading", { level: 1 }).textContent())?.match(/#([0-9A-F]{8})/)?.[1];
    await context.close();
    return orderCode;
  };
  const orderCode = await shopperCheckout("81987650001");
  expect(orderCode).toBeTruthy();

  // The clerk finds the order and cancels it: its use is free, and another shopper takes it.
  await gotoHydrated(page, `/admin/pedidos?q=${orderCode}`);
  const href = await page.getByTestId("order-row").getByRole("link", { name: `#${orderCode}` }).getAttribute("href");
  await gotoHydrated(page, href!);
  const status = page.getByLabel("Status do pedido");
  await status.selectOption({ label: "Cancelado" });
  await page.getByRole("dialog").getByRole("button", { name: "Cancelar pedido" }).click();
  await expect(page.getByText("Status atualizado com sucesso!")).toBeVisible();
  expect(await shopperCheckout("81987650002")).toBeTruthy();

  // Back to Pendente: refused, with the reason.
  await status.selectOption({ label: "Pendente" });
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("Erro ao atualizar status");
  await expect(alert).toContainText(`O cupom ${code} deste pedido já foi usado em outro pedido depois do cancelamento.`);
  await page.reload();
  await expect(page.getByLabel("Status do pedido")).toHaveValue("cancelled");
});
