// /admin/importar on the server: the 10 starter products (one per request, never twice), and the CSV
// import that saves every row or none, reporting each bad row by its line.
import { count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { media, products } from "#database/schema";
import { SEED_PRODUCTS } from "#database/seed/products";
import { STARTER_PRODUCTS } from "#database/seed/starter-products";
import { CATEGORIES } from "~/lib/catalog";
import { parseCsv, toCsv } from "~/lib/csv";
import type { CsvImportResult, StarterResult } from "~/lib/product-import";
import { discountPercent } from "~/lib/money";
import { productFormSchema, storeOptionFromText } from "~/lib/product.schema";
import { action as importAction, loader as importLoader } from "~/routes/admin/import";
import { action as starterAction, loader as starterLoader } from "~/routes/admin/import-starter";
import { getProduct } from "~/server/catalog/products.server";
import type { LoadContext } from "~/server/load-context.server";
import { importProductsCsv, productsCsv } from "~/server/catalog/product-csv.server";
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

describe("starter products (database/seed/starter-products.ts)", () => {
  it("are 10 valid products in the spec's seed format, none of them a demo product", () => {
    expect(STARTER_PRODUCTS).toHaveLength(10);
    const demoNames = new Set(SEED_PRODUCTS.map((product) => product.name));
    for (const starter of STARTER_PRODUCTS) {
      expect(Object.keys(starter).sort()).toEqual(
        ["ativo", "categoria", "cores", "desconto", "descricao", "destaque", "estoque", "genero", "imagens", "loja", "marca", "material", "nome", "preco", "precoOriginal", "subcategoria", "tamanhos", "vendas", "visualizacoes"].sort(),
      );
      expect(demoNames.has(starter.nome)).toBe(false);
      expect(CATEGORIES).toContain(starter.categoria);
      expect(storeOptionFromText(starter.loja)).not.toBeNull();
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
    expect(bola).toMatchObject({ priceCents: 179_90, oldPriceCents: 199_90, brand: "Mikasa", stock: 8, featured: true, active: true, category: "Sports" });
    const toalha = rows.find((row) => row.name === "Toalha de Mesa Retangular 6 Lugares")!;
    expect(toalha).toMatchObject({ priceCents: null, oldPriceCents: null });
    for (const row of rows) {
      expect(row.images).toHaveLength(1);
      expect(await t.db.select().from(media).where(eq(media.key, row.images[0]!))).toHaveLength(1);
    }
    expect((await getProduct(t.db, bola.id))?.storeLocationName).toBe("Erick Sports");

    // The page's no-JavaScript path runs all ten at once: all already there.
    const again = await call(importAction, requestAs(admin, "/admin/importar", { form: new URLSearchParams({ intent: "starters" }) }));
    const second = again.data.starters as StarterResult[];
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
  const header = "id;nome;categoria;loja;preco;preco_antigo;estoque;tamanhos;cores;destaque;ativo;descricao";

  async function upload(text: string | Uint8Array<ArrayBuffer>, name = "produtos.csv") {
    const form = new FormData();
    form.set("intent", "csv");
    form.set("file", new File([text], name, { type: "text/csv" }));
    return call(importAction, requestAs(admin, "/admin/importar", { form }));
  }

  it("an exported file imports back unchanged", async () => {
    const exported = await productsCsv(t.db);
    const before = await t.db.select().from(products).orderBy(products.id);
    const outcome = await upload(exported);
    expect(outcome.data.csv).toEqual({ ok: true, created: 0, updated: before.length });
    const after = await t.db.select().from(products).orderBy(products.id);
    const comparable = (rows: typeof before) => rows.map(({ updatedAt: _updatedAt, ...row }) => row);
    expect(comparable(after)).toEqual(comparable(before));
  });

  it("creates rows without id and updates rows with one, in one go", async () => {
    const [target] = await t.db.select().from(products).where(eq(products.name, "Chinelo Slide Masculino"));
    const file = [
      "\uFEFFid;nome;preco;estoque;categoria;loja;descricao;tamanhos;cores;destaque",
      `${target!.id};Chinelo Slide Masculino Confort;44,90;33;Masculino;Erick Calçados - Sirinhaém;${target!.description};39|40;Preto;sim`,
      ";Meia Esportiva Kit 3 Pares;29,90;50;esportivo;erick sports;Kit com 3 pares de meias cano curto.;;Branco|Preto;não",
      ";Vaso Decorativo de Cerâmica;;4;Magazine;Erick Magazine e Kids;Vaso de cerâmica pintado à mão.;;;",
    ].join("\r\n");
    const outcome = await upload(file);
    expect(outcome.data.csv).toEqual({ ok: true, created: 2, updated: 1 });
    const [updated] = await t.db.select().from(products).where(eq(products.id, target!.id));
    expect(updated).toMatchObject({
      name: "Chinelo Slide Masculino Confort",
      priceCents: 44_90,
      stock: 33,
      sizes: ["39", "40"],
      featured: true,
      // Columns the file leaves out keep their values.
      brand: "Rider",
      active: true,
      searchText: expect.stringMatching(/^chinelo slide masculino confort .* chinelo slide com tira larga acolchoada e solado anatomico\. ideal para o dia a dia e para a praia\.$/),
    });
    const [meia] = await t.db.select().from(products).where(eq(products.name, "Meia Esportiva Kit 3 Pares"));
    expect(meia).toMatchObject({ category: "Esportivo", priceCents: 29_90, colors: ["Branco", "Preto"], active: true, featured: false, images: [] });
    const [vaso] = await t.db.select().from(products).where(eq(products.name, "Vaso Decorativo de Cerâmica"));
    expect(vaso).toMatchObject({ priceCents: null, category: "Magazine" });
  });

  it("a file with broken rows: every bad row by its line, and nothing saved", async () => {
    const before = await t.db.select().from(products).orderBy(products.id);
    const [target] = before;
    const file = toCsv(header.split(";"), [
      [null, "Produto Bom Que Não Deve Entrar", "Feminino", "Erick Calçados - Barreiros", "10,00", "", "1", "", "", "não", "sim", "Descrição boa"],
      [target!.id, "Nome Novo Que Não Deve Entrar", target!.category, "Erick Sports", "99,90", "", "5", "", "", "não", "sim", "Com\nduas linhas"],
      [null, "Preço Errado", "Feminino", "Erick Calçados - Barreiros", "12,9O", "", "1", "", "", "não", "sim", "x"],
      [null, "Estoque Negativo", "Feminino", "Erick Calçados - Barreiros", "10,00", "", "-3", "", "", "não", "sim", "x"],
      [null, "", "Calçados", "Loja Inventada", "10,00", "", "1", "", "", "talvez", "sim", ""],
      [999_999, "Id Que Não Existe", "Feminino", "Erick Sports", "10,00", "", "1", "", "", "não", "sim", "x"],
      [target!.id, "Id Repetido", "Feminino", "Erick Sports", "10,00", "", "1", "", "", "não", "sim", "x"],
    ]);
    const outcome = await upload(file);
    expect(outcome.status).toBe(400);
    const result = outcome.data.csv as CsvImportResult;
    expect(result.ok).toBe(false);
    if (result.ok) return;
    // Line 3's description spans two lines, so the next rows start one line later.
    expect(result.errors).toEqual([
      { line: 5, message: "preco: Informe um preço válido." },
      { line: 6, message: "estoque: O estoque não pode ser negativo." },
      {
        line: 7,
        message: expect.stringMatching(/^loja: “Loja Inventada” não é uma das lojas .*; destaque: use “sim” ou “não”; nome: Nome é obrigatório; descricao: Descrição é obrigatória; categoria: Selecione uma categoria\.$/),
      },
      { line: 8, message: "id: não existe produto com id 999999." },
      { line: 9, message: `id: o produto ${target!.id} já aparece na linha 3.` },
    ]);
    expect(await t.db.select().from(products).orderBy(products.id)).toEqual(before);
  });

  it("header problems, wrong column counts, an empty file and a binary file", async () => {
    const headerErrors = (await importProductsCsv(t.db, "nome;preço;categoria;cor\nX;1;Feminino;Azul", TEST_ACTOR)) as Extract<CsvImportResult, { ok: false }>;
    expect(headerErrors.errors).toEqual([{ line: 1, message: "Cabeçalho: coluna desconhecida “cor”; falta a coluna “loja”; falta a coluna “estoque”." }]);
    const short = (await importProductsCsv(t.db, `${header}\n;Só o nome`, TEST_ACTOR)) as Extract<CsvImportResult, { ok: false }>;
    expect(short.errors).toEqual([{ line: 2, message: "esperadas 12 colunas, encontradas 2." }]);
    expect(((await importProductsCsv(t.db, `${header}\n`, TEST_ACTOR)) as Extract<CsvImportResult, { ok: false }>).errors[0]!.message).toMatch(/não tem produtos/);
    expect((await upload(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 1, 2]), "foto.csv")).data.csvError).toBe(
      "Este arquivo não é um CSV (texto). Exporte a planilha como CSV.",
    );
  });

  it("reads a file Excel saved as Windows-1252 (accents intact)", async () => {
    const text = `nome;categoria;loja;preco;estoque;descricao\r\nCaneca Café Nordestino;Variedades;Erick Variedades - Barreiros;24,90;10;Caneca de porcelana com estampa de xilogravura.\r\n`;
    const bytes = Uint8Array.from([...text].map((char) => char.charCodeAt(0)));
    const outcome = await upload(bytes);
    expect(outcome.data.csv).toEqual({ ok: true, created: 1, updated: 0 });
    const [row] = await t.db.select().from(products).where(eq(products.name, "Caneca Café Nordestino"));
    expect(row?.priceCents).toBe(24_90);
  });

  it("the export lists what the import created", async () => {
    const rows = parseCsv(await productsCsv(t.db));
    expect(rows.some((row) => row.cells[1] === "Caneca Café Nordestino")).toBe(true);
  });
});
