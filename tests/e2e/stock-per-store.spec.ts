// Stock per store on a phone (issue 42): the product page says where the chosen colour can be picked
// up today, and the admin product page shows the units per store in a table that scrolls inside its
// box (the page never scrolls sideways) with a transfer between two stores that answers in place.
import { expect, test, type Page } from "@playwright/test";
import { signInAsAdmin } from "./admin-login";
import { gotoHydrated } from "./hydration";

/** The page never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

async function relogioPath(page: Page): Promise<string> {
  await gotoHydrated(page, "/produtos?q=relogio");
  const link = page.getByRole("link", { name: /Relógio Digital Unissex/ }).first();
  const href = (await link.getAttribute("href"))!;
  return new URL(href, "http://x").pathname;
}

test("'Retire hoje' on the product page, the per-store table and a transfer in the admin, at 390 px", async ({ page, isMobile }) => {
  test.skip(!isMobile, "the phone's width");
  test.setTimeout(120_000);
  const path = await relogioPath(page);
  const id = path.split("/").pop()!;
  await gotoHydrated(page, path);
  const pickup = page.getByTestId("pickup-today");
  await expect(pickup).toContainText(/^Retire hoje: .+ \(\d+\)/);
  const box = (await pickup.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await expectNoSidewaysScroll(page);

  await signInAsAdmin(page, `/admin/produtos/editar/${id}`);
  const panel = page.getByRole("region", { name: "Estoque por loja" });
  await expect(panel.getByRole("table")).toBeVisible();
  await expect(panel.getByRole("columnheader")).toHaveCount(1 + 6);
  await expectNoSidewaysScroll(page);

  // One unit of the first size × colour some store holds, from that store to another.
  const stores = (await panel.getByRole("columnheader").allTextContents()).slice(1);
  const rows = panel.getByRole("row");
  let row = 1;
  while (!(await rows.nth(row).getByRole("cell").allTextContents()).some((cell) => Number(cell) > 0)) row += 1;
  const firstRow = rows.nth(row);
  const cells = await firstRow.getByRole("cell").allTextContents();
  const from = cells.findIndex((cell) => Number(cell) > 0);
  const to = from === 0 ? 1 : 0;
  await panel.locator("select[name=variantId]").selectOption({ label: (await firstRow.getByRole("rowheader").textContent())! });
  await panel.locator("select[name=fromStoreId]").selectOption({ label: stores[from]! });
  await panel.locator("select[name=toStoreId]").selectOption({ label: stores[to]! });
  await panel.getByLabel("Unidades", { exact: true }).fill("1");
  await panel.getByRole("button", { name: "Transferir" }).click();
  await expect(panel.getByRole("status")).toHaveText(`1 unidade transferida de ${stores[from]} para ${stores[to]}.`);
  // The table shows the move once the page's data reloads after the action.
  await expect(firstRow.getByRole("cell").nth(from)).toHaveText(String(Number(cells[from]) - 1));
  await expect(firstRow.getByRole("cell").nth(to)).toHaveText(String(Number(cells[to]) + 1));
  await expectNoSidewaysScroll(page);
});
