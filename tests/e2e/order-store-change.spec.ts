// The order window's "Loja que atende" on a phone (issue 51.1): "Mudar loja" asks first, listing what
// moves where ("Relógio …: 1 un. de A para B"), inside the 390 px screen; "Cancelar" leaves the order
// where it was. That a confirmed change moves the units, and that a sale handed over keeps its store,
// is proven through the HTTP app in tests/integration/staff-roles.test.ts.
import { expect, test, type Page } from "@playwright/test";
import { signInAsAdmin } from "./admin-login";
import { placeCheckoutOrder } from "./checkout-page";
import { gotoHydrated } from "./hydration";

/** The page never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test("'Mudar loja' asks first with what moves where, at 390 px; 'Cancelar' changes nothing", async ({ browser, page, isMobile }) => {
  test.skip(!isMobile, "the phone's width");
  test.setTimeout(120_000);
  const shopperContext = await browser.newContext();
  const code = await placeCheckoutOrder(await shopperContext.newPage(), { name: "Rosa Loja", email: "rosa@example.com", phone: "81977775555", address: "Rua da Loja", number: "3" });
  await shopperContext.close();

  await signInAsAdmin(page, `/admin/pedidos?q=${code}`);
  const row = page.getByTestId("order-row").filter({ hasText: `#${code}` });
  await gotoHydrated(page, (await row.getByRole("link", { name: `#${code}` }).getAttribute("href"))!);

  const store = page.getByTestId("order-store");
  const select = store.getByLabel("Loja que atende");
  const from = (await select.locator("option:checked").textContent())!.trim();
  const to = (await select.locator("option").allTextContents()).map((name) => name.trim()).find((name) => name !== from && name !== "Nenhuma")!;
  await select.selectOption({ label: to });
  await store.getByRole("button", { name: "Mudar loja" }).click();

  // Asked first: the question, what moves where, and the two answers, all on the phone's screen.
  await expect(store.getByText(`Mudar o pedido para ${to}?`)).toBeVisible();
  const moves = store.getByTestId("order-store-moves").getByRole("listitem");
  await expect(moves).toHaveCount(1);
  await expect(moves.first()).toHaveText(new RegExp(`^Relógio Digital Unissex.*: 1 un\\. de ${from} para ${to}$`));
  for (const button of [store.getByRole("button", { name: "Confirmar mudança" }), store.getByRole("button", { name: "Cancelar" })]) {
    await expect(button).toBeVisible();
    const box = (await button.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  }
  const listed = (await moves.first().boundingBox())!;
  expect(listed.x + listed.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await expectNoSidewaysScroll(page);

  // 'Cancelar': back to the choice, and the order is still the first store's after a reload.
  await store.getByRole("button", { name: "Cancelar" }).click();
  await expect(store.getByRole("button", { name: "Mudar loja" })).toBeVisible();
  await expect(store.getByText(`Mudar o pedido para ${to}?`)).toHaveCount(0);
  await gotoHydrated(page, page.url());
  await expect(page.getByTestId("order-store").getByLabel("Loja que atende").locator("option:checked")).toHaveText(from);
});
