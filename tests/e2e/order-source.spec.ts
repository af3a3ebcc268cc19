// Where an order came from (issue 26), in the browser: the first page's utm_source (the QR code's
// ?utm_source=qr) or another site's referrer is kept with the cart, survives pages that say nothing,
// goes with the order, and /admin/relatorios counts it under its source.
import { expect, type Page } from "@playwright/test";
import { signInAsAdmin } from "./admin-login";
// The page cache's hit below needs no other test's change in between: an order that changes the units
// a page shows makes every list page stale (server/page-cache.ts). So this test has a server of its own.
import { testOnOwnServer as test } from "./app-server";
import { fillCheckoutForm, recordWhatsAppTab } from "./checkout-page";
import { gotoHydrated } from "./hydration";

const kept = (page: Page) => page.evaluate(() => localStorage.getItem("erick_origem"));

test("a QR code's visit is kept with the cart, sent with the order and counted in the reports", async ({ page, isMobile }) => {
  test.skip(!isMobile, "the same code at both widths: the phone's is the shop window's");
  test.setTimeout(120_000);
  await recordWhatsAppTab(page);

  // Another site's referrer, then a page of the shop that says nothing: the referrer stays.
  await page.goto("/lojas", { referer: "https://www.google.com.br/" });
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  expect(await kept(page)).toBe("https://www.google.com.br/");
  await gotoHydrated(page, "/");
  expect(await kept(page)).toBe("https://www.google.com.br/");

  // The QR code's link: its utm_source replaces it, though the page is the one kept for the address
  // without it (the page cache keys on the parameters the pages read).
  await gotoHydrated(page, "/produtos?q=relogio");
  const fromQr = await gotoHydrated(page, "/produtos?q=relogio&utm_source=qr&fbclid=IwAR-clique");
  expect(fromQr?.headers()["x-page-cache"]).toBe("hit");
  expect(await kept(page)).toBe("qr");
  const card = page.getByTestId("product-card").first();
  await card.getByRole("button", { name: "Adicionar" }).click();
  await expect(card.getByRole("button", { name: "Adicionado!" })).toBeVisible();

  await gotoHydrated(page, "/checkout");
  await expect(page.locator('input[name="source"]')).toHaveValue("qr");
  await fillCheckoutForm(page, { name: "Quitéria Vitrine" });
  await page.getByRole("button", { name: "Enviar Pedido" }).click();
  await expect(page).toHaveURL(/\/pedido\/[A-Za-z0-9_-]{20,}$/);

  await signInAsAdmin(page, "/admin/relatorios");
  const sources = page.getByRole("region", { name: "Pedidos por origem" });
  const qrRow = sources.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "QR code (vitrine)" }) });
  // This server's only order from a QR code is this one.
  await expect(qrRow.getByRole("cell").first()).toHaveText("1");
});
