// What an account adds for shoppers, in the browser: reviewing a product, 'Meus pedidos' after a
// checkout, and favourites that follow the account to another browser. Each test makes its own
// shopper; the reviewed product differs per project, so projects running side by side never share
// one's average.
import { randomBytes } from "node:crypto";
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { gotoHydrated } from "./hydration";
import { structuredDataOf } from "./structured-data";

type Shopper = { name: string; email: string; password: string };

/** Submissions that hash a password (scrypt) can take seconds on a busy test machine. */
const SLOW = { timeout: 20_000 };

/** Each browser its own client address (the test server trusts X-Forwarded-For from loopback), for the rate limits. */
function ownAddress(): Record<string, string> {
  const [a = 0, b = 0, c = 0] = randomBytes(3);
  return { "x-forwarded-for": `10.${a}.${b}.${(c % 250) + 1}` };
}

test.beforeEach(async ({ page }) => {
  test.setTimeout(90_000);
  await page.setExtraHTTPHeaders(ownAddress());
});

function newShopper(): Shopper {
  const id = randomBytes(4).toString("hex");
  return { name: `Cliente Teste${id}`, email: `conta-${id}@exemplo.com`, password: `senha-${id}-ok` };
}

async function register(page: Page, shopper: Shopper) {
  await gotoHydrated(page, "/registrar");
  await page.getByLabel("Nome").fill(shopper.name);
  await page.getByLabel("E-mail").fill(shopper.email);
  await page.getByLabel("Senha", { exact: true }).fill(shopper.password);
  await page.getByLabel("Confirme a senha").fill(shopper.password);
  await page.getByRole("button", { name: "Criar conta" }).click();
  await expect(page.getByRole("button", { name: "Menu da conta" })).toBeVisible(SLOW);
}

