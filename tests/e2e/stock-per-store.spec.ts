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
  // "(10+)" past what the page shows of a shelf (the settings' maxUnitsPerLine).
  await expect(pickup).toContainText(/^Retire hoje: .+ \(\d+\+?\)/);
  const box = (await pickup.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await expectNoSidewaysScroll(page);

  await signInAsAdmin(page, `/admin/produtos/editar/${id}`);
  const panel = page.getByRole("region", { name: "Estoque por loja" });
  // A block per store (six), each with its sizes × colours and their units.
  await expect(panel.locator("[data-store]")).toHaveCount(6);
  await expectNoSidewaysScroll(page);

  // One unit of the first size × colour some store holds, from that store to another.
  const units = (store: string, variant: string) => panel.locator(`[data-store="${store}"] [data-variant="${variant}"] [data-units]`);
  const shelves = await panel.locator("[data-store]").evaluateAll((blocks) =>
    blocks.flatMap((block) =>
      [...block.querySelectorAll("[data-variant]")].map((item) => ({
        store: block.getAttribute("data-store")!,
        variant: item.getAttribute("data-variant")!,
        units: Number(item.querySelector("[data-units]")!.textContent),
      })),
    ),
  );
  // Only the sizes × colours a store holds are listed (issue 51, item 24): the target may hold none yet.
  const source = shelves.find((shelf) => shelf.units > 0)!;
  const stores = await panel.locator("[data-store]").evaluateAll((blocks) => blocks.map((block) => block.getAttribute("data-store")!));
  const targetStore = stores.find((store) => store !== source.store)!;
  const target = shelves.find((shelf) => shelf.variant === source.variant && shelf.store === targetStore) ?? { store: targetStore, variant: source.variant, units: 0 };
  // The choices name the units at the source ('Tam. 38 / Preto · 2 un.'): chosen by their data-label.
  const choose = async (name: string, label: string) => {
    const select = panel.locator(`select[name=${name}]`);
    await select.selectOption(await select.locator(`option[data-label="${label}"]`).getAttribute("value"));
  };
  await choose("variantId", source.variant);
  await choose("fromStoreId", source.store);
  await expect(panel.locator(`select[name=variantId] option[data-label="${source.variant}"]`)).toHaveText(`${source.variant} · ${source.units} un.`);
  await expect(panel.getByTestId("transfer-available")).toHaveText(`Disponível na origem: ${source.units === 1 ? "1 unidade" : `${source.units} unidades`}`);
  await panel.locator("select[name=toStoreId]").selectOption({ label: target.store });
  await panel.getByLabel("Unidades", { exact: true }).fill("1");
  await panel.getByRole("button", { name: "Transferir" }).click();
  await expect(panel.getByRole("status")).toHaveText(`1 unidade transferida de ${source.store} para ${target.store}.`);
  // The blocks show the move once the page's data reloads after the action.
  if (source.units > 1) await expect(units(source.store, source.variant)).toHaveText(String(source.units - 1));
  else await expect(units(source.store, source.variant)).toHaveCount(0);
  await expect(units(target.store, target.variant)).toHaveText(String(target.units + 1));
  await expectNoSidewaysScroll(page);
});
