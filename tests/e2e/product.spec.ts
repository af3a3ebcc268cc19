import { expect, test, type Page } from "@playwright/test";
import { gotoHydrated } from "./hydration";
import { structuredDataOf } from "./structured-data";

// Product detail page (/produto/:id) against the seeded demo catalogue.

/**
 * Opens a product the way a shopper does: search the list, click the product's name. The list is
 * hydrated first, so the product page arrives by a client-side move and its buttons already work.
 */
async function openProduct(page: Page, query: string, name: string) {
  await gotoHydrated(page, `/produtos?q=${encodeURIComponent(query)}`);
  await page.getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(/\/produto\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

test("a product with sizes: breadcrumb, required size, quantity and the cart badge", async ({ page }) => {
  await openProduct(page, "corrida", "Tênis de Corrida com Amortecimento");

  const breadcrumb = page.getByRole("navigation", { name: "Trilha de navegação" });
  await expect(breadcrumb.getByRole("link", { name: "Início" })).toHaveAttribute("href", "/");
  await expect(breadcrumb.getByRole("link", { name: "Produtos" })).toHaveAttribute("href", "/produtos");
  await expect(breadcrumb.getByRole("link", { name: "Erick Sports" })).toHaveAttribute("href", "/sports");
  await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText("Tênis de Corrida com Amortecimento");

  // No invented reviews.
  await expect(page.getByText("127 avaliações")).toHaveCount(0);
  await expect(page.getByText(/em até 5x de R\$\s?59,98 sem juros/)).toBeVisible();

  // The first colour is chosen; no size is.
  const preto = page.getByRole("button", { name: "Preto", exact: true });
  const cinza = page.getByRole("button", { name: "Cinza", exact: true });
  await expect(preto).toHaveAttribute("aria-pressed", "true");
  await cinza.click();
  await expect(cinza).toHaveAttribute("aria-pressed", "true");
  await expect(preto).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByRole("button", { name: "40", exact: true })).toHaveAttribute("aria-pressed", "false");

  const add = page.getByRole("button", { name: "Adicionar ao Carrinho" });
  await add.click();
  await expect(page.getByRole("alert").filter({ hasText: "Por favor, selecione um tamanho" })).toBeVisible();
  await expect(page.getByTestId("cart-badge")).toHaveCount(0);
  // The warning goes away by itself after 3 s.
  await expect(page.getByText("Por favor, selecione um tamanho")).toBeHidden({ timeout: 5_000 });

  await page.getByRole("button", { name: "40", exact: true }).click();
  await expect(page.getByRole("button", { name: "40", exact: true })).toHaveAttribute("aria-pressed", "true");

  const quantity = page.getByRole("spinbutton", { name: "Quantidade" });
  await expect(quantity).toHaveValue("1");
  await expect(page.getByRole("button", { name: "Diminuir quantidade" })).toBeDisabled();
  await page.getByRole("button", { name: "Aumentar quantidade" }).click();
  await page.getByRole("button", { name: "Aumentar quantidade" }).click();
  await expect(quantity).toHaveValue("3");
  await page.getByRole("button", { name: "Diminuir quantidade" }).click();
  await expect(quantity).toHaveValue("2");
  await quantity.fill("2");

  await add.click();
  await expect(page.getByRole("button", { name: "Adicionado ao Carrinho!" })).toBeVisible();
  await expect(page.getByTestId("cart-badge")).toHaveText("2");
  // Back to the normal label after 2 s.
  await expect(page.getByRole("button", { name: "Adicionar ao Carrinho" })).toBeVisible({ timeout: 5_000 });

  const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem("erick_cart") ?? "[]"));
  expect(stored).toMatchObject([{ name: "Tênis de Corrida com Amortecimento", size: "40", color: "Cinza", quantity: 2 }]);

  await page.reload();
  await expect(page.getByTestId("cart-badge")).toHaveText("2");
});

test("a typed quantity is kept within 1 and the chosen size and colour's stock", async ({ page }) => {
  await openProduct(page, "corrida", "Tênis de Corrida com Amortecimento");
  // 40 in Preto is on the shelf (the demo's 38 in Preto is sold out).
  const size = page.getByRole("button", { name: "40", exact: true });
  await size.click();
  await expect(size).toHaveAttribute("aria-pressed", "true");
  const quantity = page.getByRole("spinbutton", { name: "Quantidade" });
  await quantity.fill("500");
  await quantity.blur();
  // Brought down at once to what is on the shelf, or to what one order takes of an item when the
  // shelf holds more (the settings' 10), with the message saying which.
  const message = page.getByText(/Temos só \d+ unidades? deste tamanho nesta cor|Cada pedido pelo site leva até \d+ unidades de cada item/).first();
  await expect(message).toBeVisible();
  const units = Number(/(?:Temos só|leva até) (\d+)/.exec((await message.textContent()) ?? "")?.[1]);
  expect(units).toBeGreaterThan(0);
  expect(units).toBeLessThanOrEqual(10);
  await expect(quantity).toHaveValue(String(units));
  // "+" stops there.
  await page.getByRole("button", { name: "Aumentar quantidade" }).click();
  await expect(quantity).toHaveValue(String(units));
  await quantity.fill("0");
  await quantity.blur();
  await expect(quantity).toHaveValue("1");
});

