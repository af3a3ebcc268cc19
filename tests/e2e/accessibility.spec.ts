// axe-core (WCAG 2.0/2.1 A and AA, and axe's best practices) on every storefront and admin page, at the phone and desktop widths
// of playwright.config.ts, including the states a page only shows after something happens: the open
// mobile menu, validation errors, dialogs, a cart with items. The admin pages come from app/routes.ts,
// so a page added there is checked without anyone listing it here. One browser page walks each group
// (a test per URL would sign in and start a page dozens of times); every violation of the group is
// collected and reported at once.
import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN, signInAsAdmin } from "./admin-login";
import { adminPageUrls } from "./admin-pages";
import { testOnFreshServer } from "./app-server";
import { fillCheckoutForm, recordWhatsAppTab } from "./checkout-page";
import { gotoHydrated } from "./hydration";
import { totp } from "./totp";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/** Every violation found, one line per rule and page state, with the elements that fail it. */
class AxeAudit {
  readonly problems: string[] = [];
  readonly checked: string[] = [];

  constructor(private readonly page: Page) {}

  /** Checks the page as it is now; `state` names what is open or shown beyond the URL. */
  async check(state = "") {
    const where = `${new URL(this.page.url()).pathname}${new URL(this.page.url()).search}${state ? ` (${state})` : ""}`;
    const results = await new AxeBuilder({ page: this.page }).withTags(WCAG_TAGS).analyze();
    this.checked.push(where);
    for (const violation of results.violations) {
      const nodes = violation.nodes.map((node) => `      ${node.target.join(" ")}: ${node.failureSummary?.replace(/\s+/g, " ")}`);
      this.problems.push(`${where}: ${violation.id} (${violation.impact}) ${violation.help}\n${nodes.join("\n")}`);
    }
  }

  async visit(url: string, state = "") {
    await gotoHydrated(this.page, url);
    await this.check(state);
  }

  expectNone() {
    expect(this.checked.length).toBeGreaterThan(0);
    expect(this.problems, `checked: ${this.checked.join(", ")}`).toEqual([]);
  }
}

/** Each test's browser gets its own client address: sign-in and sign-up are rate-limited per address. */
async function ownAddress(page: Page) {
  const [a = 0, b = 0, c = 0] = randomBytes(3);
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": `10.${a}.${b}.${(c % 250) + 1}` });
}

/** The href of the first product link a search finds: "/produto/12". */
async function productUrl(page: Page, query: string, name: string): Promise<string> {
  await gotoHydrated(page, `/produtos?q=${encodeURIComponent(query)}`);
  const href = await page.getByRole("link", { name, exact: true }).first().getAttribute("href");
  expect(href).toMatch(/^\/produto\/\d+$/);
  return href!;
}

async function addToCartFromList(page: Page, query: string) {
  await gotoHydrated(page, `/produtos?q=${encodeURIComponent(query)}`);
  const card = page.getByTestId("product-card").first();
  await card.getByRole("button", { name: "Adicionar" }).click();
  await expect(card.getByRole("button", { name: "Adicionado!" })).toBeVisible();
}

/** Who places the orders here. */
const SHOPPER = { name: "Ana Acessível", email: "ana@example.com", phone: "81977776666", payment: "PIX" };

test("storefront catalogue pages", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const audit = new AxeAudit(page);
  for (const url of ["/", "/produtos", "/calcados", "/variedades", "/kids", "/sports", "/produtos?categoria=Feminino&preco=under100"]) {
    await audit.visit(url);
  }
  await audit.visit("/produtos?q=tenis", "search results");
  await audit.visit("/produtos?q=nada-com-este-nome-xyz", "empty result");
  await audit.visit("/lojas");
  await audit.visit("/pagina-que-nao-existe", "404");

  if (testInfo.project.name === "phone") {
    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: "Abrir menu" }).click();
    await expect(page.locator("#mobile-menu")).toBeVisible();
    await audit.check("mobile menu open");
  }
  audit.expectNone();
});

