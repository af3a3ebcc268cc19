import { expect, test, type Page } from "@playwright/test";
import { recordWindowOpen } from "./window-open";

// The stores page (/lojas): store cards, URL filters (with and without JavaScript), contact form.

/** The 'Filtrar' button is only there until React takes over; its absence means the page is hydrated. */
async function waitForHydration(page: Page) {
  await expect(page.getByRole("button", { name: "Filtrar" })).toHaveCount(0, { timeout: 15_000 });
}

const cards = (page: Page) => page.getByTestId("store-card");

test("hero, six stores with address, phone, map on request, directions, WhatsApp and Instagram", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const thirdParty: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith("http://127.0.0.1")) thirdParty.push(request.url());
  });

  await page.goto("/lojas");
  await expect(page).toHaveTitle(/^Nossas Lojas \|/);
  await expect(page.getByRole("heading", { level: 1, name: "Nossas Lojas" })).toBeVisible();
  const hero = page.locator("section").filter({ has: page.getByRole("heading", { level: 1 }) });
  await expect(hero.getByRole("link", { name: "Falar no WhatsApp" })).toHaveAttribute("href", /^https:\/\/wa\.me\/\d+\?text=/);
  await expect(hero.getByRole("link", { name: /^Ligar/ })).toHaveAttribute("href", /^tel:\+55\d{10,11}$/);

  await expect(cards(page)).toHaveCount(6);
  await expect(page.getByTestId("store-count")).toHaveText("6 lojas encontradas");

  const card = cards(page).filter({ hasText: "Erick Calçados Sirinhaém" });
  await expect(card.getByRole("heading", { name: "Erick Calçados Sirinhaém" })).toBeVisible();
  await expect(card.getByText(/Rua Siqueira Campos, 120/)).toBeVisible();
  await expect(card.getByRole("link", { name: /\(81\) 3577-1995/ })).toHaveAttribute("href", "tel:+558135771995");
  await expect(card.getByText("Segunda a Sábado, 8h às 18h")).toBeVisible();
  await expect(card.getByRole("link", { name: /^Como Chegar/ })).toHaveAttribute(
    "href",
    "https://www.google.com/maps/dir/?api=1&destination=-8.5907,-35.1163",
  );
  const whatsapp = card.getByRole("link", { name: /^WhatsApp/ });
  await expect(whatsapp).toHaveAttribute("href", /^https:\/\/wa\.me\/\d+\?text=/);
  expect(new URL((await whatsapp.getAttribute("href"))!).searchParams.get("text")).toContain("Erick Calçados Sirinhaém");
  await expect(card.getByRole("link", { name: /@erickcalcados/ })).toHaveAttribute("href", "https://www.instagram.com/erickcalcados/");

  // Maps load only when asked.
  await expect(card.locator("iframe")).toHaveCount(0);
  await waitForHydration(page);
  await card.getByRole("button", { name: "Ver mapa: Erick Calçados Sirinhaém" }).click();
  await expect(card.locator("iframe")).toHaveAttribute("src", /-8\.5907,-35\.1163/);
  expect(thirdParty.filter((url) => !url.includes("maps.google.com"))).toEqual([]);

  // The page's own structured data is valid JSON with the six stores.
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  const list = scripts.map((text) => JSON.parse(text)).find((data) => data["@type"] === "ItemList");
  expect(list.itemListElement).toHaveLength(6);
  expect(errors).toEqual([]);
});

/**
 * Whether each card fills its place in the grid (its island's wrapper), so cards in a row are equally
 * tall: one card (`taller`) is given a longer text first, since the demo stores' cards are all alike.
 */
function cardsFillTheirCells(page: Page, taller: string) {
  return cards(page).evaluateAll((articles, slug) => {
    const longer = document.createElement("p");
    longer.textContent = "Um texto mais longo que o dos outros cartões. ".repeat(8);
    document.getElementById(slug)!.firstElementChild!.append(longer);
    return articles.every((article) => {
      const card = article.getBoundingClientRect();
      const cell = article.parentElement!.getBoundingClientRect();
      return card.height === cell.height && card.width === cell.width;
    });
  }, taller);
}

