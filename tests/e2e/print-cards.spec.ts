// The shop window's printed cards in Chromium: the admin's form opens the cards, and the A6 price card
// prints (Chromium's own PDF) on exactly one page, with its QR code in it.
import { expect, test } from "@playwright/test";
import { signInAsAdmin } from "./admin-login";

/** Pages of a PDF as Chromium writes it: the page tree's count, and the page objects themselves. */
function pdfPages(pdf: Buffer): { count: number[]; objects: number } {
  const text = pdf.toString("latin1");
  const count = [...text.matchAll(/\/Type\s*\/Pages\b[^>]*?\/Count\s+(\d+)|\/Count\s+(\d+)[^>]*?\/Type\s*\/Pages\b/g)].map((match) => Number(match[1] ?? match[2]));
  const objects = text.match(/\/Type\s*\/Page(?![s\w])/g)?.length ?? 0;
  return { count, objects };
}

test("the A6 price card prints on one page, with its QR code", async ({ page }) => {
  await signInAsAdmin(page, "/admin/canais");
  // The product chosen by its code in the picker (product-picker.spec.ts chooses by name).
  await page.getByRole("combobox", { name: "Produtos", exact: true }).fill("1");
  await page.getByRole("listbox", { name: "Produtos", exact: true }).getByRole("option").filter({ hasText: "Cód. 1 ·" }).click();
  const [card] = await Promise.all([page.context().waitForEvent("page"), page.getByRole("button", { name: "Etiquetas A6" }).click()]);
  await card.waitForLoadState();
  await expect(card).toHaveURL(/\/admin\/canais\/cartazes\?produtos=1&formato=a6$/);
  await expect(card.locator("article.card svg[role=img]")).toHaveCount(1);
  // On the clerk's phone the card is whole on the screen, its QR code included (issue 40: 427 px in 390).
  for (const width of [390, 320]) {
    await card.setViewportSize({ width, height: 800 });
    expect(await card.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${width} px`).toBeLessThanOrEqual(0);
    const qr = (await card.locator("article.card .qr").boundingBox())!;
    expect(qr.x + qr.width, `${width} px`).toBeLessThanOrEqual(width);
  }
  await card.emulateMedia({ media: "print" });
  const pdf = await card.pdf({ preferCSSPageSize: true, printBackground: true });
  const pages = pdfPages(pdf);
  expect(pages.objects).toBe(1);
  expect(pages.count).toContain(1);
});

test("the A4 sheet prints four cards a page", async ({ page }) => {
  await signInAsAdmin(page, "/admin/canais");
  await page.goto("/admin/canais/cartazes?produtos=1,2,3,4,5,6");
  await expect(page.locator("article.card")).toHaveCount(6);
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  expect(pdfPages(pdf).objects).toBe(2);
});
