// Two-factor sign-in in the browser: a staff member turns it on in /conta/duas-etapas with the key the
// page shows (the test computes the authenticator's codes from it, RFC 6238), signs out, and signs in
// again with the password and then a code; Google sign-in asks for a code too. The file runs on a
// server of its own, with Google pointed at a local provider (tests/e2e/oidc-provider.ts). Each test
// makes its own staff account (`npm run admin -- create`, as the shop's staff do) and turns two-factor
// sign-in on for it, so neither depends on what the other did.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test, type Page } from "@playwright/test";
import { startGoogleServerForFile } from "./google-server";
import { gotoHydrated } from "./hydration";
import { totp } from "./totp";

const CLIENT = { clientId: "loja-erick-2fa.apps.example", clientSecret: randomBytes(16).toString("hex") };
const SLOW = { timeout: 20_000 };

// One server for the file, its tests in order in one worker; a failure does not skip the next test.
test.describe.configure({ mode: "default" });

const google = startGoogleServerForFile(CLIENT);

type Staff = { email: string; password: string };

/** A new admin account on this file's server, made with the shop's own command. */
async function createStaff(): Promise<Staff> {
  const staff = { email: `equipe-${randomBytes(4).toString("hex")}@erick.test`, password: `senha-${randomBytes(8).toString("hex")}` };
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: google.app.dataDir };
  delete env.DATABASE_URL;
  await promisify(execFile)(path.resolve("node_modules/.bin/tsx"), ["scripts/admin.ts", "create", staff.email, "--password", staff.password], { env });
  return staff;
}

async function signInWithPassword(page: Page, staff: Staff, redirectTo: string) {
  await gotoHydrated(page, `${google.app.url}/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  await page.getByLabel("E-mail").fill(staff.email);
  await page.getByLabel("Senha").fill(staff.password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
}

/** Turns two-factor sign-in on for `staff` as a person would, and returns what the page showed. */
async function turnOnTwoFactor(page: Page, staff: Staff): Promise<{ secret: string; backupCodes: string[] }> {
  await signInWithPassword(page, staff, "/conta/duas-etapas");
  await expect(page).toHaveURL(`${google.app.url}/conta/duas-etapas`, SLOW);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.getByRole("heading", { name: "Desativada" })).toBeVisible();

  await page.getByLabel("Sua senha atual").fill(staff.password);
  await page.getByRole("button", { name: "Ativar", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Falta confirmar" })).toBeVisible(SLOW);
  await expect(page.getByRole("img", { name: "QR Code para o aplicativo autenticador" })).toBeVisible();
  const secret = (await page.getByTestId("two-factor-secret").textContent()) ?? "";
  expect(secret).toMatch(/^[A-Z2-7 ]{20,}$/);

  await page.getByLabel("Código do aplicativo").fill(totp(secret));
  await page.getByRole("button", { name: "Confirmar e ativar" }).click();
  await expect(page.getByText("Verificação em duas etapas ativada.")).toBeVisible(SLOW);
  await expect(page.getByRole("heading", { name: "Ativada" })).toBeVisible();
  const backupCodes = await page.getByRole("list", { name: "Códigos de recuperação" }).getByRole("listitem").allTextContents();
  expect(backupCodes).toHaveLength(10);
  return { secret, backupCodes };
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Menu da conta" }).click();
  await page.getByRole("banner").getByRole("button", { name: "Sair" }).click();
  await expect(page.getByRole("link", { name: "Entrar" })).toBeVisible(SLOW);
}

test("an admin turns on two-factor sign-in; then the password alone is not enough, the code gets in", async ({ page }) => {
  test.slow(); // the account is made by a command that starts the app's services first
  const staff = await createStaff();
  const { secret } = await turnOnTwoFactor(page, staff);

  await signOut(page);
  await signInWithPassword(page, staff, "/admin");
  await expect(page).toHaveURL(`${google.app.url}/login/verificacao?redirectTo=%2Fadmin`, SLOW);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  // Not signed in yet: the panel sends the browser back to /login.
  await page.goto(`${google.app.url}/admin`);
  await expect(page).toHaveURL(`${google.app.url}/login?redirectTo=%2Fadmin`);
  await page.goBack();
  await expect(page).toHaveURL(`${google.app.url}/login/verificacao?redirectTo=%2Fadmin`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });

  const code = page.getByLabel("Código");
  await code.fill(totp(secret) === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Verificar" }).click();
  await expect(page.getByText("Código incorreto. Confira o código atual no aplicativo autenticador e tente de novo.")).toBeVisible(SLOW);

  // The next step's code: the current one may be the one that confirmed the setup, and each works once.
  await code.fill(totp(secret, 1));
  await page.getByRole("button", { name: "Verificar" }).click();
  await expect(page).toHaveURL(`${google.app.url}/admin`, SLOW);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
});

test("Google sign-in to an account with two-factor sign-in on asks for the code too", async ({ page }) => {
  test.slow(); // the account is made by a command that starts the app's services first
  const staff = await createStaff();
  const { backupCodes } = await turnOnTwoFactor(page, staff);
  await signOut(page);

  google.provider.setUser({ sub: `google-admin-${randomBytes(4).toString("hex")}`, email: staff.email, name: "Admin Google" });
  await gotoHydrated(page, `${google.app.url}/login?redirectTo=%2Fadmin`);
  await page.getByRole("button", { name: "Entrar com Google" }).click();
  await expect(page).toHaveURL(`${google.app.url}/login/verificacao?redirectTo=%2Fadmin`, SLOW);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.goto(`${google.app.url}/conta`);
  await expect(page).toHaveURL(`${google.app.url}/login?redirectTo=%2Fconta`);

  await gotoHydrated(page, `${google.app.url}/login/verificacao?redirectTo=%2Fadmin`);
  // A backup code, as someone without the phone at hand would.
  await page.getByLabel("Código").fill(backupCodes[0]!);
  await page.getByRole("button", { name: "Verificar" }).click();
  await expect(page).toHaveURL(`${google.app.url}/admin`, SLOW);
});
