import { expect, test, type Locator, type Page } from "@playwright/test";
import { gotoHydrated } from "./hydration";

// The cart page (/carrinho): lines, quantities, totals, WhatsApp text, persistence and other tabs.

type StoredLine = { id: number; name: string; priceCents: number | null; quantity: number };

/** formatBRL's text with ordinary spaces (Intl puts a non-breaking space after R$). */
function brl(cents: number): string {
  return new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }).format(cents / 100).replace(/\u00a0/g, " ");
}

/** Matches formatBRL's text, whatever the space after R$; `whole` for the element's entire text. */
function money(cents: number, whole = true): RegExp {
  const pattern = brl(cents).replace(/[.$]/g, "\\$&").replace(" ", "\\s");
  return new RegExp(whole ? `^\\s*${pattern}\\s*$` : pattern);
}

/** Clicks until it works: before hydration the server-rendered button does nothing. */
async function clickUntil(target: Locator, effect: () => Promise<void>) {
  await expect(async () => {
    await target.click();
    await effect();
  }).toPass({ timeout: 15_000 });
}

/** The card of a product on the current list page. */
function card(page: Page, name: string): Locator {
  return page.getByTestId("product-card").filter({ has: page.getByRole("link", { name, exact: true }) });
}

/** Names of the first `count` products on the list that can go straight into the cart. */
async function addableNames(page: Page, count: number): Promise<string[]> {
  const cards = page.getByTestId("product-card").filter({ has: page.getByRole("button", { name: "Adicionar", exact: true }) });
  const names: string[] = [];
  for (let index = 0; index < count; index++) names.push((await cards.nth(index).getByRole("heading").innerText()).trim());
  return names;
}

/** The id of a product, from its link on a search for it. */
async function productId(page: Page, name: string): Promise<number> {
  await page.goto(`/produtos?q=${encodeURIComponent(name)}`);
  const href = await card(page, name).getByRole("link", { name, exact: true }).first().getAttribute("href");
  return Number(href?.match(/\/produto\/(\d+)$/)?.[1]);
}

/**
 * Adds these products from their cards (the card's first size and colour on the shelf); the demo
 * keeps at least 3 units of each one's first in stock, so a line can grow to 3.
 */
async function addNamed(page: Page, names: string[]): Promise<string[]> {
  for (const [index, name] of names.entries()) {
    await page.goto(`/produtos?q=${encodeURIComponent(name)}`);
    const button = card(page, name).getByRole("button", { name: /^(Adicionar|Adicionado!)$/ });
    await clickUntil(button, () => expect(button).toHaveText("Adicionado!", { timeout: 500 }));
    await expect(page.getByTestId("cart-badge")).toHaveText(String(index + 1));
  }
  return names;
}

/** Adds the first `count` products of /produtos that can go straight into the cart; returns their names. */
async function addProducts(page: Page, count: number): Promise<string[]> {
  await page.goto("/produtos");
  const names = await addableNames(page, count);
  for (const [index, name] of names.entries()) {
    // The button reads 'Adicionado!' for 2 s after a click.
    const button = card(page, name).getByRole("button", { name: /^(Adicionar|Adicionado!)$/ });
    if (index === 0) await clickUntil(button, () => expect(button).toHaveText("Adicionado!", { timeout: 500 }));
    else {
      await button.click();
      await expect(button).toHaveText("Adicionado!");
    }
  }
  await expect(page.getByTestId("cart-badge")).toHaveText(String(count));
  return names;
}

async function storedCart(page: Page): Promise<StoredLine[]> {
  return page.evaluate(() => JSON.parse(window.localStorage.getItem("erick_cart") ?? "[]"));
}

function line(page: Page, name: string): Locator {
  return page.getByTestId("cart-line").filter({ has: page.getByRole("link", { name, exact: true }) });
}

async function openCart(page: Page) {
  await page.getByRole("link", { name: /^Carrinho/ }).first().click();
  await expect(page).toHaveURL(/\/carrinho$/);
  await expect(page.getByRole("heading", { level: 1, name: /Meu Carrinho/ })).toBeVisible();
}

