// Stock per size × colour in the browser: the clerk types a stock grid, the shopper sees a sold-out
// size (inert, said to screen readers, and where else it is), "Últimas unidades", the refusal past
// the shelf on the product page, the card's quick-add and the cart's stepper, and the cart's re-check
// after the shelf changes.
import { randomBytes } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { testOnOwnServer as test } from "./app-server";
// The test changes a product's stock and the cart: own server, as admin-products.spec.ts.
import { signInAsAdmin } from "./admin-login";
import { gotoHydrated } from "./hydration";

const SLOW = { timeout: 20_000 };

/** Sets the grid's cells ("37/Preto" → units) on the open product form and saves. */
async function saveGrid(page: Page, cells: Record<string, number>, button: string) {
  for (const [cell, units] of Object.entries(cells)) {
    const [size, color] = cell.split("/");
    await page.getByRole("textbox", { name: `Estoque – Tam. ${size} / ${color}`, exact: true }).fill(String(units));
  }
  await page.getByRole("button", { name: button }).click();
  await expect(page).toHaveURL(/\/admin\/produtos\?aviso=/, SLOW);
}

async function addOption(page: Page, list: "Tamanhos" | "Cores", value: string) {
  const input = page.getByRole("textbox", { name: list });
  await input.fill(value);
  await input.press("Enter");
}

