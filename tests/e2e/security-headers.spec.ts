import { expect, test } from "@playwright/test";
import { gotoHydrated } from "./hydration";

const PAGES = ["/", "/produtos", "/produtos?q=tenis", "/calcados", "/lojas", "/carrinho", "/login", "/registrar", "/pedido/AAAAAAAAAAAAAAAAAAAAAA"];

test("every storefront page runs under the nonce policy with no violation", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const productPage = await (async () => {
    await page.goto("/produtos?q=chinelo");
    return page.getByTestId("product-card").first().getByRole("link").last().getAttribute("href");
  })();
  for (const path of [...PAGES, productPage!]) {
    await gotoHydrated(page, path);
  }
  // A client-side navigation and an interaction after hydration.
  await page.getByRole("link", { name: "Ver Todas as Lojas" }).click();
  await expect(page).toHaveURL(/\/lojas$/);
  expect(violations).toEqual([]);
});

test("security headers on pages, data requests, assets, 404 and private pages", async ({ request }) => {
  const home = await request.get("/");
  const csp = home.headers()["content-security-policy"] ?? "";
  expect(csp).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'/);
  expect(csp).not.toContain("unsafe-inline'; script");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(home.headers()["x-content-type-options"]).toBe("nosniff");
  expect(home.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  // Over plain http on loopback there is no HSTS.
  expect(home.headers()["strict-transport-security"]).toBeUndefined();

  // Every page gets a fresh nonce, and every script carries it.
  const html = await home.text();
  const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) {
    if (tag.includes('type="application/ld+json"')) continue;
    expect(tag).toContain(`nonce="${nonce}"`);
  }
  const again = await request.get("/");
  expect(again.headers()["content-security-policy"]).not.toBe(csp);

  const data = await request.get("/produtos.data");
  expect(data.headers()["x-content-type-options"]).toBe("nosniff");

  const asset = html.match(/<link rel="modulepreload" href="([^"]+)"/)?.[1];
  expect(asset).toMatch(/^\/assets\/.+\.js$/);
  const assetResponse = await request.get(asset!);
  expect(assetResponse.headers()["x-content-type-options"]).toBe("nosniff");
  expect(assetResponse.headers()["cache-control"]).toContain("immutable");

  const missing = await request.get("/nao-existe");
  expect(missing.status()).toBe(404);
  expect(missing.headers()["content-security-policy"]).toContain("default-src 'self'");

  for (const privatePath of ["/login", "/checkout", "/conta", "/admin"]) {
    const response = await request.get(privatePath, { maxRedirects: 0 });
    expect(response.headers()["cache-control"], privatePath).toContain("no-store");
  }
});

test("a product name with a script tag renders as text", async ({ page }) => {
  // Search terms are reflected on the list page: they must never become markup.
  const attack = `<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">`;
  await gotoHydrated(page, `/produtos?q=${encodeURIComponent(attack)}`);
  await expect(page.getByTestId("result-count")).toContainText("<script>");
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
});