test("store cards are the server's markup: their code comes with a map pressed or a store the server did not render", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  const storeCardCode = () => scripts.filter((path) => /\/assets\/store-card-[\w-]+\.js$/.test(path));

  await page.goto("/lojas");
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  await expect(cards(page)).toHaveCount(6);
  expect(storeCardCode()).toEqual([]);
  expect(await cardsFillTheirCells(page, "barreiros-calcados")).toBe(true);
  // The card is still the target of /lojas#slug.
  await expect(page.locator("#sirinhaem-calcados")).toHaveAttribute("data-testid", "store-card");

  // The press waits for the code, then reaches the map button.
  const card = cards(page).filter({ hasText: "Erick Calçados Sirinhaém" });
  await card.getByRole("button", { name: "Ver mapa: Erick Calçados Sirinhaém" }).click();
  await expect(card.locator("iframe")).toHaveAttribute("src", /-8\.5907,-35\.1163/);
  await expect(card.locator("iframe")).toBeFocused();
  expect(storeCardCode()).toHaveLength(1);

  // A store the server did not render comes back whole, drawn by the card's code.
  await page.getByLabel("Cidade").selectOption("Sirinhaém");
  await expect(cards(page)).toHaveCount(2);
  await page.getByRole("link", { name: "Limpar filtros" }).click();
  await expect(page).toHaveURL(/\/lojas$/);
  await expect(cards(page)).toHaveCount(6);
  const sports = cards(page).filter({ hasText: "Erick Sports" });
  await expect(sports.getByRole("heading", { level: 3, name: "Erick Sports" })).toBeVisible();
  await expect(sports.getByText("Barreiros", { exact: true })).toBeVisible();
  await expect(sports.getByRole("link", { name: /^Como Chegar/ })).toHaveAttribute("href", /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=/);
  const whatsapp = sports.getByRole("link", { name: /^WhatsApp/ });
  expect(new URL((await whatsapp.getAttribute("href"))!).searchParams.get("text")).toContain("Erick Sports");
  await expect(sports.getByRole("link", { name: /@erickcalcados/ })).toHaveAttribute("href", "https://www.instagram.com/erickcalcados/");
  for (const name of ["Erick Calçados Barreiros", "Erick Variedades Barreiros", "Erick Magazine e Kids", "Erick Sports"]) {
    await expect(cards(page).filter({ hasText: name }).getByRole("button", { name: `Ver mapa: ${name}` })).toBeVisible();
  }
  // The card that stayed keeps its open map.
  await expect(card.locator("iframe")).toHaveCount(1);
  expect(await cardsFillTheirCells(page, "sports")).toBe(true);
  await sports.getByRole("button", { name: "Ver mapa: Erick Sports" }).click();
  await expect(sports.locator("iframe")).toHaveCount(1);
  expect(errors).toEqual([]);
});

test("filters by city and category, in the URL", async ({ page }) => {
  await page.goto("/lojas");
  await waitForHydration(page);
  const city = page.getByLabel("Cidade");
  const category = page.getByLabel("Categoria");
  await expect(city).toHaveValue("");
  await expect(city.locator("option").first()).toHaveText("Todas");

  await city.selectOption("Sirinhaém");
  await expect(page).toHaveURL(/\/lojas\?cidade=Sirinha%C3%A9m$/);
  await expect(cards(page)).toHaveCount(2);
  await expect(page.getByTestId("store-count")).toHaveText("2 lojas encontradas");

  await category.selectOption("Calçados");
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText("Erick Calçados Sirinhaém");

  await city.selectOption("");
  await expect(page).toHaveURL(/\/lojas\?categoria=Cal%C3%A7ados$/);
  await expect(cards(page)).toHaveCount(2);

  await city.selectOption("Sirinhaém");
  await category.selectOption("Sports");
  await expect(cards(page)).toHaveCount(0);
  await expect(page.getByText("Nenhuma loja encontrada")).toBeVisible();

  await page.getByRole("link", { name: "Limpar filtros" }).click();
  await expect(page).toHaveURL(/\/lojas$/);
  await expect(cards(page)).toHaveCount(6);
  await expect(city).toHaveValue("");
  await expect(category).toHaveValue("");

  // A shared link works as typed, accents or not, and the selects show it.
  await page.goto("/lojas?cidade=sirinhaem");
  await expect(cards(page)).toHaveCount(2);
  await expect(page.getByLabel("Cidade")).toHaveValue("Sirinhaém");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the filters and the contact form still work", async ({ page }) => {
    const response = await page.goto("/lojas");
    expect(response?.status()).toBe(200);
    await page.getByLabel("Cidade").selectOption("Sirinhaém");
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page).toHaveURL(/cidade=Sirinha%C3%A9m/);
    await expect(cards(page)).toHaveCount(2);

    // The server checks the form with the same rules and keeps what was typed.
    await page.getByLabel("Nome").fill("Maria");
    await page.getByRole("button", { name: "Enviar pelo WhatsApp" }).click();
    await expect(page.getByText("E-mail é obrigatório")).toBeVisible();
    await expect(page.getByText("Mensagem é obrigatória")).toBeVisible();
    await expect(page.getByLabel("Nome")).toHaveValue("Maria");

    // A valid form is sent on to WhatsApp: the server answers the post with a redirect there. The
    // test reads that answer; there is no internet here for the browser to follow it.
    await page.getByLabel("E-mail").fill("maria@example.com");
    await page.getByLabel("Mensagem").fill("Tem chuteira 40?");
    const answer = page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname === "/lojas");
    await page.getByRole("button", { name: "Enviar pelo WhatsApp" }).click();
    const redirect = await answer;
    expect(redirect.status()).toBe(302);
    const location = redirect.headers()["location"] ?? "";
    expect(location).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);
    const text = new URL(location).searchParams.get("text")!;
    expect(text).toContain("Nome: Maria");
    expect(text).toContain("Mensagem: Tem chuteira 40?");
  });
});

