// Issue 49 item 5 and issue 51 item 16 on the clerk's phone at 390 px, in Chromium: a red toy car
// held by a shopper's cart order is shown apart in the balanço ("1 reservado para o pedido #…"), the
// count lists the system's number against the counted one with the difference in units and reais
// before "Aplicar balanço", and the page after it says what changed. It leaves one red car fewer
// at that store and one pending order holding another. The car is a product no other spec orders:
// the specs share one server, and another spec's order taking a unit between reading the shelf and
// saving the count made the difference vanish.
import { expect, test, type Page } from "@playwright/test";
import { signInAsAdmin } from "./admin-login";
import { gotoHydrated } from "./hydration";

async function nothingOffScreen(page: Page, where: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${where}: the page is wider than the phone`).toBeLessThanOrEqual(0);
}

/** The red car's id, variant and units at a store, as the counter's look-up reads them. */
async function redCar(page: Page, storeId: string) {
  const found = (await (await page.request.get(`/admin/balcao/produtos?loja=${storeId}&q=carrinho`)).json()) as {
    products: { id: number; name: string; variants: { id: number; color: string; stock: number }[] }[];
  };
  const car = found.products.find((product) => product.name === "Carrinho de Controle Remoto");
  const variant = car?.variants.find((candidate) => candidate.color === "Vermelho");
  return { productId: car?.id ?? 0, variantId: variant?.id ?? 0, units: variant?.stock ?? 0 };
}

test("the balanço shows a held pair apart and the differences before and after applying", async ({ page, baseURL, isMobile }) => {
  test.skip(!isMobile, "the clerk's phone");
  test.setTimeout(120_000);
  await signInAsAdmin(page, "/admin/balcao");
  const storeIds = (await page.getByLabel("Loja").locator("option").evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value))).filter(Boolean);
  const before = new Map<string, Awaited<ReturnType<typeof redCar>>>();
  for (const id of storeIds) before.set(id, await redCar(page, id));
  const productId = [...before.values()].find((car) => car.productId > 0)!.productId;

  // A shopper's cart order holds one red car ('Finalizar pelo WhatsApp'), from whichever store serves it.
  const ordered = await page.request.post("/pedido", {
    form: { lines: JSON.stringify([{ productId, size: null, color: "Vermelho", quantity: 1 }]), idempotencyKey: `e2e-stock-count-held-${Date.now()}` },
    headers: { origin: baseURL!, "x-forwarded-for": "10.77.0.1" },
    maxRedirects: 0,
  });
  expect(ordered.status()).toBe(302);
  let store = "";
  for (const id of storeIds) if ((await redCar(page, id)).units === before.get(id)!.units - 1) store = id;
  expect(store, "the store the order took the car from").not.toBe("");
  const orderPage = await page.request.get(ordered.headers().location!);
  const code = /Pedido #([0-9A-F]{8})/.exec(await orderPage.text())![1]!;
  const free = (await redCar(page, store)).units;
  // The other open orders holding it (none in a fresh run): counted with the shelf.
  await gotoHydrated(page, `/admin/balcao/balanco?loja=${store}`);
  const start = page.getByRole("button", { name: "Começar balanço" });
  if (await start.isVisible()) await start.click();
  await page.getByPlaceholder("Buscar pelo nome").fill("carrinho");
  await page.getByRole("list", { name: "Produtos encontrados" }).getByRole("button", { name: /Carrinho de Controle Remoto/ }).click();
  const form = page.getByRole("form", { name: "Contagem de Carrinho de Controle Remoto" });
  const held = form.getByText(new RegExp(`No sistema: ${free} · \\d+ reservados? para (o pedido|os pedidos) .*#${code}`));
  await expect(held).toBeVisible();
  const heldUnits = Number(/· (\d+) reservad/.exec((await held.textContent())!)![1]);
  // On the shelf: the free ones and the held ones, and one red car short.
  await form.getByLabel("Contado: Vermelho").fill(String(free + heldUnits - 1));
  await form.getByRole("button", { name: "Salvar contagem" }).click();
  await expect(page.getByText("Contagem salva.")).toBeVisible();

  const counted = page.getByRole("region", { name: "Contados" });
  await expect(counted.getByTestId("stock-count-summary")).toHaveText(/^Falta 1 unidade \(−R\$\s149,90\)\.$/);
  const line = counted.getByTestId("stock-count-line").filter({ hasText: "Vermelho" });
  await expect(line).toContainText(`No sistema: ${free} (+ ${heldUnits}`);
  await expect(line).toContainText(`#${code}`);
  await expect(line).toContainText(`fica: ${free - 1}`);
  await expect(line).toContainText(/−1 \(−R\$\s149,90\)/);
  await nothingOffScreen(page, "the count before applying");

  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Aplicar balanço" }).click();
  const applied = page.getByRole("status", { name: "Balanço aplicado" });
  await expect(applied).toContainText("Balanço aplicado: 1 prateleira atualizada.");
  await expect(applied.getByTestId("stock-count-applied-summary")).toHaveText(/^Faltou 1 unidade \(−R\$\s149,90\)\.$/);
  await expect(applied.getByTestId("stock-count-line")).toContainText(`Era: ${free}`);
  await expect(applied.getByTestId("stock-count-line")).toContainText(`ficou: ${free - 1}`);
  await nothingOffScreen(page, "the count applied");
  // The held pair was not put back on sale: the shelf is what was counted less what is held.
  expect((await redCar(page, store)).units).toBe(free - 1);
});
