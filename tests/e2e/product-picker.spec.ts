// Products chosen by name on a phone (issue 40): the coupon's "Só nos produtos" and the price cards'
// products are a search-as-you-type combobox, used here with the keyboard alone at 390 px.
import { expect, test, type Page } from "@playwright/test";
import { signInAsAdmin } from "./admin-login";

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test("a coupon's products are chosen by typing part of the name, with arrows and Enter, and come back named when edited", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const code = `PICK${testInfo.project.name.replace(/\W/g, "").toUpperCase()}`;
  await signInAsAdmin(page, "/admin/cupons");
  await page.getByLabel("Código").fill(code);
  await page.getByLabel("Porcentagem (%)").fill("5");

  const picker = page.getByRole("combobox", { name: "Só nos produtos (opcional)" });
  await picker.focus();
  await page.keyboard.type("sandal");
  const options = page.getByRole("listbox", { name: "Só nos produtos (opcional)" }).getByRole("option");
  await expect(options.first()).toBeVisible();
  await expect(picker).toHaveAttribute("aria-expanded", "true");
  const count = await options.count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(8);
  // The arrow moves the active option; Enter chooses it and never sends the form.
  await page.keyboard.press(count > 1 ? "ArrowDown" : "ArrowUp");
  const chosenIndex = count > 1 ? 1 : 0;
  await expect(options.nth(chosenIndex)).toHaveAttribute("aria-selected", "true");
  const chosenName = (await options.nth(chosenIndex).locator("span").first().textContent())!;
  await page.keyboard.press("Enter");
  const remove = page.getByRole("button", { name: `Remover ${chosenName}` });
  await expect(remove).toBeVisible();
  await expect(picker).toHaveValue("");
  await expect(picker).toHaveAttribute("aria-expanded", "false");
  expect(await noSideScroll(page)).toBeLessThanOrEqual(0);

  await page.getByRole("button", { name: "Salvar cupom" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Cupom ${code} salvo.` })).toBeVisible();
  await page.getByTestId("coupon-row").filter({ hasText: code }).getByRole("button", { name: /Editar/ }).click();
  await expect(page.getByRole("heading", { name: `Editar cupom ${code}` })).toBeVisible();
  await expect(page.getByRole("button", { name: `Remover ${chosenName}` })).toBeVisible();
});

test("the price cards' products are chosen by name, and the print page gets their codes", async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page, "/admin/canais");
  const picker = page.getByRole("combobox", { name: "Produtos", exact: true });
  await picker.focus();
  await page.keyboard.type("tenis");
  const option = page.getByRole("listbox", { name: "Produtos", exact: true }).getByRole("option").first();
  await expect(option).toBeVisible();
  const name = (await option.locator("span").first().textContent())!;
  const code = /Cód\. (\d+)/.exec((await option.textContent())!)![1]!;
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: `Remover ${name}` })).toBeVisible();
  expect(await noSideScroll(page)).toBeLessThanOrEqual(0);
  const [printPage] = await Promise.all([page.context().waitForEvent("page"), page.getByRole("button", { name: "Etiquetas A6" }).click()]);
  await printPage.waitForLoadState();
  expect(new URL(printPage.url()).searchParams.get("produtos")).toBe(code);
  await expect(printPage.getByText(name).first()).toBeVisible();
});
