// The admin's products in the browser: create a product with an image and find it in the shop, edit
// its price, delete it; refusals of bad input; the starter import with its progress; the CSV export
// and a CSV with broken rows; a customer kept out.
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import { expect, type Page } from "@playwright/test";
import { testOnOwnServer as test } from "./app-server";
// Creating, importing and deleting products changes the catalogue other files count: own server.
import sharp from "sharp";
import { signInAsAdmin } from "./admin-login";
import { gotoHydrated } from "./hydration";
import { expectIdReferencesResolve } from "./id-references";

const SLOW = { timeout: 20_000 };

async function pngBuffer(color: string) {
  return sharp({ create: { width: 400, height: 400, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** The admin list filtered to one product, waiting for its card. */
async function adminCard(page: Page, name: string) {
  await gotoHydrated(page, `/admin/produtos?q=${encodeURIComponent(name)}`);
  const card = page.getByTestId("admin-product").filter({ hasText: name });
  await expect(card).toBeVisible();
  return card;
}

test("create a product with an image, see it in the shop, edit its price, delete it", async ({ page }) => {
  test.setTimeout(120_000);
  const name = `Tênis Teste ${randomBytes(3).toString("hex")}`;
  await signInAsAdmin(page, "/admin/produtos");
  await page.getByRole("link", { name: "Novo produto" }).click();
  await expect(page).toHaveURL(/\/admin\/produtos\/novo$/);
  await expect(page.getByRole("heading", { level: 1, name: "Novo produto" })).toBeVisible();

  await page.getByLabel("Nome", { exact: true }).fill(name);
  await page.getByLabel("Descrição", { exact: true }).fill("Tênis leve para caminhada, com palmilha acolchoada.");
  await page.getByLabel("Categoria", { exact: true }).selectOption("Esportivo");
  await page.getByLabel("Loja", { exact: true }).selectOption({ label: "Erick Sports" });
  await page.getByLabel("Preço (R$)").fill("149,90");

  // Sizes by Enter and by the button; a repeat is ignored; a chip can be removed.
  const sizes = page.getByRole("textbox", { name: "Tamanhos" });
  await sizes.fill("38");
  await sizes.press("Enter");
  await sizes.fill("39");
  await page.getByRole("button", { name: "Adicionar" }).first().click();
  await sizes.fill("38");
  await sizes.press("Enter");
  await expect(page.getByText("“38” já está na lista.")).toBeVisible();
  await expectIdReferencesResolve(page);
  await sizes.fill("44");
  await sizes.press("Enter");
  await page.getByRole("button", { name: "Remover tamanho 44" }).click();
  const sizeChips = page.getByRole("list", { name: "Tamanhos" }).getByRole("listitem");
  await expect(sizeChips).toHaveText(["38", "39"]);
  const colors = page.getByRole("textbox", { name: "Cores" });
  await colors.fill("Azul");
  await colors.press("Enter");
  // The stock grid follows the lists: a cell per size in Azul, and the total.
  await page.getByRole("textbox", { name: "Estoque – Tam. 38 / Azul", exact: true }).fill("3");
  await page.getByRole("textbox", { name: "Estoque – Tam. 39 / Azul", exact: true }).fill("2");
  await expect(page.getByTestId("stock-total")).toHaveText("Total: 5 unidades");

  await page.getByLabel(/Escolher imagens/).setInputFiles([
    { name: "frente.png", mimeType: "image/png", buffer: await pngBuffer("#1d4ed8") },
    { name: "lado.png", mimeType: "image/png", buffer: await pngBuffer("#b91c1c") },
  ]);
  const images = page.getByTestId("product-image-item");
  await expect(images).toHaveCount(2);
  await expect(images.first()).toContainText("Capa");
  // The second becomes the cover.
  await page.getByRole("button", { name: "Mover imagem 2 para antes" }).click();
  await expect(page.getByRole("button", { name: "Mover imagem 1 para antes" })).toBeDisabled();

  await page.getByRole("button", { name: "Cadastrar produto" }).click();
  await expect(page).toHaveURL(/\/admin\/produtos\?aviso=cadastrado$/, SLOW);
  const created = page.getByRole("status").filter({ hasText: "Produto cadastrado com sucesso!" });
  await expect(created).toBeVisible();
  await page.getByRole("button", { name: "Fechar aviso" }).click();
  await expect(created).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/produtos$/);

  // In the shop: the search finds it, its page shows the uploaded image.
  await gotoHydrated(page, `/produtos?q=${encodeURIComponent(name)}`);
  const shopCard = page.getByTestId("product-card").filter({ hasText: name });
  await expect(shopCard).toBeVisible();
  await expect(shopCard).toContainText("R$ 149,90");
  await shopCard.getByRole("link", { name }).first().click();
  await expect(page).toHaveURL(/\/produto\/\d+$/);
  const productUrl = page.url();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const image = page.locator('main img[src^="/media/"]').first();
  await expect(image).toBeVisible();
  expect(await image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);

  // Edit the price.
  const card = await adminCard(page, name);
  await card.getByRole("link", { name: /^Editar/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Editar produto" })).toBeVisible();
  await expect(page.getByLabel("Nome", { exact: true })).toHaveValue(name);
  await expect(page.getByTestId("product-image-item")).toHaveCount(2);
  await page.getByLabel("Preço (R$)").fill("99,90");
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page).toHaveURL(/\/admin\/produtos\?aviso=atualizado$/, SLOW);
  await expect(page.getByRole("status").filter({ hasText: "Produto atualizado com sucesso!" })).toBeVisible();
  await gotoHydrated(page, productUrl);
  await expect(page.getByText("R$ 99,90").first()).toBeVisible();

  // Delete, after the confirmation.
  const toDelete = await adminCard(page, name);
  await toDelete.getByRole("button", { name: /^Excluir/ }).click();
  const dialog = page.getByRole("dialog", { name: "Excluir produto" });
  await expect(dialog).toContainText("Tem certeza que deseja excluir este produto?");
  await dialog.getByRole("button", { name: "Cancelar" }).click();
  await expect(dialog).toBeHidden();
  await toDelete.getByRole("button", { name: /^Excluir/ }).click();
  await page.getByRole("dialog", { name: "Excluir produto" }).getByRole("button", { name: "Sim, excluir" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Produto excluído com sucesso!" })).toBeVisible(SLOW);
  await expect(page.getByText("Nenhum produto encontrado")).toBeVisible();

  await gotoHydrated(page, `/produtos?q=${encodeURIComponent(name)}`);
  await expect(page.getByText("Nenhum produto encontrado")).toBeVisible();
  // A removed product's page says so (410) with other products, rather than sending the shopper away.
  const gone = await page.goto(productUrl);
  expect(gone?.status()).toBe(410);
  await expect(page.getByRole("heading", { name: "Produto indisponível" })).toBeVisible();
});

test("the photos chosen for a new product show as previews, under the page's policy", async ({ page }) => {
  test.setTimeout(60_000);
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const previews = page.getByRole("list", { name: "Imagens do produto" }).locator("img");
  const rendered = () =>
    previews.evaluateAll((images) => images.map((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0));

  // Reached as a clerk does, from the sign-in page (the browser keeps that page's policy), then loaded directly.
  await signInAsAdmin(page, "/admin/produtos/novo");
  for (const reload of [false, true]) {
    if (reload) await gotoHydrated(page, "/admin/produtos/novo");
    await page.getByLabel(/Escolher imagens/).setInputFiles([
      { name: "frente.png", mimeType: "image/png", buffer: await pngBuffer("#1d4ed8") },
      { name: "lado.jpg", mimeType: "image/jpeg", buffer: await sharp(await pngBuffer("#b91c1c")).jpeg().toBuffer() },
    ]);
    await expect(page.getByTestId("product-image-item")).toHaveCount(2);
    await expect(previews).toHaveCount(2);
    await expect.poll(rendered).toEqual([true, true]);
    await expect(previews.first()).toHaveAttribute("alt", "Imagem 1");
  }
  expect(violations).toEqual([]);
});

test("bad input: messages beside the fields, a disguised file refused, nothing saved", async ({ page }) => {
  test.setTimeout(60_000);
  const name = `Produto Recusado ${randomBytes(3).toString("hex")}`;
  await signInAsAdmin(page, "/admin/produtos/novo");
  await page.getByRole("button", { name: "Cadastrar produto" }).click();
  await expect(page.getByText("Nome é obrigatório")).toBeVisible();
  await expect(page.getByText("Descrição é obrigatória")).toBeVisible();
  await expect(page.getByLabel("Nome", { exact: true })).toBeFocused();

  await page.getByLabel("Nome", { exact: true }).fill(name);
  await expect(page.getByText("Nome é obrigatório")).toBeHidden();
  await page.getByLabel("Descrição", { exact: true }).fill("Teste de recusa.");
  await page.getByLabel("Categoria", { exact: true }).selectOption("Feminino");
  await page.getByLabel("Loja", { exact: true }).selectOption({ label: "Erick Calçados Barreiros" });
  await page.getByLabel("Preço (R$)").fill("12,9O");
  await page.getByRole("textbox", { name: "Estoque", exact: true }).fill("-2");
  await page.getByRole("button", { name: "Cadastrar produto" }).click();
  await expect(page.getByText("Informe um preço válido")).toBeVisible();
  await expect(page.getByText("O estoque não pode ser negativo")).toBeVisible();
  await expect(page.getByLabel("Preço (R$)")).toHaveAccessibleDescription("Informe um preço válido Use vírgula para os centavos: 129,90");
  await expectIdReferencesResolve(page);

  await page.getByLabel("Preço (R$)").fill("12,90");
  await page.getByRole("textbox", { name: "Estoque", exact: true }).fill("2");
  // A text file dressed as a JPEG: the browser believes the name, the server reads the content.
  await page.getByLabel(/Escolher imagens/).setInputFiles({ name: "foto.jpg", mimeType: "image/jpeg", buffer: Buffer.from("não sou uma foto\n".repeat(50)) });
  await page.getByRole("button", { name: "Cadastrar produto" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Erro ao salvar produto: imagem “foto.jpg”: Arquivo de imagem inválido. Envie PNG, JPG ou WEBP." })).toBeVisible(SLOW);
  await expect(page).toHaveURL(/\/admin\/produtos\/novo$/);

  await gotoHydrated(page, `/admin/produtos?q=${encodeURIComponent(name)}`);
  await expect(page.getByText("Nenhum produto encontrado")).toBeVisible();
});

test("import the starter products with progress; a second import says they exist", async ({ page }) => {
  test.setTimeout(150_000);
  await signInAsAdmin(page, "/admin/importar");
  const progress = page.getByTestId("starter-progress");
  await expect(progress).toHaveText("0/10");
  await page.getByRole("button", { name: "Importar produtos iniciais" }).click();
  await expect(page.getByRole("button", { name: "Importando…" })).toBeVisible();
  await expect(progress).toHaveText("10/10", { timeout: 90_000 });
  const items = page.getByTestId("starter-item");
  await expect(items).toHaveCount(10);
  // Another project's run of this test may have imported them first.
  for (const item of await items.all()) await expect(item).toContainText(/(Criado|Já importado) \(id \d+\)/);
  await expect(page.getByRole("status").filter({ hasText: /^Concluído:/ })).toBeVisible();

  await page.getByRole("button", { name: "Importar produtos iniciais" }).click();
  await expect(progress).toHaveText("10/10", { timeout: 60_000 });
  for (const item of await items.all()) await expect(item).toContainText(/Já importado \(id \d+\)/);
  await expect(page.getByRole("status").filter({ hasText: "Concluído: 0 criados, 10 já existiam, 0 com erro." })).toBeVisible();

  await gotoHydrated(page, "/produtos?q=bola de volei oficial");
  await expect(page.getByTestId("product-card").filter({ hasText: "Bola de Vôlei Oficial" })).toHaveCount(1);
});

test("CSV: the export holds the products; a file with broken rows is refused line by line", async ({ page }) => {
  test.setTimeout(60_000);
  await signInAsAdmin(page, "/admin/produtos");
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Exportar CSV" }).click();
  const file = await (await download).path();
  const bytes = await fs.readFile(file);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString("utf8");
  expect(text).toContain("id;nome;categoria;subcategoria;marca;loja;preco;preco_antigo;tamanho;cor;sku;estoque_loja_principal;destaque;ativo;descricao");
  expect(text).toContain("Sandália Rasteira Trançada;Feminino;Sandálias;Moleca;Erick Calçados Barreiros;59,90;79,90;");

  await gotoHydrated(page, "/admin/importar");
  const broken = [
    "nome;categoria;loja;preco;estoque;descricao",
    "Produto CSV Bom;Feminino;Erick Sports;10,00;1;Este não deve entrar",
    "Produto CSV Ruim;Feminino;Erick Sports;dez reais;1;Preço com letras",
    "Outro Ruim;Feminino;Erick Sports;10,00;-4;Estoque negativo",
  ].join("\n");
  await page.getByLabel("Arquivo CSV (até 2 MB)").setInputFiles({ name: "produtos.csv", mimeType: "text/csv", buffer: Buffer.from(broken) });
  await page.getByRole("button", { name: "Importar CSV" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "Nenhum produto foi salvo" });
  await expect(alert).toBeVisible(SLOW);
  await expect(page.getByTestId("csv-errors").getByRole("listitem")).toHaveText([
    "Linha 3: preco: Informe um preço válido.",
    "Linha 4: estoque: O estoque não pode ser negativo.",
  ]);
  await gotoHydrated(page, "/admin/produtos?q=produto csv bom");
  await expect(page.getByText("Nenhum produto encontrado")).toBeVisible();
});

test("a customer who opens /admin/produtos is sent to the home page", async ({ page }) => {
  test.setTimeout(60_000);
  const [a = 0, b = 0, c = 0] = randomBytes(3);
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": `10.${a}.${b}.${(c % 250) + 1}` });
  const id = randomBytes(4).toString("hex");
  await gotoHydrated(page, "/registrar");
  await page.getByLabel("Nome", { exact: true }).fill(`Cliente ${id}`);
  await page.getByLabel("E-mail").fill(`cliente-${id}@exemplo.com`);
  await page.getByLabel("Senha", { exact: true }).fill(`senha-${id}-ok`);
  await page.getByLabel("Confirme a senha").fill(`senha-${id}-ok`);
  await page.getByRole("button", { name: "Criar conta" }).click();
  await expect(page).toHaveURL(/\/$/, SLOW);
  await page.goto("/admin/produtos");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Produtos", level: 1 })).toHaveCount(0);
});
