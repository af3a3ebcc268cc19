// Issue 52, the fiscal data a note needs, through the real HTTP app and PostgreSQL: each store's CNPJ,
// IE, regime, series and CSC are the Dono's alone (a Gerente's or Vendedor's page, HTML and .data,
// never carries them, and their posts change nothing), validated in pt-BR and audited without the CSC
// token in clear; a product's NCM, CFOPs, origem, CSOSN/CST, CEST and each variant's EAN in the
// product form, validated, an EAN unique across the catalogue; a category's NCM default for a product
// without one (fiscalDataOf, what the notes are built from); the dashboard naming a product a note
// could not be issued for; the counter's barcode reader finding a variant by its EAN.
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, categoryFiscalDefaults, products, productVariants, storeLocations } from "#database/schema";
import { productToFormInput, type ProductFormInput } from "~/lib/catalog/product.schema";
import { EAN_FIELD_PREFIX, EAN_GRID_FIELD, STORE_STOCK_FIELD_PREFIX, STORE_STOCK_GRID_FIELD, STORE_STOCK_READ_FIELD_PREFIX } from "~/lib/catalog/product-form-fields";
import { variantKey } from "~/lib/catalog/variants";
import { CATEGORY_NCM_FIELD_PREFIX } from "~/lib/fiscal/product-fiscal.schema";
import { getProductForEdit } from "~/server/catalog/admin-product-list.server";
import { listStoreOptions } from "~/server/catalog/product-writes.server";
import { fiscalDataOf, productsMissingFiscalData } from "~/server/fiscal/product-fiscal.server";
import { readCsv, toCsv } from "~/server/files/csv.server";
import { createTestContext, signedInUser, type SignedInUser } from "../setup/admin-session";
import { startHttpApp, type HttpApp } from "../setup/http-app";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestContext>>;
let http: HttpApp;
let dono: SignedInUser;
let gerente: SignedInUser;
let vendedor: SignedInUser;
let storeId: number;

const CNPJ = "11222333000181";
const CSC_TOKEN = "A1B2C3D4E5F6G7H8I9J0K1L2M3N4O5P6";

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestContext(t);
  http = await startHttpApp(app.context);
  const [store] = await t.db.select({ id: storeLocations.id }).from(storeLocations).orderBy(storeLocations.position, storeLocations.id).limit(1);
  storeId = store!.id;
  dono = await signedInUser(app.context, "admin");
  gerente = await signedInUser(app.context, "admin", { staffRole: "gerente" });
  vendedor = await signedInUser(app.context, "admin", { staffRole: "vendedor", storeId });
}, 120_000);

afterAll(async () => {
  await http?.close();
  await app?.close();
  await t?.close();
});

async function get(path: string, user: SignedInUser) {
  const response = await fetch(`${http.origin}${path}`, { headers: { cookie: user.cookie }, redirect: "manual" });
  return { status: response.status, body: (await response.text()).replaceAll("<!-- -->", "") };
}

