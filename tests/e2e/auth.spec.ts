// Accounts in the browser: register, sign out, sign in, wrong password, password reset through the
// outbox e-mail, and editing the account. Each test makes its own shopper, so projects and workers
// never share one.
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { confirmPublicAddress } from "./admin-login";
import { expectIdReferencesResolve } from "./id-references";

type Shopper = { name: string; email: string; password: string };

/** Submissions that hash a password (scrypt) can take seconds on a busy test machine. */
const SLOW = { timeout: 20_000 };

/**
 * Sign-in and sign-up are rate-limited per client address. The test server trusts X-Forwarded-For
 * from loopback (TRUST_PROXY in playwright.config.ts), so each test's browser gets an address of
 * its own and tests running side by side do not use up each other's attempts.
 */
function ownAddress(): Record<string, string> {
  const [a = 0, b = 0, c = 0] = randomBytes(3);
  return { "x-forwarded-for": `10.${a}.${b}.${(c % 250) + 1}` };
}

test.beforeEach(async ({ page }) => {
  // Several password hashes per test.
  test.setTimeout(60_000);
  await page.setExtraHTTPHeaders(ownAddress());
});

function newShopper(): Shopper {
  const id = randomBytes(4).toString("hex");
  return { name: `Cliente ${id}`, email: `cliente-${id}@exemplo.com`, password: `senha-${id}-ok` };
}

async function register(page: Page, shopper: Shopper) {
  await page.goto("/registrar");
  await page.getByLabel("Nome").fill(shopper.name);
  await page.getByLabel("E-mail").fill(shopper.email);
  await page.getByLabel("Senha", { exact: true }).fill(shopper.password);
  await page.getByLabel("Confirme a senha").fill(shopper.password);
  await page.getByRole("button", { name: "Criar conta" }).click();
  await expect(page).toHaveURL(/\/$/, SLOW);
  await expect(page.getByRole("button", { name: "Menu da conta" })).toBeVisible();
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Menu da conta" }).click();
  await page.getByRole("button", { name: "Sair" }).click();
  await expect(page.getByRole("link", { name: "Entrar" })).toBeVisible(SLOW);
}

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha").fill(password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
}

/**
 * The newest message to `to` whose subject matches, in the test server's outbox (DATA_DIR/outbox, see
 * playwright.config.ts). A sign-up also sends the e-mail confirmation, so the subject tells them apart.
 */
