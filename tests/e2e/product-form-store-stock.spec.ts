// The product form's stock per store on a phone (issue 42): a store selector above one store's grid,
// nothing off the 390 px screen; units typed at two stores are saved at each, and the edit page opens
// with them (the selector's totals, the 'Estoque por loja' blocks).
import { randomBytes } from "node:crypto";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { signInAsAdmin } from "./admin-login";
import { gotoHydrated } from "./hydration";

const SLOW = { timeout: 20_000 };

async function expectWithinScreen(page: Page, element: Locator) {
  const box = (await element.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

async function addOption(page: Page, list: "Tamanhos" | "Cores", value: string) {
  const input = page.getByRole("textbox", { name: list });
  await input.fill(value);
  await input.press("Enter");
}

test("units typed at two stores on a phone are saved at each store", async ({ page, isMobile }) => {
  test.skip(!isMobile, "the phone's width");
  test.setTimeout(150_000);
  const name = `Chinelo Lojas ${randomBytes(3).toString("hex")}`;
  await signInAsAdmin(page, "/admin/produtos/novo");
  await page.getByLabel("Nome", { exact: true }).fill(name);
  await page.getByLabel("Descrição", { exact: true }).fill("Chinelo de borracha, estoque em duas lojas.");
  // Hidden from the shop: the storefront's tests count the demo catalogue's 20 products on this shared server.
  await page.getByLabel("Ativo", { exact: true }).uncheck();
  await page.getByLabel("Categoria", { exact: true }).selectOption("Feminino");
  await page.getByLabel("Loja", { exact: true }).selectOption({ label: "Erick Calçados Barreiros" });
  await page.getByLabel("Preço (R$)").fill("29,90");
  await addOption(page, "Tamanhos", "37");
  await addOption(page, "Tamanhos", "38");
  await addOption(page, "Cores", "Preto");

  // The grid follows the product's 'Loja'.
  const storeSelect = page.getByLabel("Estoque da loja", { exact: true });
  await expect(storeSelect).toHaveValue("barreiros-calcados");
  await page.getByRole("textbox", { name: "Estoque – Tam. 37 / Preto", exact: true }).fill("2");
  await expectWithinScreen(page, storeSelect);
  await expectWithinScreen(page, page.getByRole("textbox", { name: "Estoque – Tam. 38 / Preto", exact: true }));

  // Another store: its own grid, the first store's units kept (and counted in the selector).
  await storeSelect.selectOption("sirinhaem-calcados");
  await expect(page.getByRole("textbox", { name: "Estoque – Tam. 37 / Preto", exact: true })).toHaveValue("0");
  await page.getByRole("textbox", { name: "Estoque – Tam. 38 / Preto", exact: true }).fill("3");
  await expect(page.getByTestId("stock-total")).toHaveText("Total: 3 unidades");
  await expect(storeSelect.locator("option[value=barreiros-calcados]")).toHaveText(/· 2 un\.$/);
  await expectWithinScreen(page, page.getByRole("textbox", { name: "Estoque – Tam. 38 / Preto", exact: true }));

  await page.getByRole("button", { name: "Cadastrar produto" }).click();
  await expect(page).toHaveURL(/\/admin\/produtos\?aviso=/, SLOW);

  await gotoHydrated(page, `/admin/produtos?q=${encodeURIComponent(name)}`);
  await page.getByRole("link", { name, exact: true }).first().click();
  await expect(page).toHaveURL(/\/admin\/produtos\/editar\/\d+$/, SLOW);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(storeSelect).toHaveValue("barreiros-calcados");
  await expect(page.getByRole("textbox", { name: "Estoque – Tam. 37 / Preto", exact: true })).toHaveValue("2");
  await expect(storeSelect.locator("option[value=sirinhaem-calcados]")).toHaveText(/· 3 un\.$/);
  const panel = page.getByRole("region", { name: "Estoque por loja" });
  await expect(panel.locator('[data-store="Erick Calçados Barreiros"] [data-variant="Tam. 37 / Preto"] [data-units]')).toHaveText("2");
  await expect(panel.locator('[data-store="Erick Calçados Sirinhaém"] [data-variant="Tam. 38 / Preto"] [data-units]')).toHaveText("3");

  // A change at one store only: the other store's units stay.
  await storeSelect.selectOption("sirinhaem-calcados");
  await page.getByRole("textbox", { name: "Estoque – Tam. 38 / Preto", exact: true }).fill("5");
  await expectWithinScreen(page, storeSelect);
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page).toHaveURL(/\/admin\/produtos\?aviso=/, SLOW);
  await page.goBack();
  await page.reload();
  await expect(panel.locator('[data-store="Erick Calçados Sirinhaém"] [data-variant="Tam. 38 / Preto"] [data-units]')).toHaveText("5");
  await expect(panel.locator('[data-store="Erick Calçados Barreiros"] [data-variant="Tam. 37 / Preto"] [data-units]')).toHaveText("2");
});
