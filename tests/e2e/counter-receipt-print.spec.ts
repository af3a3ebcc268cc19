// Issue 51, item 15, in Chromium: a counter sale's receipt printed from the clerk's phone (390 px,
// printed to an 80 mm roll) and from a desktop (A4) shows the receipt alone: no top bar, no dark
// sidebar (docs/counter.md says the menu is not printed). With each line's unit price, the discount,
// "CPF na nota" and Crédito's instalments. The printed pages are written as PDFs and screenshots
// under test-results/ to look at.
import { expect, test, type Page } from "@playwright/test";
import { signInAsAdmin } from "./admin-login";

async function sellWithTerms(page: Page) {
  await page.getByPlaceholder("Buscar pelo nome").pressSequentially("relog");
  await page.getByRole("list", { name: "Produtos encontrados" }).getByRole("button", { name: /Relógio Digital Unissex/ }).click();
  const item = page.getByRole("region", { name: "Produto" });
  await item.getByRole("button", { name: /^Preto/ }).click();
  await item.getByRole("button", { name: "Adicionar à venda" }).click();
  const sale = page.getByRole("form", { name: "Venda no balcão" });
  await sale.getByRole("button", { name: "Crédito", exact: true }).click();
  await sale.getByLabel("Parcelas").selectOption("3");
  await sale.getByText("Desconto ou CPF na nota").click();
  await sale.getByLabel("Desconto (R$)").fill("5");
  await sale.getByLabel("CPF na nota (opcional)").pressSequentially("52998224725");
  await sale.getByRole("button", { name: "Concluir venda" }).click();
  await expect(page.getByRole("status")).toHaveText("Venda registrada.");
}

test("the receipt prints alone, with unit prices, discount, CPF and instalments, on an 80 mm roll from the phone and on A4 from a desktop", async ({ page, isMobile }, testInfo) => {
  test.skip(!isMobile, "the clerk's phone, then the same page on a desktop");
  test.setTimeout(180_000);
  await signInAsAdmin(page, "/admin/balcao");
  const store = page.getByLabel("Loja");
  const storeIds = (await store.locator("option").evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))).filter(Boolean);
  let watchStore = "";
  for (const id of storeIds) {
    const found = (await (await page.request.get(`/admin/balcao/produtos?loja=${id}&q=relogio`)).json()) as { products: { variants: { color: string; stock: number }[] }[] };
    if ((found.products[0]?.variants.find((variant) => variant.color === "Preto")?.stock ?? 0) >= 1) watchStore = id;
    if (watchStore) break;
  }
  expect(watchStore, "a store holding a watch").not.toBe("");
  await store.selectOption(watchStore);
  await sellWithTerms(page);

  const receipt = page.getByRole("article", { name: "Recibo" });
  await expect(receipt.getByTestId("receipt-line-amount")).toHaveText(/^1 × R\$\s[\d.,]+ = R\$\s[\d.,]+$/);
  await expect(receipt.getByTestId("receipt-discount")).toContainText("R$ 5,00");
  await expect(receipt.getByTestId("receipt-cpf")).toHaveText("CPF na nota: 529.982.247-25");
  await expect(receipt.getByTestId("receipt-payment")).toContainText("Cartão de crédito em 3x de");

  // Printed on the phone: the top bar is not on paper, the receipt is.
  await page.emulateMedia({ media: "print" });
  await expect(page.locator("header[data-admin-chrome]")).toBeHidden();
  await expect(page.locator("#admin-sidebar")).toBeHidden();
  await expect(receipt).toBeVisible();
  await expect(page.getByRole("button", { name: "Imprimir" })).toBeHidden();
  await page.screenshot({ path: testInfo.outputPath("recibo-celular-impresso.png"), fullPage: true });
  await page.emulateMedia({ media: "screen" });
  await page.pdf({ path: testInfo.outputPath("recibo-80mm.pdf"), width: "80mm", printBackground: true });
  await page.pdf({ path: testInfo.outputPath("recibo-58mm.pdf"), width: "58mm", printBackground: true });

  // The same receipt on a desktop: the dark sidebar is not printed either, and the receipt is at the top.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ media: "print" });
  await expect(page.locator("#admin-sidebar")).toBeHidden();
  const box = await receipt.boundingBox();
  expect(box!.y, "the receipt starts at the top of the page, not under a frame").toBeLessThan(120);
  await page.screenshot({ path: testInfo.outputPath("recibo-desktop-impresso.png"), fullPage: true });
  await page.emulateMedia({ media: "screen" });
  await page.pdf({ path: testInfo.outputPath("recibo-a4.pdf"), format: "A4", printBackground: true });
});
