// Google sign-in end to end, against a local OpenID Connect provider (tests/e2e/oidc-provider.ts)
// instead of Google: the browser goes from 'Entrar com Google' to the provider and back through
// Better Auth's callback, which exchanges the code, checks the signed ID token and signs in.
// This needs Google configured (GOOGLE_CLIENT_ID/SECRET, and GOOGLE_OIDC_DISCOVERY_URL pointing at
// the provider), which the shared test server must not have, so the file starts its own server.
import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { startAppServer, type AppServer } from "./app-server";
import { startOidcProvider, type OidcProvider } from "./oidc-provider";

const CLIENT = { clientId: "loja-erick-teste.apps.example", clientSecret: randomBytes(16).toString("hex") };
const SLOW = { timeout: 20_000 };

let provider: OidcProvider;
let app: AppServer;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  // A fresh embedded PostgreSQL with the seed: slow on a busy 2-core machine.
  test.setTimeout(180_000);
  provider = await startOidcProvider(CLIENT);
  app = await startAppServer({
    GOOGLE_CLIENT_ID: CLIENT.clientId,
    GOOGLE_CLIENT_SECRET: CLIENT.clientSecret,
    GOOGLE_OIDC_DISCOVERY_URL: provider.discoveryUrl,
  });
});

test.afterAll(async () => {
  await app?.stop();
  await provider?.close();
});

test.afterEach(async ({ browserName: _browserName }, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach("server output", { body: app?.output() ?? "" });
});

async function signInWithGoogle(page: Page, from = "/login") {
  await page.goto(`${app.url}${from}`);
  await page.getByRole("button", { name: "Entrar com Google" }).click();
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Menu da conta" }).click();
  await page.getByRole("banner").getByRole("button", { name: "Sair" }).click();
  await expect(page.getByRole("link", { name: "Entrar" })).toBeVisible(SLOW);
}

test("first sign-in creates a customer; the next one finds the same account", async ({ page }) => {
  const id = randomBytes(4).toString("hex");
  const person = { sub: `google-${id}`, email: `pessoa-${id}@gmail.example`, name: `Ana Google ${id}` };
  provider.setUser(person);
  const tokensBefore = provider.tokensIssued;

  await signInWithGoogle(page, "/login?redirectTo=%2Fconta");
  await expect(page).toHaveURL(`${app.url}/conta`, SLOW);
  expect(provider.tokensIssued).toBe(tokensBefore + 1);
  await expect(page.getByRole("heading", { name: "Minha conta" })).toBeVisible();
  await expect(page.getByText(person.email)).toBeVisible();
  await expect(page.getByLabel("Nome")).toHaveValue(person.name);

  // A customer: no admin panel in the menu, and /admin sends them home.
  await page.getByRole("button", { name: "Menu da conta" }).click();
  await expect(page.getByRole("link", { name: "Minha conta" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Painel" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await page.goto(`${app.url}/admin`);
  await expect(page).toHaveURL(`${app.url}/`);

  // Something only this account has: the phone saved on /conta.
  await page.goto(`${app.url}/conta`);
  await page.getByLabel("Telefone").fill("(81) 98888-7777");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Dados salvos.")).toBeVisible(SLOW);

  await signOut(page);
  await page.goto(`${app.url}/conta`);
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fconta$/);

  // The provider now says the person changed their display name: still the same account (same sub).
  provider.setUser({ ...person, name: "Outro Nome" });
  await page.getByRole("button", { name: "Entrar com Google" }).click();
  await expect(page).toHaveURL(`${app.url}/conta`, SLOW);
  await expect(page.getByText(person.email)).toBeVisible();
  await expect(page.getByLabel("Telefone")).toHaveValue("(81) 98888-7777");
});

test("a refusal at the provider comes back to /login with the error message", async ({ page }) => {
  provider.failNext("access_denied");
  await signInWithGoogle(page);
  await expect(page).toHaveURL(/\/login\?.*error=/, SLOW);
  await expect(page.getByRole("alert")).toHaveText("Erro ao fazer login com Google. Tente novamente.");
  await expect(page.getByRole("link", { name: "Entrar" })).toBeVisible();
});