test("an unknown or non-numeric id says 'Produto indisponível' with other products", async ({ page }) => {
  const response = await page.goto("/produto/999999");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Produto indisponível" })).toBeVisible();
  await expect(page.getByTestId("product-card").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Ver todos os produtos" })).toHaveAttribute("href", "/produtos");

  expect((await page.goto("/produto/abc"))?.status()).toBe(404);
});

test("an out-of-stock product cannot be added", async ({ page }) => {
  await openProduct(page, "luzinha", "Sandália Infantil com Luzinha");
  await expect(page.getByRole("button", { name: "Esgotado" })).toBeDisabled();
  await expect(page.getByRole("button", { name: /Adicionar ao Carrinho/ })).toHaveCount(0);
});

test("a product without a price asks for it on WhatsApp", async ({ page }) => {
  await openProduct(page, "bota cano curto", "Bota Cano Curto Feminina");
  await expect(page.getByText("Consulte", { exact: true }).first()).toBeVisible();
  const consult = page.getByRole("link", { name: "Consultar Preço" }).first();
  const href = await consult.getAttribute("href");
  expect(href).toMatch(/^https:\/\/wa\.me\//);
  expect(href).toContain(encodeURIComponent("Bota Cano Curto Feminina"));
  expect(decodeURIComponent(href ?? "")).toMatch(/\/produto\/\d+$/);
  await expect(page.getByRole("button", { name: /Adicionar ao Carrinho/ })).toHaveCount(0);
  await expect(page.locator('meta[property="product:price:amount"]')).toHaveCount(0);
});

test("the size guide opens and closes with Esc and with 'Fechar'", async ({ page }) => {
  await openProduct(page, "corrida", "Tênis de Corrida com Amortecimento");
  const open = page.getByRole("button", { name: "Guia de tamanhos", exact: true });
  const dialog = page.getByRole("dialog");

  await open.click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("columnheader", { name: "BR" })).toBeVisible();
  await expect(dialog.getByRole("rowheader", { name: "40", exact: true })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await open.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Fechar", exact: true }).click();
  await expect(dialog).toBeHidden();
});

test("the size guide's table and the review form are fetched when they are needed, not with the page", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  const fetched = (chunk: string) => scripts.filter((path) => new RegExp(`/assets/${chunk}-[\\w-]+\\.js$`).test(path));
  await openProduct(page, "corrida", "Tênis de Corrida com Amortecimento");
  await page.reload();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  // Signed out: the reviews say how to sign in, and the form's code is not fetched.
  await expect(page.getByRole("link", { name: "Entre para avaliar este produto", includeHidden: true })).toHaveCount(1);
  expect(fetched("own-review-form")).toEqual([]);
  expect(fetched("size-guide-content")).toEqual([]);

  const open = page.getByRole("button", { name: "Guia de tamanhos", exact: true });
  await open.click();
  const dialog = page.getByRole("dialog", { name: "Guia de tamanhos: calçados" });
  await expect(dialog.getByRole("button", { name: "Fechar guia de tamanhos" })).toBeFocused();
  expect(fetched("size-guide-content")).toHaveLength(1);
});

test("the information tabs switch with the keyboard", async ({ page }) => {
  await openProduct(page, "corrida", "Tênis de Corrida com Amortecimento");
  const description = page.getByRole("tab", { name: "Descrição" });
  const specs = page.getByRole("tab", { name: "Especificações" });
  const reviews = page.getByRole("tab", { name: "Avaliações" });
  await expect(description).toHaveAttribute("aria-selected", "true");

  await specs.click();
  await expect(specs).toHaveAttribute("aria-selected", "true");
  await description.click();
  await expect(description).toBeFocused();

  await page.keyboard.press("ArrowRight");
  await expect(specs).toHaveAttribute("aria-selected", "true");
  await expect(specs).toBeFocused();
  const specsPanel = page.getByRole("tabpanel", { name: "Especificações" });
  await expect(specsPanel.getByText("Olympikus")).toBeVisible();
  await expect(specsPanel.getByText("Erick Sports", { exact: true })).toBeVisible();

  await page.keyboard.press("ArrowRight");
  await expect(reviews).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel", { name: "Avaliações" })).toContainText("Este produto ainda não tem avaliações.");
  await expect(specsPanel).toBeHidden();

  await page.keyboard.press("ArrowRight");
  await expect(description).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowLeft");
  await expect(reviews).toBeFocused();
  await page.keyboard.press("Home");
  await expect(description).toHaveAttribute("aria-selected", "true");
});

test("favourite is remembered in the browser", async ({ page }) => {
  await openProduct(page, "corrida", "Tênis de Corrida com Amortecimento");
  const add = page.getByRole("button", { name: "Adicionar aos favoritos" });
  await add.click();
  await expect(page.getByRole("button", { name: "Remover dos favoritos" })).toHaveAttribute("aria-pressed", "true");
  const id = Number(new URL(page.url()).pathname.split("/").pop());
  expect(await page.evaluate(() => window.localStorage.getItem("erick_favorites"))).toBe(JSON.stringify([id]));

  await page.reload();
  const remove = page.getByRole("button", { name: "Remover dos favoritos" });
  await expect(remove).toHaveAttribute("aria-pressed", "true");
  await remove.click();
  await expect(page.getByRole("button", { name: "Adicionar aos favoritos" })).toHaveAttribute("aria-pressed", "false");
});

/**
 * A link the shop publishes is the page on the shop's trusted origin (without PUBLIC_URL: the address
 * the owner confirmed in the settings, else the first start's, localhost here), never the request's Host.
 */
function expectLinkToThisPage(link: unknown, page: Page, search = "") {
  const published = new URL(String(link));
  const current = new URL(page.url());
  expect(["127.0.0.1", "localhost"]).toContain(published.hostname);
  expect([published.port, published.pathname, published.search]).toEqual([current.port, current.pathname, search]);
}
const expectSharedLink = (link: unknown, page: Page) => expectLinkToThisPage(link, page, "?utm_source=whatsapp");

test("share copies the link when there is no share sheet", async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, "share", { value: undefined, configurable: true });
    Object.defineProperty(navigator, "clipboard", {
      value: { writeText: async (text: string) => void window.sessionStorage.setItem("copied", text) },
      configurable: true,
    });
  });
  await openProduct(page, "corrida", "Tênis de Corrida com Amortecimento");
  const status = page.getByRole("status").filter({ hasText: "Link copiado!" });
  await page.getByRole("button", { name: "Compartilhar" }).click();
  await expect(status).toBeVisible();
  expectSharedLink(await page.evaluate(() => window.sessionStorage.getItem("copied")), page);
  await expect(status).toHaveCount(0, { timeout: 5_000 });
});

