// Issue 42: a Vendedor's stock screen on a phone at 390 px, in Chromium. The Dono makes a Vendedor of
// the store that holds the watch (/admin/equipe); the Vendedor, signed in on their own phone, finds it
// by name on /admin/estoque and reads its units by colour, with the way to correct a count (the
// store's balanço); another store's stock is refused.
import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { signInAsAdmin } from "./admin-login";
import { gotoHydrated } from "./hydration";

async function nothingOffScreen(page: Page, where: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${where}: the page is wider than the phone`).toBeLessThanOrEqual(0);
  const outside = await page.evaluate(() =>
    [...document.querySelectorAll("main button, main input, main select, main a, main h1, main h2, main p, main li")]
      .filter((element) => (element as HTMLElement).checkVisibility())
      .map((element) => ({ text: (element.textContent || element.tagName).trim().slice(0, 30), box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.left < -0.5 || box.right > window.innerWidth + 0.5))
      .map(({ text }) => text),
  );
  expect(outside, `${where}: off-screen`).toEqual([]);
}

/** The black watches on a store's shelf, as the counter's look-up reads them (as the Dono signed in on `page`). */
async function blackWatchUnits(page: Page, storeId: string): Promise<number> {
  const found = (await (await page.request.get(`/admin/balcao/produtos?loja=${storeId}&q=relogio`)).json()) as {
    products: { name: string; variants: { color: string; stock: number }[] }[];
  };
  const watch = found.products.find((product) => product.name === "Relógio Digital Unissex");
  return watch?.variants.find((variant) => variant.color === "Preto")?.stock ?? 0;
}

test("a Vendedor reads their store's stock on a phone, and only theirs", async ({ page, browser, baseURL, isMobile }) => {
  test.skip(!isMobile, "the clerk's phone");
  test.setTimeout(120_000);
  await signInAsAdmin(page, "/admin/balcao");
  // The store whose shelf holds black watches, and how many (the counter's look-up reads units per store).
  const storeIds = (await page.getByLabel("Loja").locator("option").evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))).filter(Boolean);
  let store = "";
  for (const id of storeIds) {
    if ((await blackWatchUnits(page, id)) > 0) {
      store = id;
      break;
    }
  }
  expect(store, "a store holding the watch").not.toBe("");
  const otherStore = storeIds.find((id) => id !== store)!;

  // The Dono adds the Vendedor of that store; the password is shown once.
  const email = `vendedor-${randomBytes(4).toString("hex")}@erick.test`;
  await gotoHydrated(page, "/admin/equipe");
  const add = page.getByRole("region", { name: "Adicionar pessoa" });
  await add.getByLabel("E-mail").fill(email);
  await add.getByLabel("Perfil").selectOption("vendedor");
  await add.getByLabel("Loja (só para Vendedor)").selectOption(store);
  await add.getByRole("button", { name: "Adicionar à equipe" }).click();
  const shown = page.getByText(`Senha de ${email}:`);
  await expect(shown).toBeVisible({ timeout: 20_000 });
  const password = (await shown.locator("code").textContent())!.trim();

  // The Vendedor's own phone.
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  try {
    const clerk = await phone.newPage();
    const [a = 0, b = 0, c = 0] = randomBytes(3);
    await phone.setExtraHTTPHeaders({ "x-forwarded-for": `10.${a}.${b}.${(c % 250) + 1}` });
    await gotoHydrated(clerk, `/login?redirectTo=${encodeURIComponent("/admin/estoque")}`);
    await clerk.getByLabel("E-mail").fill(email);
    await clerk.getByLabel("Senha").fill(password);
    await clerk.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(clerk).toHaveURL(/\/admin\/estoque$/, { timeout: 20_000 });
    await clerk.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(clerk.getByRole("heading", { level: 1, name: "Estoque" })).toBeVisible();
    // One store, theirs: nothing to choose. (A box, not any label: a product named "Chinelo Lojas …"
    // by another spec on this shop is a region whose name holds "Loja".)
    await expect(clerk.getByRole("combobox", { name: "Loja" })).toHaveCount(0);
    await nothingOffScreen(clerk, "the store's stock");

    await clerk.getByLabel("Buscar produto").fill("relog");
    await clerk.getByRole("button", { name: "Buscar" }).click();
    const watch = clerk.getByRole("region", { name: "Relógio Digital Unissex" });
    await expect(watch).toBeVisible();
    await expect(watch.getByText("Preto", { exact: true })).toBeVisible();
    await expect(watch.locator("li").filter({ hasText: /^Único: \d+$/ }).first()).toBeVisible();
    // The units the counter's look-up reads now: other tests on this shop sell watches meanwhile.
    await expect(async () => {
      const units = await blackWatchUnits(page, store);
      await clerk.getByRole("button", { name: "Buscar" }).click();
      await expect(watch.getByTestId(/-Preto$/)).toHaveText(`Único: ${units}`, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await nothingOffScreen(clerk, "the search");

    // A count that is wrong is corrected through the store's balanço.
    await expect(clerk.getByRole("link", { name: "Corrigir pelo balanço da loja" })).toHaveAttribute("href", `/admin/balcao/balanco?loja=${store}`);

    // Another store's stock: refused.
    const refused = await clerk.request.get(`/admin/estoque?loja=${otherStore}`);
    expect(refused.status()).toBe(403);
  } finally {
    await phone.close();
  }
});