test("lines, quantities, totals, reload, WhatsApp text, remove and clear", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const [first, second, third] = await addNamed(page, ["Relógio Digital Unissex", "Boneca de Pano Artesanal", "Bola de Futebol de Campo"]);
  await openCart(page);

  const lines = page.getByTestId("cart-line");
  await expect(lines).toHaveCount(3);
  const stored = await storedCart(page);
  const price = (name: string) => stored.find((item) => item.name === name)?.priceCents ?? 0;
  const sum = price(first!) + price(second!) + price(third!);

  for (const name of [first!, second!, third!]) {
    const row = line(page, name);
    await expect(row.getByRole("link", { name, exact: true })).toHaveAttribute("href", /^\/produto\/\d+$/);
    await expect(row.getByTestId("line-quantity")).toHaveText("1");
    await expect(row.getByTestId("line-subtotal")).toHaveText(money(price(name), false));
  }
  await expect(page.getByTestId("cart-total")).toHaveText(money(sum));
  await expect(page.getByTestId("cart-item-count")).toHaveText("3");
  await expect(page.getByText("Calculada no checkout")).toBeVisible();
  await expect(page.getByText("Alguns produtos precisam de consulta de preço.")).toHaveCount(0);

  // + and − change the line, its subtotal, the total and the header badge.
  const firstRow = line(page, first!);
  await firstRow.getByRole("button", { name: `Aumentar quantidade de ${first}` }).click();
  await expect(firstRow.getByTestId("line-quantity")).toHaveText("2");
  await expect(firstRow.getByTestId("line-subtotal")).toHaveText(money(price(first!) * 2, false));
  await expect(page.getByTestId("cart-total")).toHaveText(money(sum + price(first!)));
  await expect(page.getByTestId("cart-badge")).toHaveText("4");
  await firstRow.getByRole("button", { name: `Aumentar quantidade de ${first}` }).click();
  await firstRow.getByRole("button", { name: `Diminuir quantidade de ${first}` }).click();
  await expect(firstRow.getByTestId("line-quantity")).toHaveText("2");

  // A reload keeps everything.
  await page.reload();
  await expect(lines).toHaveCount(3);
  await expect(line(page, first!).getByTestId("line-quantity")).toHaveText("2");
  await expect(page.getByTestId("cart-total")).toHaveText(money(sum + price(first!)));

  // 'Finalizar pelo WhatsApp' records the order first (tests/e2e/checkout.spec.ts follows it through).
  await expect(page.getByRole("button", { name: "Finalizar pelo WhatsApp" })).toBeEnabled();
  await expect(page.getByRole("link", { name: "Ir para Checkout" })).toHaveAttribute("href", "/checkout");
  await expect(page.getByRole("link", { name: "Continuar comprando" })).toHaveAttribute("href", "/produtos");

  // − at 1 removes the line; so does 'Remover'.
  await line(page, first!).getByRole("button", { name: `Diminuir quantidade de ${first}` }).click();
  await line(page, first!).getByRole("button", { name: `Diminuir quantidade de ${first}` }).click();
  await expect(line(page, first!)).toHaveCount(0);
  await expect(lines).toHaveCount(2);
  await page.getByRole("button", { name: `Remover ${second}` }).click();
  await expect(lines).toHaveCount(1);
  await expect(page.getByTestId("cart-total")).toHaveText(money(price(third!)));
  await expect(page.getByTestId("cart-badge")).toHaveText("1");

  // 'Limpar carrinho' asks once more, inline; 'Cancelar' keeps the cart.
  await page.getByRole("button", { name: "Limpar carrinho" }).click();
  await expect(page.getByText("Tem certeza?")).toBeVisible();
  await page.getByRole("button", { name: "Cancelar" }).click();
  await expect(lines).toHaveCount(1);
  await page.getByRole("button", { name: "Limpar carrinho" }).click();
  await page.getByRole("button", { name: "Sim, limpar" }).click();
  await expect(page.getByRole("heading", { name: "Seu carrinho está vazio" })).toBeVisible();
  await expect(page.getByTestId("cart-badge")).toHaveCount(0);
  expect(await storedCart(page)).toEqual([]);

  await page.reload();
  await expect(page.getByRole("heading", { name: "Seu carrinho está vazio" })).toBeVisible();
  expect(errors).toEqual([]);
});

test("a second tab follows the cart", async ({ page, context }) => {
  const [first] = await addProducts(page, 1);
  const other = await context.newPage();
  await other.goto("/carrinho");
  await expect(line(other, first!)).toBeVisible();
  await expect(other.getByTestId("cart-badge")).toHaveText("1");

  // Another product added in the first tab shows up in the second without a reload.
  const [, secondName] = await addableNames(page, 2);
  await card(page, secondName!).getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(other.getByTestId("cart-line")).toHaveCount(2);
  await expect(line(other, secondName!)).toBeVisible();
  await expect(other.getByTestId("cart-badge")).toHaveText("2");

  // Changes in the cart page reach the first tab's badge. A removal, not "+": one more unit depends
  // on the shelf, which other specs' orders on the shared server may have left at one (CI, desktop).
  await line(other, secondName!).getByRole("button", { name: `Remover ${secondName}` }).click();
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
  await other.getByRole("button", { name: "Limpar carrinho" }).click();
  await other.getByRole("button", { name: "Sim, limpar" }).click();
  await expect(page.getByTestId("cart-badge")).toHaveCount(0);
});