async function signIn(page: Page, shopper: Shopper, redirectTo = "/conta") {
  await gotoHydrated(page, `/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  await page.getByLabel("E-mail").fill(shopper.email);
  await page.getByLabel("Senha").fill(shopper.password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page.getByRole("button", { name: "Menu da conta" })).toBeVisible(SLOW);
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Menu da conta" }).click();
  await page.getByRole("banner").getByRole("button", { name: "Sair" }).click();
  await expect(page.getByRole("link", { name: "Entrar" })).toBeVisible(SLOW);
}

async function openProduct(page: Page, query: string, name: string): Promise<number> {
  await gotoHydrated(page, `/produtos?q=${encodeURIComponent(query)}`);
  await page.getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(/\/produto\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  return Number(new URL(page.url()).pathname.split("/").pop());
}

/** Clicks until the click has its effect (before hydration a server-rendered button does nothing). */
async function clickUntil(target: Locator, effect: () => Promise<void>) {
  await expect(async () => {
    await target.click();
    await effect();
  }).toPass({ timeout: 15_000 });
}

test("review a product: rate, comment, see the average and count, then edit", async ({ page }, testInfo) => {
  const product =
    testInfo.project.name === "phone"
      ? { query: "garrafa", name: "Garrafa Térmica Esportiva 1 L" }
      : { query: "toalhas", name: "Jogo de Toalhas de Banho 4 Peças" };

  // Signed out: an invitation to sign in that comes back here.
  const id = await openProduct(page, product.query, product.name);
  const tab = page.getByRole("tab", { name: /^Avaliações/ });
  await tab.click();
  const panel = page.getByRole("tabpanel", { name: /^Avaliações/ });
  await expect(panel).toContainText("Este produto ainda não tem avaliações.");
  await expect(page.getByTestId("rating-summary")).toHaveCount(0);
  const invitation = panel.getByRole("link", { name: "Entre para avaliar este produto" });
  await expect(invitation).toHaveAttribute("href", `/login?redirectTo=${encodeURIComponent(`/produto/${id}`)}`);

  const shopper = newShopper();
  await register(page, shopper);
  await openProduct(page, product.query, product.name);
  await page.getByRole("tab", { name: /^Avaliações/ }).click();

  // Sending without a rating is refused in the browser.
  await panel.getByRole("button", { name: "Enviar avaliação" }).click();
  await expect(panel.getByText("Escolha uma nota de 1 a 5 estrelas")).toBeVisible();

  await panel.locator("label").filter({ hasText: "5 estrelas" }).click();
  const comment = "<b>Ótimo</b> produto!\nChegou rápido.";
  await panel.getByLabel("Comentário (opcional)").fill(comment);
  await panel.getByRole("button", { name: "Enviar avaliação" }).click();

  await expect(page).toHaveURL(new RegExp(`/produto/${id}\\?avaliacao=salva#avaliacoes$`), SLOW);
  await expect(page.getByRole("tab", { name: "Avaliações (1)" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("rating-summary")).toHaveText("5,0 (1 avaliação)");
  await expect(panel.getByRole("status")).toHaveText("Obrigado! Sua avaliação foi salva.");
  const item = panel.getByTestId("review");
  await expect(item).toHaveCount(1);
  await expect(item.getByRole("img", { name: "Nota 5 de 5" })).toBeVisible();
  await expect(item).toContainText(`Cliente T.`);
  // The comment is text: the markup shows as typed, nothing is rendered from it.
  await expect(item.getByText("<b>Ótimo</b> produto!")).toBeVisible();
  await expect(item.locator("b")).toHaveCount(0);

  const data = (await structuredDataOf(page)).find((entry) => entry["@type"] === "Product");
  expect(data?.aggregateRating).toEqual({ "@type": "AggregateRating", ratingValue: 5, reviewCount: 1, bestRating: 5, worstRating: 1 });

  // Sending again edits the same review.
  await expect(panel.getByRole("heading", { name: "Sua avaliação" })).toBeVisible();
  await expect(panel.getByLabel("Comentário (opcional)")).toHaveValue(comment);
  await panel.locator("label").filter({ hasText: "4 estrelas" }).click();
  await panel.getByRole("button", { name: "Atualizar avaliação" }).click();
  await expect(page.getByTestId("rating-summary")).toHaveText("4,0 (1 avaliação)", SLOW);
  await expect(panel.getByTestId("review")).toHaveCount(1);
  await expect(panel.getByTestId("review").getByRole("img", { name: "Nota 4 de 5" })).toBeVisible();
});

/** Records where the checkout sends its WhatsApp tab (no real pop-up: there is no internet here). */
async function stubWhatsAppTab(page: Page) {
  await page.addInitScript(() => {
    window.open = (() => {
      const fake = { closed: false, opener: null as unknown, close() {}, location: { href: "" } };
      return fake as unknown as Window;
    }) as typeof window.open;
  });
}

test("my orders: an order placed while signed in is listed on /conta and opens its page", async ({ page }) => {
  await stubWhatsAppTab(page);
  const shopper = newShopper();
  await register(page, shopper);
  await gotoHydrated(page, "/conta#pedidos");
  await expect(page.getByText("Você ainda não fez pedidos.")).toBeVisible();
  await expect(page.locator("#pedidos").getByRole("link", { name: "Ver produtos" })).toHaveAttribute("href", "/produtos");

  await gotoHydrated(page, "/produtos?q=relogio");
  const card = page.getByTestId("product-card").first();
  await card.getByRole("button", { name: "Adicionar" }).click();
  await expect(card.getByRole("button", { name: "Adicionado!" })).toBeVisible();
  await gotoHydrated(page, "/checkout");
  // The profile fills the form in.
  await expect(page.getByLabel("Nome completo")).toHaveValue(shopper.name);
  await expect(page.getByLabel("E-mail", { exact: true })).toHaveValue(shopper.email);
  await page.getByLabel("Telefone / WhatsApp").fill("(81) 98888-7777");
  // The account has no phone yet: the checkout offers to keep this one, checked.
  await expect(page.getByLabel("Salvar este telefone na minha conta")).toBeChecked();
  await page.getByLabel("Retirar na loja (grátis)").check();
  // Each store says whether it has the cart; the first that can have it.
  await expect(page.getByTestId("pickup-availability").first()).toBeVisible();
  await page.getByTestId("pickup-stores").getByRole("radio", { disabled: false }).first().check();
  await page.getByRole("button", { name: "Enviar Pedido" }).click();
  await expect(page).toHaveURL(/\/pedido\/[A-Za-z0-9_-]{20,}$/, SLOW);
  const orderUrl = page.url();
  const code = (await page.getByRole("heading", { level: 1 }).textContent())?.match(/#([0-9A-F]{8})/)?.[1];
  expect(code).toBeTruthy();

  await page.getByRole("button", { name: "Menu da conta" }).click();
  await page.getByRole("link", { name: "Meus pedidos" }).click();
  await expect(page).toHaveURL(/\/conta#pedidos$/);
  const orders = page.getByTestId("my-orders").getByRole("listitem");
  await expect(orders).toHaveCount(1);
  await expect(orders.first()).toContainText(`Pedido #${code}`);
  await expect(orders.first()).toContainText("Pendente");
  await expect(orders.first()).toContainText(/R\$\s79,90/);
  await orders.first().getByRole("link").click();
  await expect(page).toHaveURL(orderUrl);

  // …and the next checkout has it.
  await gotoHydrated(page, "/conta");
  await expect(page.getByLabel("Telefone")).toHaveValue("(81) 98888-7777");
});

async function newBrowserPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: ownAddress(), locale: "pt-BR", timezoneId: "America/Recife" });
  return context.newPage();
}

/** The answer to the next POST /api/favoritos: a heart saved on, or taken off, the account. */
function favouritesSaved(page: Page) {
  return page.waitForResponse((response) => response.url().endsWith("/api/favoritos") && response.request().method() === "POST");
}

/** Holds the page's next /api/eu request (who is signed in) until the returned function is called. */
async function holdNextPersonalView(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let first = true;
  await page.route("**/api/eu*", async (route) => {
    if (first) {
      first = false;
      await held;
    }
    await route.continue();
  });
  return release;
}

async function favourite(page: Page) {
  const add = page.getByRole("button", { name: "Adicionar aos favoritos" });
  const saved = favouritesSaved(page);
  await clickUntil(add, () => expect(page.getByRole("button", { name: "Remover dos favoritos" })).toHaveAttribute("aria-pressed", "true", { timeout: 500 }));
  return saved;
}

test("favourites follow the account to another browser, merged with that browser's own", async ({ page, browser, baseURL }) => {
  const shopper = newShopper();
  await register(page, shopper);
  await openProduct(page, "chuteira", "Chuteira Society");
  expect((await favourite(page)).ok()).toBe(true);
  await signOut(page);
  // Signed out, this browser no longer shows the account's favourites.
  await openProduct(page, "chuteira", "Chuteira Society");
  await expect(page.getByRole("button", { name: "Adicionar aos favoritos" })).toHaveAttribute("aria-pressed", "false");

  // Another browser: a favourite kept while signed out, then sign in.
  const other = await newBrowserPage(browser, baseURL);
  try {
    await openProduct(other, "bolsa", "Bolsa Transversal Feminina");
    await clickUntil(other.getByRole("button", { name: "Adicionar aos favoritos" }), () =>
      expect(other.getByRole("button", { name: "Remover dos favoritos" })).toBeVisible({ timeout: 500 }),
    );
    await signIn(other, shopper, "/conta");
    await expect(other).toHaveURL(/\/conta$/);
    const favourites = other.getByTestId("my-favorites");
    await expect(favourites.getByRole("link", { name: "Chuteira Society", exact: true })).toBeVisible(SLOW);
    await expect(favourites.getByRole("link", { name: "Bolsa Transversal Feminina", exact: true })).toBeVisible(SLOW);
    // The heart on the product page knows it too.
    await openProduct(other, "chuteira", "Chuteira Society");
    await expect(other.getByRole("button", { name: "Remover dos favoritos" })).toHaveAttribute("aria-pressed", "true");
  } finally {
    await other.context().close();
  }

  // Back in the first browser: signing in brings both.
  await signIn(page, shopper, "/conta");
  await expect(page.getByTestId("my-favorites").getByRole("link", { name: "Bolsa Transversal Feminina", exact: true })).toBeVisible(SLOW);
  // Removing one there removes it from the account.
  await openProduct(page, "bolsa", "Bolsa Transversal Feminina");
  // The page knows who is signed in (the account menu), so the heart goes to the account at once.
  await expect(page.getByRole("button", { name: "Menu da conta" })).toBeVisible(SLOW);
  const removed = favouritesSaved(page);
  await page.getByRole("button", { name: "Remover dos favoritos" }).click();
  expect((await removed).ok()).toBe(true);
  await gotoHydrated(page, "/conta");
  await expect(page.getByTestId("my-favorites").getByRole("link", { name: "Chuteira Society", exact: true })).toBeVisible();
  await expect(page.getByTestId("my-favorites").getByRole("link", { name: "Bolsa Transversal Feminina", exact: true })).toHaveCount(0);
});

// The page learns who is signed in from /api/eu after hydration. A heart tapped before that answer, or
// on a page reached by a link followed before it, must still reach the account.
test("a heart tapped before the page knows who is signed in is still saved on the account", async ({ page }) => {
  const shopper = newShopper();
  await register(page, shopper);
  // /api/eu answers late on the list page; the shopper follows a link to the product meanwhile.
  const release = await holdNextPersonalView(page);
  await gotoHydrated(page, "/produtos?q=chuteira");
  await page.getByRole("link", { name: "Chuteira Society", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Chuteira Society" })).toBeVisible();
  const saved = favouritesSaved(page);
  await page.getByRole("button", { name: "Adicionar aos favoritos" }).click();
  await expect(page.getByRole("button", { name: "Remover dos favoritos" })).toHaveAttribute("aria-pressed", "true");
  release();
  expect((await saved).ok()).toBe(true);
  // Signed in as far as the page is concerned too.
  await expect(page.getByRole("button", { name: "Menu da conta" })).toBeVisible();

  // A product page loaded on its own, the heart tapped before /api/eu answers.
  const bolsa = await openProduct(page, "bolsa", "Bolsa Transversal Feminina");
  await page.unroute("**/api/eu*");
  const releaseAgain = await holdNextPersonalView(page);
  await gotoHydrated(page, `/produto/${bolsa}`);
  const savedAgain = favouritesSaved(page);
  await clickUntil(page.getByRole("button", { name: "Adicionar aos favoritos" }), () =>
    expect(page.getByRole("button", { name: "Remover dos favoritos" })).toHaveAttribute("aria-pressed", "true", { timeout: 500 }),
  );
  releaseAgain();
  expect((await savedAgain).ok()).toBe(true);
  await page.unroute("**/api/eu*");

  await gotoHydrated(page, "/conta");
  const favourites = page.getByTestId("my-favorites");
  await expect(favourites.getByRole("link", { name: "Chuteira Society", exact: true })).toBeVisible(SLOW);
  await expect(favourites.getByRole("link", { name: "Bolsa Transversal Feminina", exact: true })).toBeVisible();
});

// The race CI met (1 run in 60 here): a link followed while /api/eu is on its way, whose answer comes
// while the router still fetches the new page's route (its manifest). The first answer is dropped with
// the cancelled hydration; the new page must ask again, not take the page for known.
test("a link followed while the page asks who is signed in, answered before the new page's route arrives: the page still knows", async ({ page }) => {
  const shopper = newShopper();
  await register(page, shopper);
  const releaseView = await holdNextPersonalView(page);
  let releaseRoutes = () => {};
  const routesHeld = new Promise<void>((resolve) => (releaseRoutes = resolve));
  const isProductRoute = (url: URL) => url.pathname === "/__manifest" && (url.searchParams.get("paths") ?? "").includes("/produto/");
  await page.route(isProductRoute, async (route) => {
    await routesHeld;
    await route.continue();
  });
  await gotoHydrated(page, "/produtos?q=chuteira");
  await page.getByRole("link", { name: "Chuteira Society", exact: true }).click();
  // The navigation waits for its route; meanwhile the page's first /api/eu answers.
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/eu");
  releaseView();
  await (await answered).finished();
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
  releaseRoutes();
  await expect(page.getByRole("heading", { level: 1, name: "Chuteira Society" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Menu da conta" })).toBeVisible(SLOW);
  const saved = favouritesSaved(page);
  await page.getByRole("button", { name: "Adicionar aos favoritos" }).click();
  expect((await saved).ok()).toBe(true);
});

// Most shoppers never sign in: a page asked for without a session cookie knows nobody is, and asks
// /api/eu nothing (one request and one render of the whole page fewer on every page they open).
test("a browser that never signed in does not ask who is signed in; once signed in, every page does", async ({ page }) => {
  const asked: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/eu") asked.push(request.url());
  });
  await gotoHydrated(page, "/produtos");
  await expect(page.getByRole("link", { name: "Entrar" })).toBeVisible();
  // A link followed inside the app, and a product page opened on its own.
  await page.getByTestId("product-card").first().getByRole("heading").getByRole("link").click();
  await page.waitForURL(/\/produto\/\d+$/);
  await expect(page.getByRole("button", { name: "Adicionar aos favoritos" })).toBeVisible();
  const product = new URL(page.url()).pathname;
  await gotoHydrated(page, product);
  await expect(page.getByRole("button", { name: "Adicionar aos favoritos" })).toBeVisible();
  expect(asked).toEqual([]);

  const shopper = newShopper();
  await register(page, shopper);
  asked.length = 0;
  await gotoHydrated(page, "/produtos");
  await expect(page.getByRole("button", { name: "Menu da conta" })).toBeVisible();
  await gotoHydrated(page, product);
  await expect(page.getByRole("button", { name: "Menu da conta" })).toBeVisible();
  expect(asked.map((url) => new URL(url).pathname + new URL(url).search)).toEqual(["/api/eu", `/api/eu?produto=${product.split("/").pop()}`]);
});
