import { randomBytes } from "node:crypto";
import { expect, type Browser, type Page } from "@playwright/test";
import { gotoHydrated } from "./hydration";

/** Created on start by the test server (tests/e2e/serve.mjs sets ADMIN_EMAIL/ADMIN_PASSWORD). */
export const E2E_ADMIN = { email: "admin@erick.test", password: "admin-e2e-senha" } as const;

/**
 * Signs the page's browser context in as the admin through /login and lands on `path`. Sign-in is
 * rate-limited per client address; the test server trusts X-Forwarded-For from loopback, so each
 * context gets an address of its own.
 */
export async function signInAsAdmin(page: Page, path = "/admin") {
  const [a = 0, b = 0, c = 0] = randomBytes(3);
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": `10.${a}.${b}.${(c % 250) + 1}` });
  await gotoHydrated(page, `/login?redirectTo=${encodeURIComponent(path)}`);
  await page.getByLabel("E-mail").fill(E2E_ADMIN.email);
  await page.getByLabel("Senha").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}$`), { timeout: 20_000 });
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * The owner's step a production server needs before it sends password-reset e-mails (without
 * PUBLIC_URL): this server's own origin confirmed as the shop's public address in the settings, by the
 * admin in a browser context of its own. Nothing to do when it already is.
 */
export async function confirmPublicAddress(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await signInAsAdmin(page, "/admin/configuracoes");
    const origin = new URL(page.url()).origin;
    const section = page.getByRole("region", { name: "Endereço público da loja" });
    const confirmed = `começam com ${origin}, confirmado aqui.`;
    if ((await section.textContent())?.includes(confirmed)) return;
    await section.getByLabel("Novo endereço público").fill(origin);
    await section.getByRole("button", { name: "Revisar endereço" }).click();
    await section.getByLabel("Confirmo que os clientes acessam a loja por este endereço.").check();
    await section.getByRole("button", { name: "Confirmar endereço" }).click();
    await expect(section).toContainText(confirmed, { timeout: 20_000 });
  } finally {
    await context.close();
  }
}