test("empty cart: painted before the scripts run, no flash of it for a cart with items, a way back to the products", async ({ page, browser, request }) => {
  const html = await (await request.get("/carrinho")).text();
  expect(html).toContain('<meta name="robots" content="noindex"/>');

  // The server cannot know the cart; the page's inline script reads it before the first paint. With
  // the page's scripts held back: the empty cart for an empty one, the placeholder for one with items.
  const beforeScripts = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: "pt-BR" });
  try {
    const early = await beforeScripts.newPage();
    await early.route("**/assets/*.js", (route) => route.abort());
    await early.goto("/carrinho");
    await expect(early.getByRole("heading", { name: "Seu carrinho está vazio" })).toBeVisible();
    await expect(early.locator('[aria-busy="true"]')).toBeHidden();

    await early.evaluate((key) => localStorage.setItem(key, JSON.stringify([{ id: 1 }])), "erick_cart");
    await early.goto("/carrinho");
    await expect(early.locator('[aria-busy="true"]')).toBeVisible();
    await expect(early.getByRole("heading", { name: "Seu carrinho está vazio" })).toBeHidden();
  } finally {
    await beforeScripts.close();
  }
  // Without JavaScript the cart cannot be read: the placeholder (its <noscript> note says why), never 'vazio'.
  const withoutJavaScript = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: "pt-BR", javaScriptEnabled: false });
  try {
    const plain = await withoutJavaScript.newPage();
    await plain.goto("/carrinho");
    await expect(plain.locator('[aria-busy="true"]')).toBeVisible();
    await expect(plain.getByRole("heading", { name: "Seu carrinho está vazio" })).toBeHidden();
  } finally {
    await withoutJavaScript.close();
  }

  await page.goto("/carrinho");
  await expect(page).toHaveTitle(/^Carrinho \|/);
  await expect(page.getByRole("heading", { name: "Seu carrinho está vazio" })).toBeVisible();
  await page.getByRole("link", { name: "Ver produtos" }).click();
  await expect(page).toHaveURL(/\/produtos$/);
});

test("the lines' and summary's code is fetched for a cart with something in it, not for an empty one", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  const contentsCode = () => scripts.filter((path) => /\/assets\/cart-contents-[\w-]+\.js$/.test(path));
  await gotoHydrated(page, "/carrinho");
  await expect(page.getByRole("heading", { name: "Seu carrinho está vazio" })).toBeVisible();
  expect(contentsCode()).toEqual([]);

  const [name] = await addProducts(page, 1);
  await gotoHydrated(page, "/carrinho");
  await expect(page.getByRole("heading", { level: 3, name })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Resumo do pedido" })).toBeVisible();
  expect(contentsCode()).toHaveLength(1);
});

test("a line without a price: 'Consultar preço' and the note", async ({ page }) => {
  // Real products and sizes on the shelf: the cart's stock check keeps them (a price may go away
  // after a product is in the cart; the shop then quotes it on WhatsApp).
  const boot = await productId(page, "Bota Cano Curto Feminina");
  const doll = await productId(page, "Boneca de Pano Artesanal");
  await page.goto("/carrinho");
  await expect(page.getByRole("heading", { name: "Seu carrinho está vazio" })).toBeVisible();
  await page.evaluate(
    ([bootId, dollId]) => {
      const line = (id: number, name: string, priceCents: number | null, size: string | null, color: string, quantity: number) => ({
        cartItemId: `${id}-${size ?? ""}-${color}-1`,
        id,
        name,
        shopName: "Erick Variedades",
        category: "Variedades",
        priceCents,
        size,
        color,
        quantity,
        image: null,
      });
      window.localStorage.setItem(
        "erick_cart",
        JSON.stringify([line(bootId!, "Bolsa sob consulta", null, "35", "Café", 1), line(dollId!, "Caneca", 2500, null, "Colorido", 2)]),
      );
    },
    [boot, doll],
  );
  await page.reload();
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
  await expect(line(page, "Bolsa sob consulta").getByTestId("line-subtotal")).toHaveText("Consultar preço");
  await expect(page.getByTestId("cart-total")).toHaveText(money(5000));
  await expect(page.getByText("Alguns produtos precisam de consulta de preço.")).toBeVisible();
});

test("two sizes of one product: every button of each line names its size and colour", async ({ page }) => {
  const name = "Tênis de Corrida com Amortecimento";
  await page.goto(`/produtos?q=${encodeURIComponent(name)}`);
  await card(page, name).getByRole("link", { name, exact: true }).first().click();
  await expect(page).toHaveURL(/\/produto\/\d+$/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const color = (await page.getByRole("group", { name: /^Cor/ }).getByRole("button", { pressed: true }).innerText()).trim();
  const sizes = page.getByRole("group", { name: /^Tamanho/ }).locator("button:not([aria-disabled])");
  const chosen: string[] = [];
  for (const index of [0, 1]) {
    const size = sizes.nth(index);
    chosen.push((await size.innerText()).trim());
    await size.click();
    await page.getByRole("button", { name: "Adicionar ao Carrinho" }).click();
    await expect(page.getByTestId("cart-badge")).toHaveText(String(index + 1));
  }

  await openCart(page);
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
  const buttons = page.getByTestId("cart-line").getByRole("button");
  const names = await buttons.evaluateAll((elements) => elements.map((element) => element.getAttribute("aria-label") ?? element.textContent ?? ""));
  expect(names).toHaveLength(6);
  expect(new Set(names).size, names.join(" | ")).toBe(names.length);
  for (const size of chosen) {
    const label = `${name}, tamanho ${size}, cor ${color}`;
    for (const action of ["Remover", "Diminuir quantidade de", "Aumentar quantidade de"]) {
      await expect(page.getByRole("button", { name: `${action} ${label}`, exact: true })).toHaveCount(1);
    }
  }
});
