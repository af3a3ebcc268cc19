// The admin on the clerk's phone (issue 27): at 390 px every text of every admin screen is on the
// screen, not only the page no wider than the phone. A table that scrolls sideways inside its box
// keeps the page narrow but hides its last columns ("Qtd.", "Subtotal", "R$ 1.43…"), so each text is
// measured: its box within the viewport, and within every ancestor that clips or scrolls sideways.
import { expect, test, type Page } from "@playwright/test";
import { signInAsAdmin } from "./admin-login";
import { ADMIN_PAGES, adminPageUrls } from "./admin-pages";
import { placeCheckoutOrder } from "./checkout-page";
import { gotoHydrated } from "./hydration";

/** Each text off-screen on the page as it is now: where it is, and what hides it. */
async function textsOffScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const width = document.documentElement.clientWidth;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.replace(/\s+/g, " ").trim() ?? "";
      const element = node.parentElement;
      if (!text || !element || !element.checkVisibility({ visibilityProperty: true })) continue;
      // Text meant for screen readers only (the sr-only clip) is not on the screen on purpose.
      let ancestor: Element | null = element;
      let screenReaderOnly = false;
      for (; ancestor; ancestor = ancestor.parentElement) if (getComputedStyle(ancestor).clipPath !== "none") screenReaderOnly = true;
      if (screenReaderOnly) continue;

      const range = document.createRange();
      range.selectNodeContents(node);
      const boxes = [element.getBoundingClientRect(), ...range.getClientRects()].filter((box) => box.width > 0 && box.height > 0);
      const label = `"${text.slice(0, 40)}" (${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(" ").slice(0, 3).join(".")}` : ""})`;
      for (const box of boxes) {
        if (box.left < -0.5 || box.right > width + 0.5) {
          found.push(`${label} spans ${Math.round(box.left)}..${Math.round(box.right)} px of ${width}`);
          break;
        }
      }
      // Cut by an ancestor that clips or scrolls sideways (its own box counts: a truncated text).
      for (ancestor = element; ancestor && ancestor !== document.body; ancestor = ancestor.parentElement) {
        if (getComputedStyle(ancestor).overflowX === "visible") continue;
        const clip = ancestor.getBoundingClientRect();
        const cut = [...range.getClientRects()].some((box) => box.width > 0 && (box.left < clip.left - 0.5 || box.right > clip.right + 0.5));
        if (cut) {
          found.push(`${label} is cut by its ${ancestor === element ? "own box" : `ancestor ${ancestor.tagName.toLowerCase()}.${String(ancestor.className).split(" ").slice(0, 3).join(".")}`}`);
          break;
        }
      }
    }
    return found;
  });
}

test("every admin screen reads at 390 px: no text off-screen", async ({ page, isMobile }) => {
  test.skip(!isMobile, "the phone's width");
  test.setTimeout(240_000);
  const problems: string[] = [];
  async function check(where: string) {
    // The page itself never scrolls sideways…
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (overflow > 0) problems.push(`${where}: the page is ${overflow} px wider than the phone`);
    // …and no text hides inside a box that does.
    for (const text of await textsOffScreen(page)) problems.push(`${where}: ${text}`);
  }

  // An order with a long customer name, so the tables have rows: the order's items, "Pedidos recentes",
  // the reports' tables, the customers.
  await placeCheckoutOrder(page, { name: "Maria Aparecida dos Santos Albuquerque" });

  await signInAsAdmin(page, "/admin");
  // A product with sizes × three colours: the stock grid has a column per colour and a "Total" column.
  const urls = await adminPageUrls(page, { productSearch: "sandalia rasteira" });
  expect(ADMIN_PAGES).toEqual(expect.arrayContaining(["/admin", "/admin/pedidos/:id", "/admin/produtos/editar/:id", "/admin/relatorios"]));
  for (const url of urls) {
    await gotoHydrated(page, url);
    // The figures behind each chart, shown as a table when asked for.
    for (const summary of await page.getByText("Ver dados em tabela").all()) await summary.click();
    await check(url);
  }

  // The order window, as the orders list opens it.
  await gotoHydrated(page, "/admin/pedidos");
  await page.getByTestId("order-row").first().getByRole("link").click();
  await expect(page.getByRole("dialog").getByTestId("admin-order-detail")).toBeVisible();
  await check("/admin/pedidos (order window)");

  // The menu, open.
  await gotoHydrated(page, "/admin");
  await page.getByRole("button", { name: "Abrir menu do painel" }).click();
  await expect(page.locator("#admin-sidebar")).toBeVisible();
  await check("/admin (menu open)");

  expect(problems).toEqual([]);
});
