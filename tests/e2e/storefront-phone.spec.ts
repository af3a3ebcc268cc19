// What a shopper on a phone (390 px) stumbled on in issue 51: the list's size filter and its cards,
// the checkout's width, the size filter's groups. Read-only on the demo catalogue: the shared server.
import { expect, test } from "@playwright/test";
import { gotoHydrated } from "./hydration";

test("a list filtered by a size shows that size on every card, and 'Adicionar' puts it in the cart", async ({ page }) => {
  test.setTimeout(90_000);
  await gotoHydrated(page, "/produtos?tamanho=41");
  const cards = page.getByTestId("product-card");
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  expect(count).toBeGreaterThan(1);
  for (let index = 0; index < count; index++) {
    await expect(cards.nth(index).getByLabel("Tamanho")).toHaveValue("41");
  }
  const first = cards.first();
  const name = await first.getByRole("heading", { level: 3 }).innerText();
  await first.getByRole("button", { name: "Adicionar" }).click();
  await expect(first.getByRole("button", { name: "Adicionado!" })).toBeVisible();

  // Chosen in the page, not only in the first render: the filter changed from the list's own select.
  await page.getByRole("button", { name: "Filtros" }).click();
  await page.getByLabel("Tamanho", { exact: true }).first().selectOption("40");
  await expect(page).toHaveURL(/tamanho=40/);
  await expect(cards.first().getByLabel("Tamanho")).toHaveValue("40");

  await gotoHydrated(page, "/carrinho");
  const line = page.getByTestId("cart-line").filter({ hasText: name });
  await expect(line).toContainText("Tamanho: 41");
});

test("the checkout's fields keep the page's margin on a 390 px phone", async ({ page }) => {
  await gotoHydrated(page, "/produtos?q=chinelo");
  await page.getByTestId("product-card").first().getByRole("button", { name: "Adicionar" }).click();
  await gotoHydrated(page, "/checkout");
  await expect(page.getByLabel("Nome completo")).toBeVisible();
  const width = page.viewportSize()!.width;
  // Nothing wider than the screen (no sideways scroll), and every field inside the page's 16 px margins.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const fields = page.locator("main input:visible, main select:visible, main textarea:visible");
  expect(await fields.count()).toBeGreaterThan(5);
  const pastTheMargin = await fields.evaluateAll(
    (elements, limit) =>
      elements
        .map((field) => ({ name: field.getAttribute("name") ?? field.id, right: Math.round(field.getBoundingClientRect().right) }))
        .filter((field) => field.right > limit),
    width - 16,
  );
  expect(pastTheMargin).toEqual([]);
});

test("the size filter keeps shoe sizes apart from clothing sizes", async ({ page }) => {
  await gotoHydrated(page, "/produtos");
  await page.getByRole("button", { name: "Filtros" }).click();
  const select = page.locator("#filtro-tamanho");
  await expect(select.locator("optgroup")).toHaveCount(2);
  expect(await select.locator("optgroup").evaluateAll((groups) => groups.map((group) => group.getAttribute("label")))).toEqual(["Calçados", "Roupas"]);
  await expect(select.locator('optgroup[label="Roupas"] option')).toHaveText(["2", "4", "6", "8", "10"]);
  await expect(select.locator('optgroup[label="Calçados"] option').first()).toHaveText(/^2\d$/);
});