test("share uses the share sheet, and a cancelled share says nothing", async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, "share", {
      value: async (data: ShareData) => {
        window.sessionStorage.setItem("shared", JSON.stringify(data));
        throw new DOMException("Share canceled", "AbortError");
      },
      configurable: true,
    });
  });
  await openProduct(page, "corrida", "Tênis de Corrida com Amortecimento");
  await page.getByRole("button", { name: "Compartilhar" }).click();
  await expect.poll(() => page.evaluate(() => window.sessionStorage.getItem("shared"))).not.toBeNull();
  const shared = JSON.parse((await page.evaluate(() => window.sessionStorage.getItem("shared"))) ?? "{}");
  expect(shared).toMatchObject({ title: "Tênis de Corrida com Amortecimento" });
  expectSharedLink(shared.url, page);
  await expect(page.getByText("Link copiado!")).toHaveCount(0);
});

test("share previews: og:image is an absolute JPEG, and product data is published", async ({ page, request }) => {
  await openProduct(page, "corrida", "Tênis de Corrida com Amortecimento");
  const image = await page.locator('meta[property="og:image"]').getAttribute("content");
  expect(image).toMatch(/^https?:\/\/[^/]+\/.+-og\.jpg$/);
  const response = await request.get(image ?? "");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("image/jpeg");

  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "product");
  await expect(page.locator('meta[property="product:price:amount"]')).toHaveAttribute("content", "299.90");
  await expect(page.locator('meta[property="product:price:currency"]')).toHaveAttribute("content", "BRL");

  const product = (await structuredDataOf(page)).find((data) => data["@type"] === "Product");
  expect(product).toMatchObject({
    name: "Tênis de Corrida com Amortecimento",
    brand: { name: "Olympikus" },
    offers: { price: "299.90", priceCurrency: "BRL", availability: "https://schema.org/InStock" },
  });
  expectLinkToThisPage((product!.offers as { url: string }).url, page);
});

test("related products of the same category stream in", async ({ page }) => {
  await openProduct(page, "corrida", "Tênis de Corrida com Amortecimento");
  const related = page.getByRole("region", { name: "Produtos relacionados" });
  // Other tests may add products at the same time: only the seeded one is certain, and the limit.
  await expect(related.getByTestId("product-card").first()).toBeVisible();
  const cards = await related.getByTestId("product-card").count();
  expect(cards).toBeGreaterThanOrEqual(1);
  expect(cards).toBeLessThanOrEqual(4);
  await expect(related.getByRole("link", { name: "Tênis de Corrida com Amortecimento" })).toHaveCount(0);
});
