// /admin/importar on the server: the 10 starter products (one per request, never twice), and the CSV
// import that saves every row or none, reporting each bad row by its line.
import { refusalErrors, type ActionResult } from "~/lib/forms/action-result";
import { count, eq, inArray, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { media, products, productVariants } from "#database/schema";
import { SEED_PRODUCTS } from "#database/seed/products";
import { SEED_STORE_LOCATIONS } from "#database/seed/shops";
import { STARTER_PRODUCTS } from "#database/catalogue/starter-products";
import { CATEGORIES } from "~/lib/catalog/categories";
import type { CsvImportResult, StarterResult } from "~/lib/catalog/product-import";
import { discountPercent } from "~/lib/format/money";
import { productFormSchema } from "~/lib/catalog/product.schema";
import { action as importAction, loader as importLoader } from "~/routes/admin/import";
import { action as starterAction, loader as starterLoader } from "~/routes/admin/import-starter";
import { getProduct } from "~/server/catalog/products.server";
import type { LoadContext } from "~/server/load-context.server";
import { importProductsCsv, productsCsv } from "~/server/catalog/product-csv.server";
import { PRODUCT_CSV_COLUMNS } from "~/server/catalog/csv/columns.server";
import { readCsv as parseCsv, toCsv, unguardFormula } from "~/server/files/csv.server";
import { starterFormInput } from "~/server/catalog/starter-products.server";
import { openAdminTest, requestAs, TEST_ACTOR, type SignedInUser } from "../setup/admin-session";
import type { TestDatabase } from "../setup/test-database";

let t: TestDatabase;
let context: LoadContext;
let admin: SignedInUser;
let customer: SignedInUser;
let close: () => Promise<void>;

beforeAll(async () => ({ t, context, admin, customer, close } = await openAdminTest()));
afterAll(() => close?.());

async function call(handler: unknown, request: Request): Promise<{ status: number; location: string | null; data: Record<string, unknown>; response: Response | null }> {
  let result: unknown;
  try {
    result = await (handler as (args: { request: Request; context: LoadContext; params: object }) => unknown)({ request, context, params: {} });
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, location: result.headers.get("location"), data: {}, response: result };
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const { data, init } = result as { data: Record<string, unknown>; init: ResponseInit | null };
    return { status: init?.status ?? 200, location: null, data, response: null };
  }
  return { status: 200, location: null, data: result as Record<string, unknown>, response: null };
}

async function productCount() {
  const [row] = await t.db.select({ n: count() }).from(products);
  return row!.n;
}

describe("starter products (database/catalogue/starter-products.ts)", () => {
  it("are 10 valid products in the spec's seed format, none of them a demo product", () => {
    expect(STARTER_PRODUCTS).toHaveLength(10);
    const demoNames = new Set(SEED_PRODUCTS.map((product) => product.name));
    for (const starter of STARTER_PRODUCTS) {
      expect(Object.keys(starter).sort()).toEqual(
        ["ativo", "categoria", "cores", "desconto", "descricao", "destaque", "estoque", "genero", "imagens", "loja", "marca", "material", "nome", "preco", "precoOriginal", "subcategoria", "tamanhos", "vendas", "visualizacoes"].sort(),
      );
      expect(demoNames.has(starter.nome)).toBe(false);
      expect(CATEGORIES).toContain(starter.categoria);
      expect(SEED_STORE_LOCATIONS.map((location) => location.slug)).toContain(starterFormInput(starter).store);
      expect(productFormSchema.safeParse(starterFormInput(starter)).success).toBe(true);
      const cents = (value: number | null) => (value === null ? null : Math.round(value * 100));
      expect(starter.desconto).toBe(discountPercent(cents(starter.preco), cents(starter.precoOriginal)));
    }
    expect(new Set(STARTER_PRODUCTS.map((starter) => starter.nome)).size).toBe(10);
  });
});