test("contact form: required fields, then WhatsApp with everything, confirmation and reset", async ({ page }) => {
  const opened = await recordWindowOpen(page);
  await page.goto("/lojas");
  await waitForHydration(page);
  const form = page.getByRole("form", { name: "Formulário de contato" });
  const send = form.getByRole("button", { name: "Enviar pelo WhatsApp" });

  await send.click();
  await expect(form.getByText("Nome é obrigatório")).toBeVisible();
  await expect(form.getByText("E-mail é obrigatório")).toBeVisible();
  await expect(form.getByText("Mensagem é obrigatória")).toBeVisible();
  await expect(form.getByLabel("Nome")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Nome")).toBeFocused();
  expect(await opened()).toEqual([]);

  await form.getByLabel("Nome").fill("Maria da Silva");
  await expect(form.getByText("Nome é obrigatório")).toHaveCount(0);
  await form.getByLabel("E-mail").fill("maria@exemplo");
  await send.click();
  await expect(form.getByText("Informe um e-mail válido")).toBeVisible();
  await expect(form.getByLabel("E-mail")).toBeFocused();

  await form.getByLabel("E-mail").fill("maria@example.com");
  await form.getByLabel(/Telefone/).fill("(81) 99999-0000");
  await form.getByLabel(/Loja de interesse/).selectOption("Erick Sports");
  await form.getByLabel("Mensagem").fill("Vocês têm chuteira 40?");
  await send.click();

  const confirmation = page.getByRole("status").filter({ hasText: "Mensagem pronta! Continue no WhatsApp." });
  await expect(confirmation).toBeVisible();
  const urls = await opened();
  expect(urls).toHaveLength(1);
  expect(urls[0]).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);
  const text = new URL(urls[0]!).searchParams.get("text")!;
  expect(text).toContain("Nome: Maria da Silva");
  expect(text).toContain("E-mail: maria@example.com");
  expect(text).toContain("Telefone: (81) 99999-0000");
  expect(text).toContain("Loja de interesse: Erick Sports");
  expect(text).toContain("Mensagem: Vocês têm chuteira 40?");

  await expect(form.getByLabel("Nome")).toHaveValue("");
  await expect(form.getByLabel("E-mail")).toHaveValue("");
  await expect(form.getByLabel(/Loja de interesse/)).toHaveValue("");
  await expect(form.getByLabel("Mensagem")).toHaveValue("");
  await expect(form.getByRole("link", { name: "Abrir WhatsApp" })).toHaveCount(0);
  // The confirmation goes away by itself after 3 s.
  await expect(page.getByText("Mensagem pronta! Continue no WhatsApp.")).toBeHidden({ timeout: 5_000 });
});

test("contact form: a blocked pop-up leaves a link to WhatsApp", async ({ page }) => {
  const opened = await recordWindowOpen(page, { blocked: true });
  await page.goto("/lojas");
  await waitForHydration(page);
  const form = page.getByRole("form", { name: "Formulário de contato" });
  await form.getByLabel("Nome").fill("João");
  await form.getByLabel("E-mail").fill("joao@example.com");
  await form.getByLabel("Mensagem").fill("Qual o horário de sábado?");
  await form.getByRole("button", { name: "Enviar pelo WhatsApp" }).click();

  await expect(page.getByText("Mensagem pronta! Continue no WhatsApp.")).toBeVisible();
  const link = form.getByRole("link", { name: "Abrir WhatsApp" });
  await expect(link).toHaveAttribute("href", (await opened())[0]!);
  const text = new URL((await link.getAttribute("href"))!).searchParams.get("text")!;
  expect(text).toContain("Telefone: Não informado");
  expect(text).toContain("Loja de interesse: Qualquer loja");
  // The link stays until used, even after the 3 s confirmation time.
  await page.waitForTimeout(3_500);
  await expect(link).toBeVisible();
});