test("product pages", async ({ page }) => {
  test.setTimeout(180_000);
  const audit = new AxeAudit(page);
  const withSizes = await productUrl(page, "corrida", "Tênis de Corrida com Amortecimento");
  await audit.visit(withSizes, "sizes and colours");
  await page.getByRole("button", { name: "Adicionar ao Carrinho" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Por favor, selecione um tamanho" })).toBeVisible();
  await audit.check("size missing");
  await page.getByRole("button", { name: "Guia de tamanhos", exact: true }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await audit.check("size guide open");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await page.getByRole("tab", { name: /^Avaliações/ }).click();
  await expect(page.getByRole("tabpanel", { name: /^Avaliações/ })).toBeVisible();
  await audit.check("reviews tab");

  await audit.visit(await productUrl(page, "relogio", "Relógio Digital Unissex"), "colours only");
  audit.expectNone();
});

test("cart, checkout with errors, and the order page", async ({ page }) => {
  test.setTimeout(180_000);
  const audit = new AxeAudit(page);
  await recordWhatsAppTab(page);
  await audit.visit("/carrinho", "empty");
  await addToCartFromList(page, "chinelo");
  await addToCartFromList(page, "relogio");
  await audit.visit("/carrinho", "two items");
  await gotoHydrated(page, "/checkout");
  await audit.check();
  await page.getByRole("button", { name: "Enviar Pedido" }).click();
  await expect(page.getByText("Nome é obrigatório", { exact: true })).toBeVisible();
  await audit.check("validation errors");
  await fillCheckoutForm(page, SHOPPER);
  await page.getByRole("button", { name: "Enviar Pedido" }).click();
  await expect(page).toHaveURL(/\/pedido\/[A-Za-z0-9_-]{20,}$/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await audit.check("just placed");
  await audit.visit(new URL(page.url()).pathname, "opened again");
  await audit.visit("/pedido/codigo-que-nao-existe-0123456789", "unknown order");
  audit.expectNone();
});

test("sign-in, sign-up, password reset and the account page", async ({ page }) => {
  test.setTimeout(180_000);
  await ownAddress(page);
  await recordWhatsAppTab(page);
  const audit = new AxeAudit(page);
  await audit.visit("/login");
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Preencha todos os campos" })).toBeVisible();
  await audit.check("validation errors");
  await audit.visit("/recuperar-senha");
  await audit.visit("/redefinir-senha?token=invalido", "invalid link");

  await audit.visit("/registrar");
  await page.getByRole("button", { name: "Criar conta" }).click();
  await expect(page.getByText("Nome é obrigatório")).toBeVisible();
  await audit.check("validation errors");
  const id = randomBytes(4).toString("hex");
  await page.getByLabel("Nome").fill(`Cliente ${id}`);
  await page.getByLabel("E-mail").fill(`a11y-${id}@exemplo.com`);
  await page.getByLabel("Senha", { exact: true }).fill(`senha-${id}-ok`);
  await page.getByLabel("Confirme a senha").fill(`senha-${id}-ok`);
  await page.getByRole("button", { name: "Criar conta" }).click();
  await expect(page.getByRole("button", { name: "Menu da conta" })).toBeVisible({ timeout: 20_000 });
  await page.getByRole("button", { name: "Menu da conta" }).click();
  await audit.check("account menu open");

  // An order and a favourite, so that /conta lists both.
  await addToCartFromList(page, "relogio");
  await gotoHydrated(page, "/checkout");
  await fillCheckoutForm(page, SHOPPER);
  await page.getByRole("button", { name: "Enviar Pedido" }).click();
  await expect(page).toHaveURL(/\/pedido\/[A-Za-z0-9_-]{20,}$/);
  await gotoHydrated(page, await productUrl(page, "chinelo", "Chinelo Slide Masculino"));
  await page.getByRole("button", { name: "Adicionar aos favoritos" }).click();
  await expect(page.getByRole("button", { name: "Remover dos favoritos" })).toBeVisible();
  await audit.check("favourite");

  await audit.visit("/conta", "an order and a favourite");
  await page.getByLabel("Nome").fill("");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  await audit.check("validation errors");
  audit.expectNone();
});

test("every admin page", async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  await recordWhatsAppTab(page);
  await ownAddress(page);
  // An order, so the orders list, its modal and the order page have something to show.
  await addToCartFromList(page, "relogio");
  await gotoHydrated(page, "/checkout");
  await fillCheckoutForm(page, SHOPPER);
  await page.getByRole("button", { name: "Enviar Pedido" }).click();
  await expect(page).toHaveURL(/\/pedido\/[A-Za-z0-9_-]{20,}$/);

  await signInAsAdmin(page, "/admin");
  const audit = new AxeAudit(page);

  for (const url of await adminPageUrls(page)) {
    await audit.visit(url);
    // A clerk at the counter uses the admin on a phone: the page never scrolls sideways (and no text is
    // off-screen: admin-phone.spec.ts).
    if (testInfo.project.name === "phone") {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${url} is ${overflow} px wider than the phone`).toBeLessThanOrEqual(0);
    }
  }

  await gotoHydrated(page, "/admin/pedidos");
  await page.getByTestId("order-row").first().getByRole("link").click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await audit.check("order modal");

  await gotoHydrated(page, "/admin/clientes");
  await page.getByTestId("customer-row").first().getByRole("link").click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await audit.check("customer modal");

  await gotoHydrated(page, "/admin/produtos/novo");
  await page.getByRole("button", { name: "Cadastrar produto" }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  await audit.check("validation errors");

  if (testInfo.project.name === "phone") {
    await gotoHydrated(page, "/admin");
    await page.getByRole("button", { name: "Abrir menu do painel" }).click();
    await expect(page.locator("#admin-sidebar")).toBeVisible();
    await audit.check("panel menu open");
  }

  // The staff's own account pages (turning two-factor on is in the test below, on a server of its own).
  await audit.visit("/conta", "admin");
  await audit.visit("/conta/duas-etapas", "off");
  await page.getByRole("button", { name: "Ativar", exact: true }).click();
  await expect(page.getByLabel("Sua senha atual")).toHaveAttribute("aria-invalid", "true");
  await audit.check("password missing");
  audit.expectNone();
});

// A product without a picture changes the catalogue the other tests read: a server of its own.
testOnFreshServer("a list with a product without a picture", async ({ page }) => {
  testOnFreshServer.setTimeout(180_000);
  const name = `Chaveiro Sem Foto ${randomBytes(3).toString("hex")}`;
  await signInAsAdmin(page, "/admin/produtos/novo");
  await page.getByLabel("Nome", { exact: true }).fill(name);
  await page.getByLabel("Descrição", { exact: true }).fill("Chaveiro de metal, ainda sem foto.");
  await page.getByLabel("Categoria", { exact: true }).selectOption("Variedades");
  await page.getByLabel("Loja", { exact: true }).selectOption({ label: "Erick Sports" });
  await page.getByLabel("Preço (R$)").fill("9,90");
  await page.getByRole("textbox", { name: "Estoque", exact: true }).fill("5");
  await page.getByRole("button", { name: "Cadastrar produto" }).click();
  await expect(page).toHaveURL(/\/admin\/produtos\?aviso=cadastrado$/, { timeout: 20_000 });

  const audit = new AxeAudit(page);
  await audit.visit(`/produtos?q=${encodeURIComponent(name)}`, "a product without a picture");
  await expect(page.getByTestId("product-card").filter({ hasText: name })).toContainText("Sem imagem");
  audit.expectNone();
});

// Turning two-factor on changes how the admin signs in, which every other test (on any server it
// would share) relies on: this one gets a server to itself.
testOnFreshServer("two-factor sign-in: setup, backup codes and the code page", async ({ page }) => {
  testOnFreshServer.setTimeout(240_000);
  await signInAsAdmin(page, "/admin");
  const audit = new AxeAudit(page);
  await gotoHydrated(page, "/conta/duas-etapas");
  await page.getByLabel("Sua senha atual").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Ativar", exact: true }).click();
  const secret = (await page.getByTestId("two-factor-secret").textContent())?.trim() ?? "";
  expect(secret).toMatch(/^[A-Z2-7\s]+$/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await audit.check("setup: QR code");
  await page.getByLabel("Código do aplicativo").fill("000");
  await page.getByRole("button", { name: "Confirmar e ativar" }).click();
  await expect(page.getByLabel("Código do aplicativo")).toHaveAttribute("aria-invalid", "true");
  await audit.check("setup: wrong code");
  // Each code works once, so the confirmation and the sign-in below take different periods' codes.
  await page.getByLabel("Código do aplicativo").fill(totp(secret, 0));
  await page.getByRole("button", { name: "Confirmar e ativar" }).click();
  await expect(page.getByRole("list", { name: "Códigos de recuperação" })).toBeVisible({ timeout: 20_000 });
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await audit.check("on: backup codes");
  await audit.visit("/conta", "two-factor on");

  await page.context().clearCookies();
  await gotoHydrated(page, "/login?redirectTo=%2Fadmin");
  await page.getByLabel("E-mail").fill(E2E_ADMIN.email);
  await page.getByLabel("Senha").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page).toHaveURL(/\/login\/verificacao/, { timeout: 20_000 });
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await audit.check("code asked");
  await page.getByRole("button", { name: "Verificar" }).click();
  await expect(page.getByLabel("Código")).toHaveAttribute("aria-invalid", "true");
  await audit.check("code missing");
  await page.getByLabel("Código").fill(totp(secret, 1));
  await page.getByRole("button", { name: "Verificar" }).click();
  await expect(page).toHaveURL(/\/admin$/, { timeout: 20_000 });
  audit.expectNone();
});