describe("starter import", () => {
  it("only admins: anonymous to /login, a customer gets 403 and nothing is created", async () => {
    const before = await productCount();
    const form = () => new URLSearchParams({ index: "0" });
    expect((await call(starterAction, requestAs(null, "/admin/importar/produto-inicial", { form: form() }))).status).toBe(302);
    expect((await call(starterAction, requestAs(customer, "/admin/importar/produto-inicial", { form: form() }))).status).toBe(403);
    expect((await call(importAction, requestAs(customer, "/admin/importar", { form: new URLSearchParams({ intent: "starters" }) }))).status).toBe(403);
    expect(await call(importLoader, requestAs(customer, "/admin/importar"))).toMatchObject({ status: 302, location: "/" });
    expect(await call(starterLoader, requestAs(admin, "/admin/importar/produto-inicial"))).toMatchObject({ status: 302, location: "/admin/importar" });
    expect(await productCount()).toBe(before);
  });

  it("creates the ten one per request, with a picture; a second run says each already exists", async () => {
    const before = await productCount();
    const first: StarterResult[] = [];
    for (let index = 0; index < 10; index += 1) {
      const outcome = await call(starterAction, requestAs(admin, "/admin/importar/produto-inicial", { form: new URLSearchParams({ index: String(index) }) }));
      expect(outcome.response?.headers.get("content-type")).toContain("application/json");
      first.push((await outcome.response!.json()) as StarterResult);
    }
    expect(first.map((result) => result.status)).toEqual(Array(10).fill("created"));
    expect(await productCount()).toBe(before + 10);

    const ids = first.map((result) => (result.status === "created" ? result.id : 0));
    const rows = await t.db.select().from(products).where(inArray(products.id, ids));
    const bola = rows.find((row) => row.name === "Bola de Vôlei Oficial")!;
    expect(bola).toMatchObject({ priceCents: 179_90, oldPriceCents: 199_90, brand: "Mikasa", gender: "Unissex", stock: 8, featured: true, active: true, category: "Sports" });
    // Each starter's gender (genero) is saved, as the feeds need it.
    for (const row of rows) expect(row.gender).toBe(STARTER_PRODUCTS.find((starter) => starter.nome === row.name)!.genero);
    const toalha = rows.find((row) => row.name === "Toalha de Mesa Retangular 6 Lugares")!;
    expect(toalha).toMatchObject({ priceCents: null, oldPriceCents: null });
    for (const row of rows) {
      expect(row.images).toHaveLength(1);
      expect(await t.db.select().from(media).where(eq(media.key, row.images[0]!))).toHaveLength(1);
    }
    expect((await getProduct(t.db, bola.id))?.storeLocationName).toBe("Erick Sports");

    // The page's no-JavaScript path runs all ten at once: all already there.
    const again = await call(importAction, requestAs(admin, "/admin/importar", { form: new URLSearchParams({ intent: "starters" }) }));
    const second = (again.data as ActionResult<{ starters: StarterResult[] }>).data!.starters;
    expect(second.map((result) => result.status)).toEqual(Array(10).fill("exists"));
    expect(second.map((result) => (result.status === "exists" ? result.id : 0))).toEqual(ids);
    expect(await productCount()).toBe(before + 10);
  });

  it("an unknown index is an error, not a crash", async () => {
    const outcome = await call(starterAction, requestAs(admin, "/admin/importar/produto-inicial", { form: new URLSearchParams({ index: "42" }) }));
    expect(outcome.status).toBe(422);
    expect(await outcome.response!.json()).toMatchObject({ status: "error" });
  });
});

