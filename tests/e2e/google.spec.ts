// Google sign-in end to end, against a local OpenID Connect provider (tests/e2e/oidc-provider.ts)
// instead of Google: the browser goes from 'Entrar com Google' to the provider and back through
// Better Auth's callback, which exchanges the code, checks the signed ID token and signs in.
// This needs Google configured (GOOGLE_CLIENT_ID/SECRET, and GOOGLE_OIDC_DISCOVERY_URL pointing at
// the provider), which the shared test server must not have, so the file starts its own server.
import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { startGoogleServerForFile } from "./google-server";

const CLIENT = { clientId: "loja-erick-teste.apps.example", clientSecret: randomBytes(16).toString("hex") };
const SLOW = { timeout: 20_000 };

test.describe.configure({ mode: "serial" });

const google = startGoogleServerForFile(CLIENT);

async function signInWithGoogle(page: Page, from = "/login") {
  await page.goto(`${google.app.url}${from}`);
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
  google.provider.setUser(person);
  const tokensBefore = google.provider.tokensIssued;

  await signInWithGoogle(page, "/login?redirectTo=%2Fconta");
  await expect(page).toHaveURL(`${google.app.url}/conta`, SLOW);
  expect(google.provider.tokensIssued).toBe(tokensBefore + 1);
  await expect(page.getByRole("heading", { name: "Minha conta" })).toBeVisible();
  await expect(page.getByText(person.email)).toBeVisible();
  await expect(page.getByLabel("Nome")).toHaveValue(person.name);

  // A customer: no admin panel in the menu, and /admin sends them home.
  await page.getByRole("button", { name: "Menu da conta" }).click();
  await expect(page.getByRole("link", { name: "Minha conta" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Painel" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await page.goto(`${google.app.url}/admin`);
  await expect(page).toHaveURL(`${google.app.url}/`);

  // Something only this account has: the phone saved on /conta.
  await page.goto(`${google.app.url}/conta`);
  await page.getByLabel("Telefone").fill("(81) 98888-7777");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Dados salvos.")).toBeVisible(SLOW);

  await signOut(page);
  await page.goto(`${google.app.url}/conta`);
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fconta$/);

  // The provider now says the person changed their display name: still the same account (same sub).
  google.provider.setUser({ ...person, name: "Outro Nome" });
  await page.getByRole("button", { name: "Entrar com Google" }).click();
  await expect(page).toHaveURL(`${google.app.url}/conta`, SLOW);
  await expect(page.getByText(person.email)).toBeVisible();
  await expect(page.getByLabel("Telefone")).toHaveValue("(81) 98888-7777");
});

test("a refusal at the provider comes back to /login with the error message", async ({ page }) => {
  google.provider.failNext("access_denied");
  await signInWithGoogle(page);
  await expect(page).toHaveURL(/\/login\?.*error=/, SLOW);
  await expect(page.getByRole("alert")).toHaveText("Erro ao fazer login com Google. Tente novamente.");
  await expect(page.getByRole("link", { name: "Entrar" })).toBeVisible();
});
