import { randomBytes } from "node:crypto";
import { expect, type Page } from "@playwright/test";
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