test("a sold-out size, the last units, and refusals past the shelf on the page, the card and the cart", async ({ page }) => {
  test.setTimeout(150_000);
  const name = `Sapatilha Grade ${randomBytes(3).toString("hex")}`;
  await signInAsAdmin(page, "/admin/produtos/novo");
  await page.getByLabel("Nome", { exact: true }).fill(name);
  await page.getByLabel("Descrição", { exact: true }).fill("Sapatilha de lona com sola de borracha.");
  await page.getByLabel("Categoria", { exact: true }).selectOption("Feminino");
  await page.getByLabel("Loja", { exact: true }).selectOption({ label: "Erick Calçados Barreiros" });
  await page.getByLabel("Preço (R$)").fill("89,90");
  await addOption(page, "Tamanhos", "37");
  await addOption(page, "Tamanhos", "38");
  await addOption(page, "Cores", "Preto");
  await addOption(page, "Cores", "Branco");
  // A row per size, a column per colour, totals as the clerk types.
  await page.getByRole("textbox", { name: "Estoque – Tam. 38 / Branco", exact: true }).fill("2");
  await page.getByRole("textbox", { name: "Estoque – Tam. 37 / Preto", exact: true }).fill("1");
  await expect(page.getByTestId("stock-total")).toHaveText("Total: 3 unidades");
  await saveGrid(page, { "37/Preto": 1, "37/Branco": 0, "38/Preto": 0, "38/Branco": 2 }, "Cadastrar produto");

  // The product page: Preto is chosen; 38 is gone in Preto but still in Branco.
  await gotoHydrated(page, `/produtos?q=${encodeURIComponent(name)}`);
  await page.getByTestId("product-card").filter({ hasText: name }).getByRole("link", { name }).first().click();
  await expect(page).toHaveURL(/\/produto\/\d+$/);
  const productUrl = page.url();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.getByRole("button", { name: "Preto", exact: true })).toHaveAttribute("aria-pressed", "true");
  const soldOut = page.getByRole("button", { name: "38 – Esgotado em Preto; disponível em Branco" });
  await expect(soldOut).toHaveAttribute("aria-disabled", "true");
  await expect(page.getByTestId("sizes-elsewhere")).toHaveText("Tam. 38: esgotado em Preto, disponível em Branco");
  // Not clickable: it stays unpressed.
  await soldOut.click({ force: true });
  await expect(soldOut).toHaveAttribute("aria-pressed", "false");

  // A feed's link names the size and colour: chosen in the browser, on the product's one kept page
  // (tests/integration/shared-pages.test.ts).
  await gotoHydrated(page, `${productUrl}?cor=Branco&tamanho=38&fbclid=anuncio`);
  await expect(page.getByRole("button", { name: "Branco", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("button", { name: "38", exact: true })).toHaveAttribute("aria-pressed", "true");
  // 38 is gone in Preto, the colour chosen when the link names none: the shopper picks the size.
  await gotoHydrated(page, `${productUrl}?tamanho=38`);
  await expect(page.getByRole("button", { name: "Preto", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(soldOut).toHaveAttribute("aria-pressed", "false");

  await page.getByRole("button", { name: "37", exact: true }).click();
  await expect(page.getByTestId("stock-note")).toHaveText("Últimas unidades");
  // "+" stops at the one unit of 37 in Preto, and says why at once (not only when adding).
  const quantity = page.getByRole("spinbutton", { name: "Quantidade" });
  await page.getByRole("button", { name: "Aumentar quantidade" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Temos só 1 unidade deste tamanho nesta cor" })).toBeVisible();
  await expect(quantity).toHaveValue("1");
  await expect(page.getByTestId("cart-badge")).toHaveCount(0);

  await page.getByRole("button", { name: "Adicionar ao Carrinho" }).click();
  await expect(page.getByRole("button", { name: "Adicionado ao Carrinho!" })).toBeVisible();
  await expect(page.getByTestId("cart-badge")).toHaveText("1");

  // In Branco, 38 can be chosen and 37 is the one sold out.
  await page.getByRole("button", { name: "Branco", exact: true }).click();
  await expect(page.getByRole("button", { name: "37 – Esgotado em Branco; disponível em Preto" })).toHaveAttribute("aria-disabled", "true");
  await page.getByRole("button", { name: "38", exact: true }).click();
  await expect(page.getByRole("button", { name: "38", exact: true })).toHaveAttribute("aria-pressed", "true");
  // A typed number past the 2 units of 38 in Branco comes down at once, with the message; "+" stays there.
  await quantity.fill("10");
  await expect(quantity).toHaveValue("2");
  await expect(page.getByRole("alert").filter({ hasText: "Temos só 2 unidades deste tamanho nesta cor" })).toBeVisible();
  await page.getByRole("button", { name: "Aumentar quantidade" }).click();
  await expect(quantity).toHaveValue("2");
  await page.getByRole("button", { name: "Diminuir quantidade" }).click();
  await expect(quantity).toHaveValue("1");
  await expect(page.getByRole("alert").filter({ hasText: "Temos só" })).toHaveCount(0);

  // The card's quick-add: the last 37 in Preto is already in the cart.
  await gotoHydrated(page, `/produtos?q=${encodeURIComponent(name)}`);
  const card = page.getByTestId("product-card").filter({ hasText: name });
  await card.getByLabel("Tamanho").selectOption("37");
  await card.getByLabel("Cor").selectOption("Preto");
  await card.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(card.getByRole("alert")).toHaveText("Temos só 1 unidade deste tamanho nesta cor. Você já tem 1 unidade no carrinho");
  await expect(page.getByTestId("cart-badge")).toHaveText("1");

  // The cart's stepper says the same instead of growing.
  await gotoHydrated(page, "/carrinho");
  const increase = page.getByRole("button", { name: `Aumentar quantidade de ${name}` });
  await increase.click();
  await expect(page.getByRole("alert").filter({ hasText: "Temos só 1 unidade deste tamanho nesta cor" })).toBeVisible();
  await expect(page.getByTestId("cart-badge")).toHaveText("1");

  // The last pair leaves the shelf at the counter; the cart, opened again, says what changed.
  await gotoHydrated(page, `/admin/produtos?q=${encodeURIComponent(name)}`);
  await page.getByTestId("admin-product").filter({ hasText: name }).getByRole("link", { name: /^Editar/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Editar produto" })).toBeVisible();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await saveGrid(page, { "37/Preto": 0 }, "Salvar alterações");
  await gotoHydrated(page, "/carrinho");
  const changes = page.getByTestId("stock-changes");
  await expect(changes).toContainText("Conferimos o estoque e atualizamos seu carrinho:");
  await expect(changes).toContainText(`${name} (Tam. 37 / Preto) esgotou e saiu do carrinho.`);
  await expect(page.getByTestId("cart-badge")).toHaveCount(0);

  // With nothing left in any size or colour, the product is "Esgotado" everywhere.
  await gotoHydrated(page, `/admin/produtos?q=${encodeURIComponent(name)}`);
  await page.getByTestId("admin-product").filter({ hasText: name }).getByRole("link", { name: /^Editar/ }).click();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await saveGrid(page, { "38/Branco": 0 }, "Salvar alterações");
  await gotoHydrated(page, `/produtos?q=${encodeURIComponent(name)}`);
  await expect(page.getByTestId("product-card").filter({ hasText: name })).toContainText("Esgotado");
  await gotoHydrated(page, productUrl);
  await expect(page.getByRole("button", { name: "Esgotado", exact: true })).toBeDisabled();
});