async function readOutbox(to: string, subject: RegExp): Promise<{ subject: string; text: string }> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set (playwright.config.ts sets it)");
  const outbox = path.join(dataDir, "outbox");
  for (let waited = 0; waited < 10_000; waited += 100) {
    const files = (await fs.readdir(outbox).catch(() => [] as string[])).sort().reverse();
    for (const file of files) {
      const message = JSON.parse(await fs.readFile(path.join(outbox, file), "utf8")) as { to: string; subject: string; text: string };
      if (message.to === to && subject.test(message.subject)) return message;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no e-mail to ${to} in ${outbox}`);
}

test("register, sign out, and sign in again, coming back to the page that asked", async ({ page }) => {
  const shopper = newShopper();
  await register(page, shopper);

  const menuButton = page.getByRole("button", { name: "Menu da conta" });
  await expect(menuButton).toHaveAttribute("aria-expanded", "false");
  await menuButton.click();
  await expect(menuButton).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("link", { name: "Minha conta" })).toHaveAttribute("href", "/conta");
  await expect(page.getByRole("link", { name: "Meus pedidos" })).toHaveAttribute("href", "/conta#pedidos");
  await expect(page.getByRole("link", { name: "Painel" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(menuButton).toHaveAttribute("aria-expanded", "false");

  await signOut(page);
  // Signed out on the server: the account page asks to sign in, and brings the shopper back after.
  await page.goto("/conta");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fconta$/);
  await fillLogin(page, shopper.email, shopper.password);
  await expect(page).toHaveURL(/\/conta$/, SLOW);
  await expect(page.getByRole("heading", { name: "Minha conta" })).toBeVisible();
  await expect(page.getByText(shopper.email, { exact: true })).toBeVisible();
});

test("a wrong password and empty fields get their messages", async ({ page }) => {
  const shopper = newShopper();
  await register(page, shopper);
  await signOut(page);

  await page.getByRole("link", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole("link", { name: "Esqueci minha senha" })).toHaveAttribute("href", "/recuperar-senha");
  await expect(page.getByRole("link", { name: "Criar conta" })).toBeVisible();
  // Google is not configured on the test server: no button that would lead to an error.
  await expect(page.getByRole("button", { name: "Entrar com Google" })).toHaveCount(0);

  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("Preencha todos os campos");
  await expectIdReferencesResolve(page);

  await fillLogin(page, shopper.email, "senha-errada");
  await expect(page.getByRole("alert")).toHaveText("E-mail ou senha incorretos", SLOW);
  await fillLogin(page, `nao-${shopper.email}`, shopper.password);
  await expect(page.getByRole("alert")).toHaveText("E-mail ou senha incorretos", SLOW);
  await expect(page.getByRole("link", { name: "Entrar" })).toBeVisible();
});

test("reset the password through the link in the outbox e-mail", async ({ page, browser, baseURL }) => {
  // A production server without PUBLIC_URL sends reset links only to an address the owner confirmed.
  await confirmPublicAddress(browser, baseURL!);
  const shopper = newShopper();
  await register(page, shopper);
  await signOut(page);

  await page.goto("/login");
  await page.getByRole("link", { name: "Esqueci minha senha" }).click();
  // The login page has an "E-mail" field too: wait for the new page before typing.
  await expect(page.getByRole("heading", { name: "Recuperar senha" })).toBeVisible();
  await page.getByLabel("E-mail").fill(shopper.email);
  await page.getByRole("button", { name: "Enviar link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Se este e-mail estiver cadastrado, você receberá um link para redefinir sua senha." })).toBeVisible();

  const email = await readOutbox(shopper.email, /Redefinição de senha/);
  expect(email.subject).toMatch(/Redefinição de senha/);
  const link = /https?:\/\/\S+\/redefinir-senha\?token=\S+/.exec(email.text)?.[0];
  expect(link).toBeTruthy();
  const { pathname, search } = new URL(link!);

  await page.goto(`${pathname}${search}`);
  const newPassword = `${shopper.password}-nova`;
  await page.getByLabel("Nova senha", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirme a nova senha").fill(`${newPassword}x`);
  await page.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(page.getByText("As senhas não conferem")).toBeVisible();
  await page.getByLabel("Confirme a nova senha").fill(newPassword);
  await page.getByRole("button", { name: "Salvar nova senha" }).click();

  await expect(page).toHaveURL(/\/login\?senha=redefinida$/, SLOW);
  await expect(page.getByRole("status").filter({ hasText: "Senha redefinida. Entre com a nova senha." })).toBeVisible();
  await fillLogin(page, shopper.email, shopper.password);
  await expect(page.getByRole("alert")).toHaveText("E-mail ou senha incorretos", SLOW);
  await fillLogin(page, shopper.email, newPassword);
  await expect(page).toHaveURL(/\/$/, SLOW);
  await expect(page.getByRole("button", { name: "Menu da conta" })).toBeVisible();

  // The link works once.
  await page.goto(`${pathname}${search}`);
  await expect(page.getByRole("alert")).toHaveText("Link inválido ou expirado. Solicite um novo.");
  await expect(page.getByRole("link", { name: "Solicitar um novo link" })).toHaveAttribute("href", "/recuperar-senha");
});

test("edit the account: name, phone and address", async ({ page }) => {
  const shopper = newShopper();
  await register(page, shopper);
  await page.getByRole("button", { name: "Menu da conta" }).click();
  await page.getByRole("link", { name: "Minha conta" }).click();
  await expect(page).toHaveURL(/\/conta$/);
  await expect(page.getByRole("heading", { name: "Meus pedidos" })).toBeVisible();

  await page.getByLabel("Telefone").fill("81");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Informe o telefone com DDD")).toBeVisible();

  await page.getByLabel("Nome").fill("Beatriz Nova");
  await page.getByLabel("Telefone").fill("81999998888");
  await expect(page.getByLabel("Telefone")).toHaveValue("(81) 99999-8888");
  await page.getByLabel("Endereço de entrega").fill("Rua do Sol, 10, Centro, Barreiros");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Dados salvos." })).toBeVisible();

  await page.reload();
  await expect(page.getByLabel("Nome")).toHaveValue("Beatriz Nova");
  await expect(page.getByLabel("Telefone")).toHaveValue("(81) 99999-8888");
  await expect(page.getByLabel("Endereço de entrega")).toHaveValue("Rua do Sol, 10, Centro, Barreiros");
  await expect(page.getByText("Olá, Beatriz Nova!")).toBeVisible();
});

test.describe("before JavaScript loads", () => {
  test.use({ javaScriptEnabled: false });

  test("the login form works as a plain HTML form", async ({ page, browser, baseURL }) => {
    const shopper = newShopper();
    // Explicitly with JavaScript: a new page takes this block's options otherwise, and the header's
    // account menu is drawn in the browser (the storefront pages are the same for every shopper).
    const withJs = await browser.newPage({ baseURL, extraHTTPHeaders: ownAddress(), javaScriptEnabled: true });
    await register(withJs, shopper);
    await withJs.close();

    await page.goto("/login?redirectTo=%2Fconta");
    await fillLogin(page, shopper.email, "senha-errada");
    await expect(page.getByRole("alert")).toHaveText("E-mail ou senha incorretos", SLOW);
    await expect(page.getByLabel("E-mail")).toHaveValue(shopper.email);
    await page.getByLabel("Senha").fill(shopper.password);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(page).toHaveURL(/\/conta$/, SLOW);
    await expect(page.getByText(shopper.email, { exact: true })).toBeVisible();
  });
});

test("a signed-in shopper's pages link the style sheet, an anonymous visitor's carry it, and both look the same", async ({ page }) => {
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  const look = () =>
    page.evaluate(() => {
      const styleOf = (selector: string) => getComputedStyle(document.querySelector(selector)!);
      return {
        header: styleOf("header").backgroundColor,
        footer: styleOf("footer").backgroundColor,
        card: styleOf("[data-testid=product-card]").borderRadius,
        font: styleOf("body").fontFamily,
      };
    });

  await page.goto("/produtos");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await expect(page.locator("head style")).toHaveCount(1);
  await expect(page.locator("head link[rel=stylesheet]")).toHaveCount(0);
  const anonymousLook = await look();
  expect(anonymousLook.footer).not.toBe("rgba(0, 0, 0, 0)");

  await register(page, newShopper());
  const styleSheet = page.waitForResponse((response) => /\/assets\/.*\.css$/.test(new URL(response.url()).pathname));
  await page.goto("/produtos");
  const response = await styleSheet;
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^text\/css/);
  expect(response.headers()["cache-control"]).toMatch(/immutable/);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await expect(page.locator("head link[rel=stylesheet]")).toHaveCount(1);
  await expect(page.locator("head style")).toHaveCount(0);
  expect(await look()).toEqual(anonymousLook);
  // Moving around keeps the sheet (the root layout is never rendered again from scratch).
  await page.getByRole("link", { name: "Ver Todas as Lojas" }).click();
  await expect(page).toHaveURL(/\/lojas$/);
  await expect(page.locator("head link[rel=stylesheet]")).toHaveCount(1);
  expect(consoleErrors.filter((text) => /hydrat/i.test(text))).toEqual([]);
});
