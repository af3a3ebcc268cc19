// A product's price card and QR code printed from the product itself (issue 40): its card in the
// admin's product list and its form link to the print page with that product chosen.
import { expect, test } from "@playwright/test";
import { signInAsAdmin } from "./admin-login";

// A seeded product that stays on sale: the list's first card may be one another test just made (hidden
// from the shop, so it prints no card) or is deleting.
const PRODUCT_LIST = `/admin/produtos?q=${encodeURIComponent("Relógio Digital Unissex")}`;

test("the product list's card opens that product's A6 price card with its QR code", async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page, PRODUCT_LIST);
  const card = page.getByTestId("admin-product").first();
  const id = (await card.getAttribute("data-product-id"))!;
  const name = (await card.getByRole("heading").textContent())!.trim();
  const link = card.getByRole("link", { name: new RegExp(`^Imprimir etiqueta com QR`) });
  await expect(link).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  const [printPage] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
  await printPage.waitForLoadState();
  expect(new URL(printPage.url()).searchParams.get("produtos")).toBe(id);
  await expect(printPage.locator("article.card")).toHaveCount(1);
  await expect(printPage.locator("article.card svg[role=img]")).toHaveCount(1);
  await expect(printPage.locator("article.card").getByText(name).first()).toBeVisible();
});

test("the product's form links to its A6 card, its A4 sheet and its QR code", async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page, PRODUCT_LIST);
  const card = page.getByTestId("admin-product").first();
  const id = (await card.getAttribute("data-product-id"))!;
  await card.getByRole("link", { name: /^Editar/ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/produtos/editar/${id}$`));
  const prints = page.getByRole("navigation", { name: "Imprimir" });
  await expect(prints.getByRole("link", { name: /Imprimir etiqueta A6/ })).toHaveAttribute("href", `/admin/canais/cartazes?produtos=${id}&formato=a6`);
  await expect(prints.getByRole("link", { name: /Cartaz A4/ })).toHaveAttribute("href", `/admin/canais/cartazes?produtos=${id}&formato=a4`);
  const qr = prints.getByRole("link", { name: "Baixar QR code" });
  await expect(qr).toHaveAttribute("href", `/admin/canais/qr/${id}`);
  const [download] = await Promise.all([page.waitForEvent("download"), qr.click()]);
  expect(download.suggestedFilename()).toBe(`qr-produto-${id}.svg`);
});