describe("CSV import", () => {
  const header = "id;nome;categoria;loja;preco;preco_antigo;tamanho;cor;sku;estoque;destaque;ativo;descricao";

  async function upload(text: string | Uint8Array<ArrayBuffer>, name = "produtos.csv") {
    const form = new FormData();
    form.set("intent", "csv");
    form.set("file", new File([text], name, { type: "text/csv" }));
    const outcome = await call(importAction, requestAs(admin, "/admin/importar", { form }));
    const answer = outcome.data as ActionResult<{ csv?: CsvImportResult }>;
    return { ...outcome, data: { csv: answer.data?.csv, fileError: refusalErrors(answer)?.file } };
  }

  const allProducts = () => t.db.select().from(products).orderBy(products.id);
  const allVariants = () => t.db.select().from(productVariants).orderBy(productVariants.id);
  const comparable = (rows: Awaited<ReturnType<typeof allProducts>>) => rows.map(({ updatedAt: _updatedAt, ...row }) => row);
  const column = (name: string) => PRODUCT_CSV_COLUMNS.indexOf(name as (typeof PRODUCT_CSV_COLUMNS)[number]);

  /** The exported file with `change` applied to its rows (cells by column name). */
  async function editedExport(change: (row: string[], get: (name: string) => string) => string[] | null): Promise<string> {
    const [, ...rows] = parseCsv(await productsCsv(t.db));
    return toCsv(
      PRODUCT_CSV_COLUMNS,
      rows.flatMap(({ cells }) => {
        // A file in the layout before the columns per store (a single `estoque`): imported as before.
        const changed = change(cells.slice(0, PRODUCT_CSV_COLUMNS.length), (name) => cells[column(name)]!);
        return changed ? [changed.map(unguardFormula)] : [];
      }),
    );
  }

  it("exports a row per variant, and an exported file imports back unchanged (variants, SKUs and review flags too)", async () => {
    // SKUs on some variants, and a product the migration flagged for the clerk to count.
    await t.pool.query("update product_variants set sku = 'SKU-' || id where id % 3 = 0");
    await t.pool.query("update products set stock_needs_review = true where id = (select min(id) from products)");
    const exported = await productsCsv(t.db);
    const variantsBefore = await allVariants();
    expect(parseCsv(exported)).toHaveLength(variantsBefore.length + 1);
    const before = await allProducts();
    const outcome = await upload(exported);
    expect(outcome.data.csv).toEqual({ ok: true, created: 0, updated: 0, unchanged: before.length });
    expect(comparable(await allProducts())).toEqual(comparable(before));
    expect(before.some((row) => row.stockNeedsReview)).toBe(true);
    // The same variant rows (ids kept, so orders still point at them), stock and SKUs.
    expect(await allVariants()).toEqual(variantsBefore);
  });

  it("a file that changes one variant's stock changes only that variant (and the product's total)", async () => {
    const [target] = await t.db.select().from(productVariants).where(ne(productVariants.size, "")).orderBy(productVariants.id).limit(1);
    const variantsBefore = await allVariants();
    const productsBefore = await allProducts();
    const file = await editedExport((row, get) => {
      if (get("id") === String(target!.productId) && get("tamanho") === target!.size && get("cor") === target!.color) row[column("estoque_loja_principal")] = String(target!.stock + 5);
      return row;
    });
    expect((await upload(file)).data.csv).toMatchObject({ ok: true, created: 0 });
    const variantsAfter = await allVariants();
    expect(variantsAfter).toEqual(variantsBefore.map((variant) => (variant.id === target!.id ? { ...variant, stock: target!.stock + 5 } : variant)));
    const productsAfter = await allProducts();
    expect(comparable(productsAfter)).toEqual(
      comparable(productsBefore).map((row) => (row.id === target!.productId ? { ...row, stock: row.stock + 5, stockNeedsReview: false } : row)),
    );
  });

  it("rows decide a product's sizes and colours: a size whose rows are gone is no longer offered, a new row adds one", async () => {
    const [chinelo] = await t.db.select().from(products).where(eq(products.name, "Chinelo Slide Masculino"));
    expect(chinelo!.sizes.length).toBeGreaterThan(1);
    const [dropped, ...kept] = chinelo!.sizes;
    const [, ...rows] = parseCsv(await productsCsv(t.db));
    const cells = rows.map((row) => row.cells.slice(0, PRODUCT_CSV_COLUMNS.length).map(unguardFormula));
    const mine = cells.filter((row) => row[0] === String(chinelo!.id) && row[column("tamanho")] !== dropped);
    const extra = [...mine[0]!];
    extra[column("tamanho")] = "46";
    extra[column("cor")] = mine[0]![column("cor")]!;
    extra[column("estoque_loja_principal")] = "9";
    extra[column("sku")] = "CH-46";
    expect((await upload(toCsv(PRODUCT_CSV_COLUMNS, [...mine, extra]))).data.csv).toEqual({ ok: true, created: 0, updated: 1, unchanged: 0 });
    const [after] = await t.db.select().from(products).where(eq(products.id, chinelo!.id));
    expect(after!.sizes).toEqual([...kept, "46"]);
    const variants = await t.db.select().from(productVariants).where(eq(productVariants.productId, chinelo!.id));
    expect(variants.some((variant) => variant.size === dropped)).toBe(false);
    expect(variants.find((variant) => variant.size === "46" && variant.color === extra[column("cor")])).toMatchObject({ stock: 9, sku: "CH-46" });
    expect(after!.stock).toBe(variants.reduce((sum, variant) => sum + variant.stock, 0));
  });

  it("creates products from consecutive rows without id and updates rows with one, in one go", async () => {
    const [target] = await t.db.select().from(products).where(eq(products.name, "Chinelo Slide Masculino"));
    const row = (id: string, name: string, price: string, category: string, store: string, description: string, size: string, color: string, stock: string, featured: string, exported = "") =>
      [id, name, price, category, store, description, size, color, stock, featured, exported].join(";");
    // Changing an existing product's stock needs the units the clerk read (issue 39): the shelf's now.
    const shelf = new Map(
      (await t.db.select().from(productVariants).where(eq(productVariants.productId, target!.id))).map((variant) => [`${variant.size}/${variant.color}`, String(variant.stock)]),
    );
    const chinelo = (size: string, stock: string) =>
      row(String(target!.id), "Chinelo Slide Masculino Confort", "44,90", "Masculino", "Erick Calçados - Sirinhaém", target!.description, size, "Preto", stock, "sim", shelf.get(`${size}/Preto`) ?? "");
    const meia = (color: string, stock: string) => row("", "Meia Esportiva Kit 3 Pares", "29,90", "esportivo", "erick sports", "Kit com 3 pares de meias cano curto.", "", color, stock, "não");
    const file = [
      "\uFEFFid;nome;preco;categoria;loja;descricao;tamanho;cor;estoque;destaque;estoque_exportado",
      chinelo("39", "30"),
      meia("Branco", "20"),
      meia("Preto", "30"),
      chinelo("40", "3"),
      row("", "Vaso Decorativo de Cerâmica", "", "Magazine", "Erick Magazine e Kids", "Vaso de cerâmica pintado à mão.", "", "", "4", "", ""),
    ].join("\r\n");
    const outcome = await upload(file);
    expect(outcome.data.csv).toEqual({ ok: true, created: 2, updated: 1, unchanged: 0 });
    const [updated] = await t.db.select().from(products).where(eq(products.id, target!.id));
    expect(updated).toMatchObject({
      name: "Chinelo Slide Masculino Confort",
      priceCents: 44_90,
      stock: 33,
      sizes: ["39", "40"],
      colors: ["Preto"],
      featured: true,
      // Columns the file leaves out keep their values.
      brand: "Rider",
      active: true,
      searchText: expect.stringMatching(/^chinelo slide masculino confort .* chinelo slide com tira larga acolchoada e solado anatomico\. ideal para o dia a dia e para a praia\.$/),
    });
    const [meiaRow] = await t.db.select().from(products).where(eq(products.name, "Meia Esportiva Kit 3 Pares"));
    expect(meiaRow).toMatchObject({ category: "Esportivo", priceCents: 29_90, sizes: [], colors: ["Branco", "Preto"], stock: 50, active: true, featured: false, images: [] });
    const meiaVariants = await t.db.select().from(productVariants).where(eq(productVariants.productId, meiaRow!.id)).orderBy(productVariants.id);
    expect(meiaVariants.map(({ size, color, stock, sku }) => ({ size, color, stock, sku }))).toEqual([
      { size: "", color: "Branco", stock: 20, sku: "" },
      { size: "", color: "Preto", stock: 30, sku: "" },
    ]);
    const [vaso] = await t.db.select().from(products).where(eq(products.name, "Vaso Decorativo de Cerâmica"));
    expect(vaso).toMatchObject({ priceCents: null, category: "Magazine", stock: 4 });
  });

  it("a file with broken rows: every bad row by its line, and nothing saved", async () => {
    const before = await allProducts();
    const variantsBefore = await allVariants();
    const [target] = before;
    const good = (...cells: (string | number | null)[]) => cells;
    const file = toCsv(header.split(";"), [
      good(null, "Produto Bom Que Não Deve Entrar", "Feminino", "Erick Calçados - Barreiros", "10,00", "", "37", "", "", "1", "não", "sim", "Descrição boa"),
      good(target!.id, "Nome Novo Que Não Deve Entrar", target!.category, "Erick Sports", "99,90", "", "", "", "", "5", "não", "sim", "Com\nduas linhas"),
      good(null, "Preço Errado", "Feminino", "Erick Calçados - Barreiros", "12,9O", "", "", "", "", "1", "não", "sim", "x"),
      good(null, "Estoque Negativo", "Feminino", "Erick Calçados - Barreiros", "10,00", "", "38", "", "", "2", "não", "sim", "x"),
      good(null, "Estoque Negativo", "Feminino", "Erick Calçados - Barreiros", "10,00", "", "39", "", "", "-3", "não", "sim", "x"),
      good(null, "", "Calçados", "Loja Inventada", "10,00", "", "", "", "", "1", "talvez", "sim", ""),
      good(999_999, "Id Que Não Existe", "Feminino", "Erick Sports", "10,00", "", "", "", "", "1", "não", "sim", "x"),
      good(target!.id, "Nome Novo Que Não Deve Entrar", target!.category, "Erick Sports", "99,90", "", "", "", "", "1", "não", "sim", "Com\nduas linhas"),
      good(null, "Estoque Negativo", "Feminino", "Erick Calçados - Barreiros", "10,00", "", "38", "", "", "2", "não", "sim", "x"),
    ]);
    const outcome = await upload(file);
    expect(outcome.status).toBe(400);
    const result = outcome.data.csv as CsvImportResult;
    expect(result.ok).toBe(false);
    if (result.ok) return;
    // Line 3's description spans two lines, so the next rows start one line later.
    expect(result.errors).toEqual([
      { line: 5, message: "preco: Informe um preço válido." },
      { line: 7, message: "estoque: O estoque não pode ser negativo." },
      {
        line: 8,
        message: expect.stringMatching(/^loja: “Loja Inventada” não é uma das lojas .*; destaque: use “sim” ou “não”; nome: Nome é obrigatório; descricao: Descrição é obrigatória; categoria: Selecione uma categoria\.$/),
      },
      { line: 9, message: "id: não existe produto com id 999999." },
      { line: 10, message: "tamanho e cor: o produto não tem tamanhos nem cores e já tem a sua linha (linha 3)." },
      { line: 12, message: "nome: o produto novo “Estoque Negativo” já aparece nas linhas 6, 7; as linhas de um produto devem vir juntas." },
    ]);
    expect(await allProducts()).toEqual(before);
    expect(await allVariants()).toEqual(variantsBefore);
  });

  it("a product's columns must agree on all its rows", async () => {
    const [chinelo] = await t.db.select().from(products).where(eq(products.name, "Chinelo Slide Masculino Confort"));
    const file = await editedExport((row, get) => {
      if (get("id") !== String(chinelo!.id)) return null;
      if (get("tamanho") === "40") row[column("preco")] = "45,90";
      return row;
    });
    const result = (await importProductsCsv(t.db, file, TEST_ACTOR)) as Extract<CsvImportResult, { ok: false }>;
    expect(result.errors).toEqual([
      { line: 3, message: "preco: “45,90” é diferente da linha 2 (“44,90”); as colunas do produto devem ser iguais em todas as suas linhas." },
    ]);
  });

  it("header problems, wrong column counts, an empty file and a binary file", async () => {
    const headerErrors = (await importProductsCsv(t.db, "nome;preço;categoria;código\nX;1;Feminino;Azul", TEST_ACTOR)) as Extract<CsvImportResult, { ok: false }>;
    expect(headerErrors.errors).toEqual([{ line: 1, message: "Cabeçalho: coluna desconhecida “código”; falta a coluna “loja”; falta a coluna “estoque_loja_principal”." }]);
    const short = (await importProductsCsv(t.db, `${header}\n;Só o nome`, TEST_ACTOR)) as Extract<CsvImportResult, { ok: false }>;
    expect(short.errors).toEqual([{ line: 2, message: "esperadas 13 colunas, encontradas 2." }]);
    expect(((await importProductsCsv(t.db, `${header}\n`, TEST_ACTOR)) as Extract<CsvImportResult, { ok: false }>).errors[0]!.message).toMatch(/não tem produtos/);
    expect((await upload(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 1, 2]), "foto.csv")).data.fileError).toBe(
      "Este arquivo não é um CSV (texto). Exporte a planilha como CSV.",
    );
  });

  it("refuses a file in the layout before stock per variant (tamanhos, cores), saying how to get today's", async () => {
    const before = await productCount();
    const file = [
      "nome;categoria;loja;preco;estoque;tamanhos;cores;descricao",
      "Sapatilha Antiga;Feminino;Erick Calçados - Barreiros;59,90;7;34|35;Nude|Preto;Sapatilha de um arquivo antigo.",
    ].join("\n");
    expect((await upload(file)).data.csv).toEqual({
      ok: false,
      errors: [
        {
          line: 1,
          message:
            "Cabeçalho: “tamanhos” e “cores” são colunas do formato antigo (uma linha por produto); exporte o CSV de novo: hoje cada linha é um tamanho e cor, com as colunas “tamanho” e “cor”.",
        },
      ],
    });
    expect(await productCount()).toBe(before);
  });

  it("reads a file Excel saved as Windows-1252 (accents intact)", async () => {
    const text = `nome;categoria;loja;preco;estoque;descricao\r\nCaneca Café Nordestino;Variedades;Erick Variedades - Barreiros;24,90;10;Caneca de porcelana com estampa de xilogravura.\r\n`;
    const bytes = Uint8Array.from([...text].map((char) => char.charCodeAt(0)));
    const outcome = await upload(bytes);
    expect(outcome.data.csv).toEqual({ ok: true, created: 1, updated: 0, unchanged: 0 });
    const [row] = await t.db.select().from(products).where(eq(products.name, "Caneca Café Nordestino"));
    expect(row).toMatchObject({ priceCents: 24_90, stock: 10 });
  });

  /** Text as Excel's default "CSV" on Windows saves it: Windows-1252, no BOM. */
  const windows1252 = (text: string) =>
    Uint8Array.from([...text].map((char) => ({ "“": 0x93, "”": 0x94, "–": 0x96, "—": 0x97, "…": 0x85, "€": 0x80 })[char] ?? char.charCodeAt(0)));
  const C1 = /[\u0080-\u009f]/;

  it("reads a file Excel saved (Windows-1252, rows of only separators after the data and in between): “ ” – — … € as typed", async () => {
    const columns = "nome;categoria;loja;preco;estoque;descricao;subcategoria;marca;destaque;ativo;preco_antigo;tamanho;cor;sku;id";
    const text = [
      columns,
      "Caneca “Nordeste” – Edição 2;Variedades;Erick Variedades - Barreiros;24,90;10;Caneca de louça — pintada à mão… por 25 €;;;não;sim;;;;;",
      ";;;;;;;;;;;;;;",
      ";;;;;;",
      "Copo Térmico “Praia”;Variedades;Erick Variedades - Barreiros;2.500;3;Copo — aço;;;não;sim;;;;;",
      ";;;;;;;;;;;;;;",
      ";;;;;;;;;;;;;;",
      "",
    ].join("\r\n");
    const outcome = await upload(windows1252(text));
    expect(outcome.data.csv).toEqual({ ok: true, created: 2, updated: 0, unchanged: 0 });
    const [caneca] = await t.db.select().from(products).where(eq(products.name, "Caneca “Nordeste” – Edição 2"));
    expect(caneca).toMatchObject({ description: "Caneca de louça — pintada à mão… por 25 €", priceCents: 24_90, stock: 10 });
    const [copo] = await t.db.select().from(products).where(eq(products.name, "Copo Térmico “Praia”"));
    // '2.500' is two thousand five hundred reais, never R$ 2,50.
    expect(copo).toMatchObject({ priceCents: 2_500_00, description: "Copo — aço" });
  });

  it("never stores C1 control characters, whatever the file's encoding", async () => {
    const text = "nome;categoria;loja;preco;estoque;descricao\nPano de Prato\u0085 Bordado\u0093;Variedades;Erick Variedades - Barreiros;9,90;2;Algod\u00e3o\u0080 puro\u009f\n";
    expect((await upload(new TextEncoder().encode(text))).data.csv).toMatchObject({ ok: true, created: 1 });
    const { rows } = await t.pool.query<{ name: string; description: string }>("select name, description from products where name like 'Pano de Prato%'");
    expect(rows).toEqual([{ name: "Pano de Prato Bordado", description: "Algodão puro" }]);
    const { rows: stored } = await t.pool.query<{ n: string }>("select count(*) as n from products where name ~ '[\u0080-\u009f]' or description ~ '[\u0080-\u009f]'");
    expect(stored[0]!.n).toBe("0");
    expect(C1.test(rows[0]!.name + rows[0]!.description)).toBe(false);
  });

  it("refuses a file that is UTF-8 but for some lines (two files pasted together), naming those lines; nothing saved", async () => {
    const before = await allProducts();
    const [target] = before;
    const utf8 = (text: string) => [...new TextEncoder().encode(text)];
    const bytes = Uint8Array.from([
      ...utf8(`id;nome;preco\n${target!.id};Tênis Misturado;10,00\n`),
      ...windows1252(`;Sandália “Latina”;10,00\n;Bota Céu;11,00\n`),
    ]);
    expect((await upload(bytes)).data.csv).toEqual({
      ok: false,
      errors: [3, 4].map((line) => ({ line, message: expect.stringMatching(/^esta linha não está em UTF-8 como o resto do arquivo/) })),
    });
    expect(await allProducts()).toEqual(before);
  });

  it("counts what changed: created, updated and unchanged, as the audit log does", async () => {
    const before = await allProducts();
    const target = before.find((row) => row.priceCents !== null)!;
    const file = await editedExport((row, get) => {
      if (get("id") === String(target.id)) row[column("preco")] = "1.234,50";
      return row;
    });
    expect((await upload(file)).data.csv).toEqual({ ok: true, created: 0, updated: 1, unchanged: before.length - 1 });
    const [after] = await t.db.select().from(products).where(eq(products.id, target.id));
    expect(after!.priceCents).toBe(1_234_50);
  });

  it("refuses a price whose dot could be read two ways, showing the expected form", async () => {
    const file = "nome;categoria;loja;preco;estoque;descricao\nCaneca Preço Errado;Variedades;Erick Variedades - Barreiros;2.5;1;x\n";
    expect((await upload(file)).data.csv).toEqual({
      ok: false,
      errors: [{ line: 2, message: "preco: Use o formato 1.234,56 (ponto nos milhares, vírgula nos centavos)." }],
    });
  });

  it("the export lists what the import created", async () => {
    const rows = parseCsv(await productsCsv(t.db));
    expect(rows.some((row) => row.cells[1] === "Caneca Café Nordestino")).toBe(true);
  });

  it("a file of thousands of rows imports in one go (the variants of all products in two statements)", { timeout: 120_000 }, async () => {
    const sizes = Array.from({ length: 10 }, (_, index) => String(33 + index));
    const colors = ["Preto", "Branco", "Azul"];
    const rows = Array.from({ length: 100 }, (_, index) =>
      sizes.flatMap((size) =>
        colors.map((color) => [null, `Tênis Lote ${index + 1}`, "Esportivo", "Erick Sports", "99,90", "", size, color, `TL${index + 1}-${size}-${color}`, "2", "não", "sim", "Tênis de corrida leve."]),
      ),
    ).flat();
    expect(rows).toHaveLength(3_000);
    expect(await importProductsCsv(t.db, toCsv(header.split(";"), rows), TEST_ACTOR)).toEqual({ ok: true, created: 100, updated: 0, unchanged: 0 });
    // …and the same products again, unchanged (every variant kept).
    const again = await editedExport((row, get) => (get("nome").startsWith("Tênis Lote ") ? row : null));
    expect(await importProductsCsv(t.db, again, TEST_ACTOR)).toEqual({ ok: true, created: 0, updated: 0, unchanged: 100 });
    const { rows: stored } = await t.pool.query<{ n: string; skus: string; stock: string }>(
      "select count(*) as n, count(distinct v.sku) as skus, sum(v.stock) as stock from product_variants v join products p on p.id = v.product_id where p.name like 'Tênis Lote %'",
    );
    expect(stored[0]).toEqual({ n: "3000", skus: "3000", stock: "6000" });
  });
});
