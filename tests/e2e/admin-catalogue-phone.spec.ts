// What a new owner and clerk stumbled on in the admin from a phone (issue 40): several sizes typed at
// once, the gender proposed by the category, and coupons whose cards fit 390 px with their link to
// copy or send on WhatsApp.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { signInAsAdmin } from "./admin-login";

/** The page never scrolls sideways, and each of these is wholly on the screen. */
async function expectOnScreen(page: Page, locators: Locator[]) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  const width = page.viewportSize()!.width;
  for (const locator of locators) {
    const box = (await locator.boundingBox())!;
    expect(box.x, String(locator)).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, String(locator)).toBeLessThanOrEqual(width);
  }
}

test("sizes typed '28, 29, 30' and '34-36' are six sizes; the category proposes the gender", async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page, "/admin/produtos/novo");
  const sizes = page.getByRole("textbox", { name: "Tamanhos" });
  await sizes.fill("28, 29, 30");
  await page.getByRole("button", { name: "Adicionar" }).first().click();
  await sizes.fill("34-36, 29");
  await sizes.press("Enter");
  await expect(page.getByRole("list", { name: "Tamanhos" }).getByRole("listitem")).toHaveText(["28", "29", "30", "34", "35", "36"]);
  await expect(page.getByText("“29” já está na lista.")).toBeVisible();

  const gender = page.getByLabel("Gênero", { exact: true });
  await expect(gender).toHaveValue("");
  await page.getByLabel("Categoria", { exact: true }).selectOption("Feminino");
  await expect(gender).toHaveValue("Feminino");
  await expect(page.getByText(/Sugerido pela categoria/)).toBeVisible();
  await page.getByLabel("Categoria", { exact: true }).selectOption("Infantil");
  await expect(gender).toHaveValue("Infantil");
  // Once the clerk picks one, another category leaves it alone.
  await gender.selectOption("Unissex");
  await page.getByLabel("Categoria", { exact: true }).selectOption("Masculino");
  await expect(gender).toHaveValue("Unissex");
});

test("coupons on a phone: '10%' is taken, and the card fits with its link, WhatsApp, Editar and Pausar", async ({ page, isMobile }, testInfo) => {
  test.skip(!isMobile, "the phone's width");
  test.setTimeout(90_000);
  const code = `LINK${testInfo.project.name.replace(/\W/g, "").toUpperCase()}`;
  await signInAsAdmin(page, "/admin/cupons");
  await page.getByLabel("Código").fill(code);
  await page.getByLabel("Porcentagem (%)").fill("10%");
  await page.getByRole("button", { name: "Salvar cupom" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Cupom ${code} salvo.` })).toBeVisible();
  const card = page.getByTestId("coupon-row").filter({ hasText: code });
  await expect(card).toContainText("10%");
  const link = card.getByLabel("Link do cupom");
  await expect(link).toHaveValue(new RegExp(`^https?://[^/]+/\\?cupom=${code}$`));
  const linkText = await link.inputValue();
  const whatsapp = card.getByRole("link", { name: "Enviar no WhatsApp" });
  expect(decodeURIComponent((await whatsapp.getAttribute("href"))!.replace(/^https:\/\/wa\.me\/\?text=/, ""))).toContain(linkText);
  await expectOnScreen(page, [
    card,
    link,
    whatsapp,
    card.getByRole("button", { name: "Copiar link" }),
    card.getByRole("button", { name: `Editar ${code}` }),
    card.getByRole("button", { name: `Pausar ${code}` }),
  ]);
});
