// /admin/entregas on a phone (390 px): deleting a bairro asks first (Cancelar keeps it), a saved edit
// closes its form, and the state lists read in UF order. Its own town, so the checkout's bairros
// (Barreiros, Sirinhaém) that other files rely on are untouched.
import { expect, test, type Page } from "@playwright/test";
import { signInAsAdmin } from "./admin-login";

const TOWN = `Vila Teste ${Date.now().toString(36)}`;

function zoneForm(page: Page, heading: string | RegExp) {
  return page.locator("form").filter({ has: page.getByRole("heading", { name: heading }) });
}

test("a bairro: the edit closes once saved, and a delete asks before it goes", async ({ page }) => {
  await signInAsAdmin(page, "/admin/entregas");

  const newZone = zoneForm(page, "Novo bairro");
  const states = await newZone.getByLabel("Estado").locator("option").allTextContents();
  expect(states).toEqual([...states].sort());
  expect(states).toHaveLength(27);
  const rateStates = (await zoneForm(page, "Frete de um estado").getByLabel("Estado").locator("option").allTextContents()).filter((state) => state !== "UF");
  expect(rateStates).toEqual([...rateStates].sort());

  await newZone.getByLabel("Cidade").fill(TOWN);
  await newZone.getByLabel("Bairro").fill("Centro");
  await newZone.getByLabel("Taxa de entrega (R$)").fill("6,00");
  await newZone.getByRole("button", { name: "Salvar bairro" }).click();
  await expect(page.getByRole("status")).toContainText(`Salvo: Centro (${TOWN}).`);
  await expect(page.getByRole("heading", { name: TOWN })).toBeVisible();

  await page.getByRole("heading", { name: TOWN }).locator("xpath=..").getByRole("button", { name: "Editar Centro" }).click();
  const edit = zoneForm(page, `Editar Centro (${TOWN})`);
  await edit.getByLabel("Taxa de entrega (R$)").fill("8,50");
  await edit.getByRole("button", { name: "Salvar bairro" }).click();
  await expect(page.getByRole("status")).toContainText(`Salvo: Centro (${TOWN}).`);
  await expect(page.getByRole("heading", { name: /^Editar / })).toHaveCount(0);
  await expect(zoneForm(page, "Novo bairro").getByLabel("Bairro")).toHaveValue("");
  const townRows = page.getByRole("heading", { name: TOWN }).locator("xpath=..").getByTestId("zone-row");
  await expect(townRows).toContainText(/R\$\s8,50/);

  // Excluir asks; Cancelar keeps the bairro.
  await townRows.getByRole("button", { name: "Excluir Centro" }).click();
  const dialog = page.getByRole("dialog", { name: "Excluir bairro" });
  await expect(dialog).toContainText(`Excluir Centro (${TOWN})?`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await dialog.getByRole("button", { name: "Cancelar" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(townRows).toHaveCount(1);

  await townRows.getByRole("button", { name: "Excluir Centro" }).click();
  await page.getByRole("dialog", { name: "Excluir bairro" }).getByRole("button", { name: "Sim, excluir" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: TOWN })).toHaveCount(0);
});
