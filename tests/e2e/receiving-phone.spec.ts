// Issue 53 on the clerk's phone at 390 px, in Chromium: the supplier's NF-e XML uploaded on
// /admin/entradas, an item in boxes without an EAN picked with the product finder, the units per box
// typed, "Dar entrada", and the received note's summary; nothing wider than the phone. Each run sends a
// note of its own (its chave and the supplier's code made unique), so a reused database takes it too;
// the pans it adds to a store are a product no other spec counts.
import fs from "node:fs/promises";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { signInAsAdmin } from "./admin-login";
import { gotoHydrated } from "./hydration";

async function nothingOffScreen(page: Page, where: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${where}: the page is wider than the phone`).toBeLessThanOrEqual(0);
}

/** The chave's last digit (modulo 11, weights 2..9 from the right). */
function withCheckDigit(first43: string): string {
  let sum = 0;
  let weight = 2;
  for (let index = first43.length - 1; index >= 0; index--) {
    sum += Number(first43[index]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return first43 + String(rest < 2 ? 0 : 11 - rest);
}

test("a note in boxes received from the phone", async ({ page, isMobile }) => {
  test.skip(!isMobile, "the clerk's phone");
  test.setTimeout(120_000);
  const fixture = await fs.readFile(path.resolve("tests/fixtures/nfe/caixas.xml"), "utf8");
  const chave = "35261133444555000181550010000055011456789010";
  const stamp = String(Date.now()).slice(-8);
  const fresh = withCheckDigit(chave.slice(0, 35) + stamp);
  const xml = fixture.replaceAll(chave, fresh).replace(`<cDV>0</cDV>`, `<cDV>${fresh.at(-1)}</cDV>`).replace("<cNF>45678901</cNF>", `<cNF>${stamp}</cNF>`).replaceAll("CHN-CX12", `CHN-${stamp}`);

  await signInAsAdmin(page, "/admin/entradas");
  await gotoHydrated(page, "/admin/entradas");
  await page.locator('input[name="files"]').setInputFiles({ name: "caixas.xml", mimeType: "application/xml", buffer: Buffer.from(xml) });
  await page.getByRole("button", { name: "Ler nota" }).click();
  const note = page.getByRole("form", { name: "Nota 000.005.501" });
  await expect(note).toContainText("Distribuidora Y Comercio de Calcados Ltda");
  await expect(note).toContainText("Escolha o produto, o tamanho e a cor deste item.");
  await nothingOffScreen(page, "the note read");

  await note.getByLabel("Loja que recebe").selectOption({ index: 1 });
  await note.getByLabel("Unidades por CX").fill("12");
  await note.getByPlaceholder("Buscar pelo nome").fill("panelas");
  await note.getByRole("list", { name: "Produtos encontrados" }).getByRole("button", { name: /Jogo de Panelas Antiaderente/ }).click();
  await note.getByLabel("Tamanho e cor de CHINELO SLIM CAIXA C/12 PARES").selectOption({ label: "Vermelho" });
  await expect(note).toContainText(/24 unidades · custo R\$\s15,00 a unidade/);
  await nothingOffScreen(page, "the item picked");
  await note.getByRole("button", { name: "Dar entrada" }).click();

  const received = page.getByRole("status", { name: "Entrada lançada" });
  await expect(received).toContainText("Entrada da nota 000.005.501 de Distribuidora Y Comercio de Calcados Ltda: 24 unidades.");
  await expect(received).toContainText("Jogo de Panelas Antiaderente 5 Peças – Vermelho");
  await nothingOffScreen(page, "the note received");
});