async function post(path: string, user: SignedInUser, fields: Record<string, string>) {
  const response = await fetch(`${http.origin}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: user.cookie, origin: http.origin, "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  return { status: response.status, body: (await response.text()).replace(/\\+"/g, '"') };
}

async function storeRow() {
  const [row] = await t.db.select().from(storeLocations).where(eq(storeLocations.id, storeId));
  return row!;
}

const fiscalForm = (fields: Record<string, string> = {}) => ({
  intent: "store-fiscal",
  storeId: String(storeId),
  cnpj: "11.222.333/0001-81",
  stateRegistration: "0321418-40",
  taxRegime: "simples",
  nfceSeries: "1",
  nfeSeries: "2",
  cscId: "000001",
  cscToken: CSC_TOKEN,
  ...fields,
});

describe("a store's fiscal identity", () => {
  it("the Dono saves it: CNPJ shown formatted, the CSC token never shown back nor written into the audit log", async () => {
    const saved = await post("/admin/configuracoes", dono, fiscalForm());
    expect(saved.status).toBe(200);
    expect(saved.body).toContain("Dados fiscais salvos.");
    expect(await storeRow()).toMatchObject({ cnpj: CNPJ, stateRegistration: "032141840", taxRegime: "simples", nfceSeries: 1, nfeSeries: 2, cscId: "000001", cscToken: CSC_TOKEN });

    const page = await get("/admin/configuracoes", dono);
    expect(page.status).toBe(200);
    expect(page.body).toContain("Dados fiscais das lojas");
    expect(page.body).toContain("11.222.333/0001-81");
    expect(page.body).toContain("••••O5P6");
    expect(page.body).not.toContain(CSC_TOKEN);
    const data = await get("/admin/configuracoes.data", dono);
    expect(data.body).toContain("11.222.333/0001-81");
    expect(data.body).not.toContain(CSC_TOKEN);

    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, "store_location.fiscal"));
    expect(entries).toHaveLength(1);
    expect(JSON.stringify(entries[0])).not.toContain(CSC_TOKEN);
    expect(entries[0]!.after).toMatchObject({ cnpj: CNPJ, cscToken: "trocado" });
    const log = await get("/admin/auditoria", dono);
    expect(log.body).toContain("Alterou os dados fiscais da loja");
    expect(log.body).toContain("Inscrição Estadual");
    expect(log.body).toContain("Token do CSC");

    // An empty token field keeps the stored token.
    expect((await post("/admin/configuracoes", dono, fiscalForm({ cscToken: "", nfceSeries: "3" }))).status).toBe(200);
    expect(await storeRow()).toMatchObject({ nfceSeries: 3, cscToken: CSC_TOKEN });
  });

  it("bad values are refused in pt-BR and nothing is saved", async () => {
    const before = await storeRow();
    const refused = await post("/admin/configuracoes", dono, fiscalForm({ cnpj: "11.222.333/0001-82", nfceSeries: "abc", cscToken: "curto", nfeSeries: "9" }));
    expect(refused.status).toBe(400);
    expect(refused.body).toContain("CNPJ inválido: confira os 14 números (ex.: 12.345.678/0001-95)");
    expect(refused.body).toContain("Série: um número de 0 a 999");
    expect(refused.body).toContain("Token do CSC: letras e números, de 16 a 36");
    expect(await storeRow()).toEqual(before);
  });

  it("a Gerente and a Vendedor never see them and cannot post them", async () => {
    const before = await storeRow();
    for (const user of [gerente, vendedor]) {
      for (const path of ["/admin/configuracoes", "/admin/configuracoes.data"]) {
        const page = await get(path, user);
        // The Gerente opens the settings (without the fiscal data); the Vendedor opens no settings at all.
        expect(page.status).toBe(user === gerente ? 200 : 403);
        expect(page.body).not.toContain("11.222.333/0001-81");
        expect(page.body).not.toContain(CNPJ);
        expect(page.body).not.toContain("000001");
        expect(page.body).not.toContain("O5P6");
        expect(page.body).not.toContain("Dados fiscais das lojas");
      }
      const refused = await post("/admin/configuracoes", user, fiscalForm({ cnpj: "12.345.678/0001-95", cscToken: "ZZZZZZZZZZZZZZZZZZZZ" }));
      expect(refused.status).toBe(403);
      expect(await storeRow()).toEqual(before);
    }
    expect((await post("/admin/configuracoes", gerente, fiscalForm({ cnpj: "12.345.678/0001-95" }))).body).toContain(
      "Só o Dono pode ver e mudar os dados fiscais das lojas. Nada foi salvo.",
    );
  });
});

/** The edit form's values as its loader hands them, with the store grids' cells, as the editor sends them. */
async function productForm(productId: number, change: Partial<ProductFormInput> = {}): Promise<FormData> {
  const product = await getProductForEdit(t.db, productId, await listStoreOptions(t.db));
  const values = { ...productToFormInput(product!), ...change };
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) if (typeof value === "string") form.set(name, value);
  for (const size of values.sizes) form.append("sizes", size);
  for (const color of values.colors) form.append("colors", color);
  form.set(STORE_STOCK_GRID_FIELD, "1");
  for (const [key, units] of Object.entries(values.storeStock ?? {})) form.set(`${STORE_STOCK_FIELD_PREFIX}${key}`, units);
  for (const [key, units] of Object.entries(values.storeStockRead ?? {})) form.set(`${STORE_STOCK_READ_FIELD_PREFIX}${key}`, units);
  form.set(EAN_GRID_FIELD, "1");
  for (const [key, ean] of Object.entries(values.eans ?? {})) form.set(`${EAN_FIELD_PREFIX}${key}`, ean);
  return form;
}

async function saveProductForm(productId: number, form: FormData) {
  const response = await fetch(`${http.origin}/admin/produtos/editar/${productId}`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: dono.cookie, origin: http.origin, "sec-fetch-site": "same-origin" },
    body: form,
  });
  return { status: response.status, body: (await response.text()).replaceAll("<!-- -->", "") };
}

/** Two active products with sizes, and one variant of each. */
async function twoProducts() {
  const { rows } = await t.pool.query<{ product_id: number; name: string; variant_id: number; size: string; color: string }>(`
    select distinct on (p.id) p.id as product_id, p.name, v.id as variant_id, v.size, v.color
    from products p join product_variants v on v.product_id = p.id
    where p.active and p.price_cents is not null
    order by p.id, v.id`);
  return [rows[0]!, rows[1]!, rows[2]!];
}

const productRow = async (id: number) => (await t.db.select().from(products).where(eq(products.id, id)))[0]!;
const variantEans = async (productId: number) =>
  Object.fromEntries((await t.db.select({ size: productVariants.size, color: productVariants.color, ean: productVariants.ean }).from(productVariants).where(eq(productVariants.productId, productId))).map((v) => [variantKey(v.size, v.color), v.ean]));

const EAN = "7891234567895";
const OTHER_EAN = "7896543210982";

describe("a product's fiscal fields in the product form", () => {
  it("saves NCM (typed with dots), CFOPs, origem, CSOSN, CEST and a variant's EAN", async () => {
    const [first] = await twoProducts();
    const key = variantKey(first!.size, first!.color);
    const saved = await saveProductForm(
      first!.product_id,
      await productForm(first!.product_id, { ncm: "6403.99.90", cfopInState: "5102", cfopOutOfState: "6108", taxOrigin: "2", taxSituation: "500", cest: "2805700", eans: { [key]: EAN } }),
    );
    expect(saved.status).toBe(302);
    expect(await productRow(first!.product_id)).toMatchObject({ ncm: "64039990", cfopOutOfState: "6108", taxOrigin: "2", taxSituation: "500", cest: "2805700" });
    expect((await variantEans(first!.product_id))[key]).toBe(EAN);
    const page = await get(`/admin/produtos/editar/${first!.product_id}`, dono);
    expect(page.body).toContain("Dados fiscais");
    expect(page.body).toContain("6403.99.90");
    expect(page.body).toContain(EAN);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, String(first!.product_id))).orderBy(desc(auditLog.id)).limit(1);
    expect(entry!.after).toMatchObject({ ncm: "64039990", cfopOutOfState: "6108" });
  });

  it("refuses a bad NCM, CFOP or EAN with the pt-BR message, and changes nothing", async () => {
    const [, second] = await twoProducts();
    const before = await productRow(second!.product_id);
    const eansBefore = await variantEans(second!.product_id);
    const key = variantKey(second!.size, second!.color);
    const refused = await saveProductForm(
      second!.product_id,
      await productForm(second!.product_id, { ncm: "6403.99", cfopInState: "6102", eans: { [key]: "7891234567890" }, description: "Não deve gravar." }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toContain("NCM: 8 números (ex.: 6403.99.90), ou vazio para usar o da categoria");
    expect(refused.body).toContain("CFOP dentro de PE: 4 números começando com 5 (ex.: 5102)");
    expect(refused.body).toContain("EAN inválido: confira os números do código de barras");
    expect(await productRow(second!.product_id)).toEqual(before);
    expect(await variantEans(second!.product_id)).toEqual(eansBefore);
  });

  it("refuses an EAN another product has, naming that product; twenty saves racing for one EAN: one product has it", async () => {
    const [first, second] = await twoProducts();
    const key = variantKey(second!.size, second!.color);
    const before = await productRow(second!.product_id);
    const refused = await saveProductForm(second!.product_id, await productForm(second!.product_id, { eans: { [key]: EAN }, description: "Não deve gravar." }));
    expect(refused.status).toBe(400);
    expect(refused.body).toContain(`o EAN ${EAN} já é de ${first!.name} (código ${first!.product_id})`);
    expect(await productRow(second!.product_id)).toEqual(before);
    expect((await variantEans(second!.product_id))[key]).toBe("");

    // A new EAN wanted by two products at once, ten saves each: the unique index lets exactly one have it.
    const [, , third] = await twoProducts();
    const thirdKey = variantKey(third!.size, third!.color);
    const forms = await Promise.all(
      Array.from({ length: 10 }, async () => [
        [third!.product_id, await productForm(third!.product_id, { eans: { [thirdKey]: OTHER_EAN } })] as const,
        [second!.product_id, await productForm(second!.product_id, { eans: { [key]: OTHER_EAN } })] as const,
      ]),
    );
    const outcomes = await Promise.all(forms.flat().map(([id, form]) => saveProductForm(id, form)));
    expect(outcomes.map((outcome) => outcome.status).filter((status) => status !== 302 && status !== 400)).toEqual([]);
    const { rows } = await t.pool.query("select product_id from product_variants where ean = $1", [OTHER_EAN]);
    expect(rows).toHaveLength(1);
  });
});

describe("the category's NCM and what a note is built from", () => {
  it("a product with a blank NCM takes its category's, set once in the settings; a bad one is refused", async () => {
    const [, second] = await twoProducts();
    const product = await productRow(second!.product_id);
    expect(product.ncm).toBe("");
    const field = `${CATEGORY_NCM_FIELD_PREFIX}${product.category}`;
    const refused = await post("/admin/configuracoes", gerente, { intent: "category-ncm", [field]: "123" });
    expect(refused.status).toBe(400);
    expect(refused.body).toContain("NCM: 8 números (ex.: 6403.99.90), ou vazio");
    expect(await t.db.select().from(categoryFiscalDefaults)).toEqual([]);
    expect((await fiscalDataOf(t.db, [second!.product_id])).get(second!.product_id)).toMatchObject({ ncm: "", ncmSource: "none" });

    const saved = await post("/admin/configuracoes", gerente, { intent: "category-ncm", [field]: "6402.99.90" });
    expect(saved.status).toBe(200);
    const data = (await fiscalDataOf(t.db, [second!.product_id])).get(second!.product_id)!;
    expect(data).toMatchObject({ ncm: "64029990", ncmSource: "category", cfopInState: "5102", cfopOutOfState: "6102", taxOrigin: "0", taxSituation: "102", cest: "" });
    expect(data.variants.length).toBeGreaterThan(0);
    // The product's own NCM wins over its category's.
    const [first] = await twoProducts();
    const own = (await fiscalDataOf(t.db, [first!.product_id])).get(first!.product_id)!;
    expect(own).toMatchObject({ ncm: "64039990", ncmSource: "product" });
    expect(own.variants.find((variant) => variant.variantId === first!.variant_id)?.ean).toBe(EAN);
  });

  it("the dashboard names the products a note could not be issued for, counted, with a link to fix each", async () => {
    const [first] = await twoProducts();
    const page = await get("/admin", dono);
    expect(page.status).toBe(200);
    const { total } = await productsMissingFiscalData(t.db, 10);
    const withoutNcm = await t.pool.query<{ id: number; name: string }>(
      `select p.id, p.name from products p left join category_fiscal_defaults d on d.category = p.category where p.active and p.ncm = '' and d.ncm is null order by p.name, p.id limit 1`,
    );
    expect(total).toBeGreaterThan(0);
    expect(page.body).toContain("Dados fiscais:");
    expect(page.body).toContain(`href="/admin/produtos/editar/${withoutNcm.rows[0]!.id}"`);
    expect(page.body).toContain("sem NCM (nem o da categoria)");
    // A product with its own NCM is not named.
    expect((await productsMissingFiscalData(t.db, 1000)).products.map((product) => product.id)).not.toContain(first!.product_id);
  });
});

describe("the counter's barcode reader", () => {
  it("finds a variant by its EAN", async () => {
    const [first] = await twoProducts();
    const response = await fetch(`${http.origin}/admin/balcao/produtos?codigo=${EAN}`, { headers: { cookie: dono.cookie } });
    expect(response.status).toBe(200);
    const found = (await response.json()) as { variantId: number | null; products: { id: number }[] };
    expect(found.variantId).toBe(first!.variant_id);
    expect(found.products.map((product) => product.id)).toEqual([first!.product_id]);
  });
});

describe("the product CSV's fiscal columns", () => {
  async function exported() {
    const response = await fetch(`${http.origin}/admin/produtos/exportar.csv`, { headers: { cookie: dono.cookie } });
    expect(response.status).toBe(200);
    const [header, ...records] = readCsv((await response.text()).replace(/^\uFEFF/, ""));
    return { columns: header!.cells, records };
  }

  async function importFile(columns: string[], records: { cells: string[] }[]) {
    const form = new FormData();
    form.set("file", new File([toCsv(columns, records.map((record) => record.cells))], "produtos.csv", { type: "text/csv" }));
    const response = await fetch(`${http.origin}/admin/importar`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: dono.cookie, origin: http.origin, "sec-fetch-site": "same-origin" },
      body: form,
    });
    return { status: response.status, body: (await response.text()).replaceAll("<!-- -->", "").replace(/\\+"/g, '"') };
  }

  it("exports ncm, cfop_pe, cfop_fora_pe, origem, csosn_cst, cest and ean; an edited file imports them back; a bad EAN is refused by line", async () => {
    const [first, , third] = await twoProducts();
    const { columns, records } = await exported();
    const at = (name: string) => columns.indexOf(name);
    for (const name of ["ncm", "cfop_pe", "cfop_fora_pe", "origem", "csosn_cst", "cest", "ean"]) expect(at(name), name).toBeGreaterThan(0);
    const rowOf = (productId: number, variant: { size: string; color: string }) =>
      records.find((record) => record.cells[at("id")] === String(productId) && record.cells[at("tamanho")] === variant.size && record.cells[at("cor")] === variant.color)!;
    expect(rowOf(first!.product_id, first!).cells[at("ncm")]).toBe("64039990");
    expect(rowOf(first!.product_id, first!).cells[at("ean")]).toBe(EAN);

    // The third product: NCM and CEST on every one of its rows, an EAN on one.
    const thirdRows = records.filter((record) => record.cells[at("id")] === String(third!.product_id));
    for (const record of thirdRows) {
      record.cells[at("ncm")] = "6404.19.00";
      record.cells[at("cest")] = "2805800";
    }
    const THIRD_EAN = "7890000000017";
    rowOf(third!.product_id, third!).cells[at("ean")] = THIRD_EAN;
    const bad = structuredClone(records);
    bad.find((record) => record.cells[at("id")] === String(third!.product_id) && record.cells[at("tamanho")] === third!.size && record.cells[at("cor")] === third!.color)!.cells[at("ean")] =
      "7890000000018";
    const before = await productRow(third!.product_id);
    const refused = await importFile(columns, bad);
    expect(refused.status).toBe(400);
    expect(refused.body).toContain("ean: EAN inválido: confira os números do código de barras");
    expect(await productRow(third!.product_id)).toEqual(before);

    const imported = await importFile(columns, records);
    expect(imported.status).toBe(200);
    expect(await productRow(third!.product_id)).toMatchObject({ ncm: "64041900", cest: "2805800" });
    expect((await variantEans(third!.product_id))[variantKey(third!.size, third!.color)]).toBe(THIRD_EAN);
    // The rest is as it was: the first product keeps its own NCM and EAN.
    expect(await productRow(first!.product_id)).toMatchObject({ ncm: "64039990" });
    expect((await variantEans(first!.product_id))[variantKey(first!.size, first!.color)]).toBe(EAN);
    const again = await exported();
    expect(again.records.filter((record) => record.cells[at("id")] === String(third!.product_id)).every((record) => record.cells[at("ncm")] === "64041900")).toBe(true);
  });
});
