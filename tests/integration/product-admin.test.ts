// /admin/produtos and the product form on the server: the routes' loaders and actions with real admin
// and customer sessions, multipart uploads through the media pipeline, the refusals that must leave
// nothing behind, delete with orders kept intact, and the CSV export.
import fs from "node:fs/promises";
import { and, asc, count, desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, media, orderItems, orders, products, productVariants, storeLocations } from "#database/schema";
import { readCsv as parseCsv } from "~/server/files/csv.server";
import { PRODUCT_MESSAGES } from "~/lib/catalog/product.schema";
import { stockFieldName } from "~/lib/catalog/product-form-fields";
import { parseProductFilters } from "~/lib/catalog/product-filters";
import { action as formAction, loader as formLoader } from "~/routes/admin/product-form";
import { loader as csvLoader } from "~/routes/admin/products-csv";
import { action as settingsAction, loader as settingsLoader } from "~/routes/admin/settings";
import { importProductsCsv } from "~/server/catalog/product-csv.server";
import type { SettingsPage } from "~/server/group/settings-admin.server";
import { action as listAction, loader as listLoader } from "~/routes/admin/products";
import { getProduct, listProducts } from "~/server/catalog/products.server";
import type { LoadContext } from "~/server/load-context.server";
import { openAdminTest, requestAs, TEST_ACTOR, TEST_ORIGIN, type SignedInUser } from "../setup/admin-session";
import { insertOrder } from "../setup/order-fixtures";
import { settingsForm } from "../setup/settings-fixtures";
import type { TestDatabase } from "../setup/test-database";

let t: TestDatabase;
let context: LoadContext;
let admin: SignedInUser;
let customer: SignedInUser;
let close: () => Promise<void>;

beforeAll(async () => ({ t, context, admin, customer, close } = await openAdminTest()));
afterAll(() => close?.());

type Outcome = { status: number; location: string | null; data: Record<string, unknown>; response: Response | null };

/** Calls a loader or action as React Router does, thrown responses and data() included. */
async function call(handler: unknown, request: Request, params: Record<string, string> = {}): Promise<Outcome> {
  let result: unknown;
  try {
    result = await (handler as (args: { request: Request; context: LoadContext; params: object }) => unknown)({ request, context, params });
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

const png = (color: string, size = 64) =>
  sharp({ create: { width: size, height: size, channels: 3, background: color } })
    .png()
    .toBuffer();

function productForm(fields: Record<string, string | string[]> = {}, files: { name: string; bytes: Buffer; type?: string }[] = []): FormData {
  const form = new FormData();
  const base: Record<string, string | string[]> = {
    name: "Sapatilha Bailarina Teste",
    description: "Sapatilha com laço e palmilha macia.",
    price: "79,90",
    oldPrice: "",
    category: "Feminino",
    store: "barreiros-calcados",
    subcategory: "Sapatilhas",
    brand: "Moleca",
    [stockFieldName("35", "Preto")]: "5",
    [stockFieldName("36", "Preto")]: "7",
    sizes: ["35", "36"],
    colors: ["Preto"],
    active: "on",
    imagesSent: "1",
  };
  for (const [name, value] of Object.entries({ ...base, ...fields })) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  }
  for (const file of files) form.append("newImages", new File([new Uint8Array(file.bytes)], file.name, { type: file.type ?? "image/png" }));
  return form;
}

const post = (user: SignedInUser | null, path: string, form: FormData) => requestAs(user, path, { form });

async function productCount() {
  const [row] = await t.db.select({ n: count() }).from(products);
  return row!.n;
}
async function mediaCount() {
  const [row] = await t.db.select({ n: count() }).from(media);
  return row!.n;
}
const mediaFiles = async () => (await fs.readdir(t.mediaDir)).length;

async function snapshot() {
  return { products: await productCount(), media: await mediaCount(), files: await mediaFiles() };
}

async function createProduct(fields: Record<string, string | string[]> = {}, files?: { name: string; bytes: Buffer }[]) {
  const outcome = await call(formAction, post(admin, "/admin/produtos/novo", productForm(fields, files ?? [{ name: "capa.png", bytes: await png("#b91c1c") }])));
  expect(outcome, JSON.stringify(outcome.data)).toMatchObject({ status: 302, location: "/admin/produtos?aviso=cadastrado" });
  const [row] = await t.db.select().from(products).where(eq(products.name, (fields.name as string) ?? "Sapatilha Bailarina Teste"));
  return row!;
}

describe("access", () => {
  it("anonymous visitors go to /login, customers home (pages) or 403 (actions), and nothing changes", async () => {
    for (const [handler, path] of [
      [listLoader, "/admin/produtos"],
      [formLoader, "/admin/produtos/novo"],
      [csvLoader, "/admin/produtos/exportar.csv"],
    ] as const) {
      expect(await call(handler, requestAs(null, path))).toMatchObject({ status: 302, location: `/login?redirectTo=${encodeURIComponent(path)}` });
      expect(await call(handler, requestAs(customer, path))).toMatchObject({ status: 302, location: "/" });
    }
    const before = await snapshot();
    const [victim] = await t.db.select({ id: products.id }).from(products).limit(1);
    const deleteForm = new URLSearchParams({ intent: "delete", id: String(victim!.id) });
    expect((await call(listAction, requestAs(customer, "/admin/produtos", { form: deleteForm }))).status).toBe(403);
    expect((await call(formAction, post(customer, "/admin/produtos/novo", productForm({}, [{ name: "a.png", bytes: await png("#000") }])))).status).toBe(403);
    expect((await call(formAction, post(null, "/admin/produtos/novo", productForm()))).status).toBe(302);
    expect(await snapshot()).toEqual(before);
  });
});

describe("create", () => {
  it("saves the product with its images (cover first) and the storefront shows it, found without accents", async () => {
    const product = await createProduct({ name: "Sapatilha Bailarina Teste", price: "1.079,90", oldPrice: "1.199,90", featured: "on" }, [
      { name: "capa.png", bytes: await png("#b91c1c", 900) },
      { name: "lado.jpg", bytes: await sharp(await png("#1d4ed8")).jpeg().toBuffer() },
    ]);
    expect(product).toMatchObject({
      priceCents: 1_079_90,
      oldPriceCents: 1_199_90,
      stock: 12,
      sizes: ["35", "36"],
      colors: ["Preto"],
      featured: true,
      active: true,
      // The database writes it: name, categories, brand, gender, shop, description.
      searchText: expect.stringMatching(/^sapatilha bailarina teste .*erick calcados sapatilha com laco e palmilha macia\.$/),
    });
    expect(product.images).toHaveLength(2);
    const files = await fs.readdir(t.mediaDir);
    expect(files).toContain(`${product.images[0]}-640.webp`);
    expect(files).toContain(`${product.images[0]}-og.jpg`);

    const shown = await getProduct(t.db, product.id);
    expect(shown?.images.map((image) => image.key)).toEqual(product.images);
    expect(shown?.storeLocationName).toBe("Erick Calçados Barreiros");
    const found = await listProducts(t.db, parseProductFilters(new URLSearchParams("q=sapatilha bailarina laco")));
    expect(found.products.map((item) => item.id)).toContain(product.id);
  });

  it("saves the gender the feeds send, in the audit log as 'Gênero'; refuses one that is none of the four", async () => {
    const product = await createProduct({ name: "Tênis Com Gênero", gender: "Masculino" });
    expect(product.gender).toBe("Masculino");
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, "product.create"), eq(auditLog.entityId, String(product.id))));
    expect(entry!.after).toMatchObject({ gender: "Masculino" });
    const before = await snapshot();
    const refused = await call(formAction, post(admin, "/admin/produtos/novo", productForm({ name: "Tênis Sem Gênero Válido", gender: "Menino" })));
    expect(refused.status).toBe(400);
    expect(refused.data.errors).toMatchObject({ gender: PRODUCT_MESSAGES.genderInvalid });
    expect(await snapshot()).toEqual(before);
  });

  it("'Consultar preço' saves no price", async () => {
    const form = productForm({ name: "Produto Sob Consulta", consultPrice: "on", price: "" }, []);
    form.delete("price");
    const outcome = await call(formAction, post(admin, "/admin/produtos/novo", form));
    expect(outcome.status).toBe(302);
    const [row] = await t.db.select().from(products).where(eq(products.name, "Produto Sob Consulta"));
    expect(row).toMatchObject({ priceCents: null, oldPriceCents: null, images: [] });
  });

  it("bad fields: the spec's messages beside the fields, nothing saved", async () => {
    const before = await snapshot();
    const outcome = await call(
      formAction,
      post(admin, "/admin/produtos/novo", productForm({ name: " ", description: "", price: "12,9O", [stockFieldName("36", "Preto")]: "-1", category: "Sapatos" }, [{ name: "ok.png", bytes: await png("#000") }])),
    );
    expect(outcome.status).toBe(400);
    expect(outcome.data.errors).toEqual({
      form: expect.stringMatching(/^Erro ao salvar produto: /),
      name: "Nome é obrigatório",
      description: "Descrição é obrigatória",
      price: "Informe um preço válido",
      'stock.["36","Preto"]': "O estoque não pode ser negativo",
      category: "Selecione uma categoria",
    });
    expect((outcome.data.errors as Record<string, string>).form).toMatch(/^Erro ao salvar produto: /);
    expect(await snapshot()).toEqual(before);
  });

  it("a text file named foto.jpg is refused by its content: clear message, nothing stored", async () => {
    const before = await snapshot();
    const outcome = await call(
      formAction,
      post(
        admin,
        "/admin/produtos/novo",
        productForm({ name: "Produto Com Arquivo Falso" }, [
          { name: "boa.png", bytes: await png("#16a34a") },
          { name: "foto.jpg", bytes: Buffer.from("isto não é uma imagem, é um texto\n".repeat(20)), type: "image/jpeg" } as { name: string; bytes: Buffer },
        ]),
      ),
    );
    expect(outcome.status).toBe(400);
    expect((outcome.data.errors as Record<string, string>).form).toBe("Erro ao salvar produto: imagem “foto.jpg”: Arquivo de imagem inválido. Envie PNG, JPG ou WEBP.");
    expect((outcome.data.errors as Record<string, string>).images).toContain("foto.jpg");
    // The good image processed before the bad one was rolled back too, files included.
    expect(await snapshot()).toEqual(before);
  });

  it("a GIF (a real image, but not an accepted format) is refused", async () => {
    const before = await snapshot();
    const gif = await sharp(await png("#f59e0b")).gif().toBuffer();
    const outcome = await call(formAction, post(admin, "/admin/produtos/novo", productForm({}, [{ name: "anim.png", bytes: gif }])));
    expect(outcome.status).toBe(400);
    expect((outcome.data.errors as Record<string, string>).form).toContain("Formato não aceito. Envie PNG, JPG ou WEBP.");
    expect(await snapshot()).toEqual(before);
  });

  it("a 6 MB image is refused with a clear message, nothing stored", async () => {
    const before = await snapshot();
    const big = Buffer.concat([await png("#000"), Buffer.alloc(6 * 1024 * 1024, 1)]);
    const outcome = await call(formAction, post(admin, "/admin/produtos/novo", productForm({}, [{ name: "enorme.png", bytes: big }])));
    expect(outcome.status).toBe(400);
    expect((outcome.data.errors as Record<string, string>).form).toBe("Erro ao salvar produto: a imagem “enorme.png” tem mais de 5 MB.");
    expect(await snapshot()).toEqual(before);
  });

  it("more than 8 images are refused", async () => {
    const before = await snapshot();
    const image = await png("#0f766e");
    const files = Array.from({ length: 9 }, (_, index) => ({ name: `f${index}.png`, bytes: image }));
    const outcome = await call(formAction, post(admin, "/admin/produtos/novo", productForm({}, files)));
    expect(outcome.status).toBe(400);
    expect((outcome.data.errors as Record<string, string>).form).toBe("Erro ao salvar produto: envie no máximo 8 imagens por produto.");
    expect(await snapshot()).toEqual(before);
  });

  it("a request body over the limit is refused before it is read (declared or streamed)", async () => {
    const before = await snapshot();
    const declared = new Request(`${TEST_ORIGIN}/admin/produtos/novo`, {
      method: "POST",
      headers: { cookie: admin.cookie, origin: TEST_ORIGIN, "content-type": "multipart/form-data; boundary=x", "content-length": String(200 * 1024 * 1024) },
      body: "--x--",
    });
    const refused = await call(formAction, declared);
    expect(refused.status).toBe(413);
    expect((refused.data.errors as Record<string, string>).form).toMatch(/^Erro ao salvar produto: O envio passa do limite de 41 MB/);

    let sent = 0;
    const chunk = new Uint8Array(1024 * 1024);
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const streamed = new Request(`${TEST_ORIGIN}/admin/produtos/novo`, {
      method: "POST",
      headers: { cookie: admin.cookie, origin: TEST_ORIGIN, "content-type": "multipart/form-data; boundary=x" },
      body: endless,
      duplex: "half",
    } as RequestInit & { duplex: "half" });
    expect((await call(formAction, streamed)).status).toBe(413);
    expect(sent).toBeLessThan(50 * 1024 * 1024);
    expect(await snapshot()).toEqual(before);
  });
});

describe("edit", () => {
  it("loads the product for the form, or says 'Erro ao carregar produto' for an unknown id", async () => {
    const product = await createProduct({ name: "Produto Para Carregar" });
    const loaded = await call(formLoader, requestAs(admin, `/admin/produtos/editar/${product.id}`), { id: String(product.id) });
    expect(loaded.data.product).toMatchObject({ id: product.id, name: "Produto Para Carregar", store: "barreiros-calcados", priceCents: 79_90 });
    for (const id of ["999999", "abc"]) {
      const missing = await call(formLoader, requestAs(admin, `/admin/produtos/editar/${id}`), { id });
      expect(missing).toMatchObject({ status: 404, data: { product: null, loadError: PRODUCT_MESSAGES.loadFailed } });
    }
    const save = await call(formAction, post(admin, "/admin/produtos/editar/999999", productForm()), { id: "999999" });
    expect(save.status).toBe(404);
    expect((save.data.errors as Record<string, string>).form).toBe(`Erro ao salvar produto: ${PRODUCT_MESSAGES.loadFailed}`);
  });

  it("updates fields, search text and updated_at; reorders, removes and adds images (removed files deleted)", async () => {
    const product = await createProduct({ name: "Produto Para Editar" }, [
      { name: "a.png", bytes: await png("#dc2626") },
      { name: "b.png", bytes: await png("#2563eb") },
    ]);
    const [first, second] = product.images as [string, string];
    await new Promise((resolve) => setTimeout(resolve, 10));
    const form = productForm(
      { name: "Produto Editado Pé", price: "59,90", store: "sirinhaem-calcados", imageOrder: ["n:0", `k:${second}`], sizes: ["37"] },
      [{ name: "c.webp", bytes: await sharp(await png("#16a34a")).webp().toBuffer() }],
    );
    const outcome = await call(formAction, post(admin, `/admin/produtos/editar/${product.id}`, form), { id: String(product.id) });
    expect(outcome).toMatchObject({ status: 302, location: "/admin/produtos?aviso=atualizado" });

    const [row] = await t.db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ name: "Produto Editado Pé", priceCents: 59_90, stock: 0, sizes: ["37"], searchText: expect.stringMatching(/^produto editado pe .* sapatilha com laco e palmilha macia\.$/) });
    expect(row!.updatedAt.getTime()).toBeGreaterThan(product.updatedAt.getTime());
    expect(row!.images).toHaveLength(2);
    expect(row!.images[1]).toBe(second);
    expect(row!.images[0]).not.toBe(first);
    expect(await t.db.select().from(media).where(eq(media.key, first))).toEqual([]);
    expect((await fs.readdir(t.mediaDir)).some((file) => file.startsWith(first))).toBe(false);
    expect((await getProduct(t.db, product.id))?.storeLocationName).toBe("Erick Calçados Sirinhaém");
  });

  it("a form without the image list keeps the images; an inactive product leaves the storefront", async () => {
    const product = await createProduct({ name: "Produto Que Some" });
    const form = productForm({ name: "Produto Que Some" });
    form.delete("imagesSent");
    form.delete("active");
    const outcome = await call(formAction, post(admin, `/admin/produtos/editar/${product.id}`, form), { id: String(product.id) });
    expect(outcome.status).toBe(302);
    const [row] = await t.db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ active: false, images: product.images });
    expect(await getProduct(t.db, product.id)).toBeNull();
    // Still in the admin list, marked inactive.
    const list = await call(listLoader, requestAs(admin, "/admin/produtos?q=produto que some"));
    expect(list.data.products).toEqual([expect.objectContaining({ id: product.id, active: false })]);
  });
});

describe("list", () => {
  it("searches name and description without accents, filters by category, shop and stock, paginates", async () => {
    const list = async (query: string) => (await call(listLoader, requestAs(admin, `/admin/produtos?${query}`))).data as {
      products: { id: number; name: string; stock: number; shopName: string; category: string }[];
      total: number;
      pageCount: number;
    };
    expect((await list("q=sandalia")).products.map((product) => product.name)).toEqual(
      expect.arrayContaining(["Sandália Rasteira Trançada", "Sandália Infantil com Luzinha"]),
    );
    expect((await list("q=xyzzy")).total).toBe(0);
    // 'acende luzinhas' is only in the description.
    expect((await list("q=ACENDE luzinhas")).products.map((product) => product.name)).toEqual(["Sandália Infantil com Luzinha"]);
    const outOfStock = await list("estoque=sem");
    expect(outOfStock.products.length).toBeGreaterThan(0);
    expect(outOfStock.products.every((product) => product.stock === 0)).toBe(true);
    expect((await list("estoque=com")).products.every((product) => product.stock > 0)).toBe(true);
    const sports = await list("loja=sports&categoria=Sports");
    expect(sports.products.length).toBeGreaterThan(0);
    expect(sports.products.every((product) => product.shopName === "Erick Sports" && product.category === "Sports")).toBe(true);
    const all = await list("");
    expect(all.products).toHaveLength(20);
    expect(all.pageCount).toBe(Math.ceil(all.total / 20));
    expect((await list("pagina=2")).products.length).toBe(all.total - 20);
  });

  it("searches as the storefront does: accents and case ignored, '%' and '_' typed are literal", async () => {
    const calcado = await createProduct({ name: "Calçado Ortopédico 100% Couro", description: "Palmilha anatômica." });
    const names = async (q: string) => {
      const outcome = await call(listLoader, requestAs(admin, `/admin/produtos?${new URLSearchParams({ q })}`));
      return (outcome.data.products as { name: string }[]).map((product) => product.name);
    };
    expect(await names("calcado ORTOPEDICO")).toEqual([calcado.name]);
    // Word forms too: "anatômica" also finds the slide's "solado anatômico".
    expect(await names("ANATÔMICA")).toEqual([calcado.name, "Chinelo Slide Masculino"]);
    // As wildcards, '%' and '_' would match every product, 't_nis' 'tênis' and '100_couro' this one.
    expect(await names("%")).toEqual([calcado.name]);
    expect(await names("100%")).toEqual([calcado.name]);
    for (const q of ["_", "t_nis", "100_couro"]) expect(await names(q), q).toEqual([]);
  });
});

describe("delete", () => {
  it("removes the product and its images, keeps the orders that include it, and the storefront stops showing it", async () => {
    const product = await createProduct({ name: "Produto Vendido E Excluído" });
    const order = await insertOrder(t.db, {
      createdAt: new Date(),
      items: [{ productId: product.id, name: product.name, category: "Feminino", shopName: "Erick Calçados", unitPriceCents: 79_90, quantity: 2 }],
    });
    const form = new URLSearchParams({ intent: "delete", id: String(product.id) });
    const outcome = await call(listAction, requestAs(admin, "/admin/produtos?q=vendido&page=1", { form }));
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/admin/produtos?q=vendido&page=1&aviso=excluido");

    expect(await t.db.select().from(products).where(eq(products.id, product.id))).toEqual([]);
    expect(await getProduct(t.db, product.id)).toBeNull();
    expect(await t.db.select().from(media).where(eq(media.key, product.images[0]!))).toEqual([]);
    const [kept] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept?.totalCents).toBe(159_80);
    const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(items).toEqual([expect.objectContaining({ productId: null, name: "Produto Vendido E Excluído", unitPriceCents: 79_90, quantity: 2 })]);
  });

  it("an unknown product: 'Erro ao excluir produto. Tente novamente.'", async () => {
    const outcome = await call(listAction, requestAs(admin, "/admin/produtos", { form: new URLSearchParams({ intent: "delete", id: "999999" }) }));
    expect(outcome).toMatchObject({ status: 404, data: { ok: false, errors: { form: PRODUCT_MESSAGES.deleteFailed } } });
  });
});

describe("stock per size and colour", () => {
  const grid = { sizes: ["38", "39"], colors: ["Preto", "Azul"] };
  const cells = (stock: Record<string, string>) => Object.fromEntries(Object.entries(stock).map(([key, units]) => [stockFieldName(...(key.split("/") as [string, string])), units]));
  const variantsOf = (id: number) =>
    t.db
      .select({ id: productVariants.id, size: productVariants.size, color: productVariants.color, stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.productId, id))
      .orderBy(asc(productVariants.size), asc(productVariants.color));
  const totalOf = async (id: number) => (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;
  const edit = async (id: number, fields: Record<string, string | string[]>) => {
    const outcome = await call(formAction, post(admin, `/admin/produtos/editar/${id}`, productForm({ name: "Tênis Grade", ...fields })), { id: String(id) });
    expect(outcome, JSON.stringify(outcome.data)).toMatchObject({ status: 302 });
  };

  it("saves a variant per size × colour, products.stock is their sum; a removed size takes its variants along", async () => {
    const product = await createProduct({ name: "Tênis Grade", ...grid, ...cells({ "38/Preto": "2", "38/Azul": "0", "39/Preto": "5", "39/Azul": "1" }) });
    expect(await variantsOf(product.id)).toEqual([
      { id: expect.any(Number), size: "38", color: "Azul", stock: 0 },
      { id: expect.any(Number), size: "38", color: "Preto", stock: 2 },
      { id: expect.any(Number), size: "39", color: "Azul", stock: 1 },
      { id: expect.any(Number), size: "39", color: "Preto", stock: 5 },
    ]);
    expect(await totalOf(product.id)).toBe(8);
    const before = await variantsOf(product.id);

    // The edit form shows the grid in order: a row per size, a column per colour.
    const form = await call(formLoader, requestAs(admin, `/admin/produtos/editar/${product.id}`), { id: String(product.id) });
    const edited = form.data.product as { variants: unknown[]; stockNeedsReview: boolean };
    expect(edited.variants).toEqual([
      { size: "38", color: "Preto", stock: 2, sku: "", ean: "" },
      { size: "38", color: "Azul", stock: 0, sku: "", ean: "" },
      { size: "39", color: "Preto", stock: 5, sku: "", ean: "" },
      { size: "39", color: "Azul", stock: 1, sku: "", ean: "" },
    ]);
    expect(edited.stockNeedsReview).toBe(false);

    // 39 removed (its cells still sent, as a browser without JavaScript would), 40 added with no cell.
    await edit(product.id, { sizes: ["38", "40"], colors: grid.colors, ...cells({ "38/Preto": "4", "38/Azul": "3", "39/Preto": "5", "39/Azul": "1" }) });
    const after = await variantsOf(product.id);
    expect(after.map(({ size, color, stock }) => `${size}/${color}:${stock}`)).toEqual(["38/Azul:3", "38/Preto:4", "40/Azul:0", "40/Preto:0"]);
    // The 38s are the same rows (order lines point at them).
    expect(after.slice(0, 2).map((variant) => variant.id)).toEqual(before.slice(0, 2).map((variant) => variant.id));
    expect(await totalOf(product.id)).toBe(7);
  });

  it("the audit log shows the stock per size and colour", async () => {
    const [product] = await t.db.select().from(products).where(eq(products.name, "Tênis Grade"));
    await edit(product!.id, { sizes: ["38", "40"], colors: grid.colors, ...cells({ "38/Preto": "4", "38/Azul": "1", "40/Preto": "6" }) });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "product.update"), eq(auditLog.entityId, String(product!.id))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      before: { stock: { "Tam. 38 / Preto": 4, "Tam. 38 / Azul": 3, "Tam. 40 / Preto": 0, "Tam. 40 / Azul": 0 } },
      after: { stock: { "Tam. 38 / Preto": 4, "Tam. 38 / Azul": 1, "Tam. 40 / Preto": 6, "Tam. 40 / Azul": 0 } },
    });
  });

  it("a cell's error comes back under its size × colour, nothing saved", async () => {
    const [product] = await t.db.select().from(products).where(eq(products.name, "Tênis Grade"));
    const before = await variantsOf(product!.id);
    const outcome = await call(
      formAction,
      post(admin, `/admin/produtos/editar/${product!.id}`, productForm({ name: "Tênis Grade", ...grid, ...cells({ "38/Preto": "2,5", "39/Azul": "" }) })),
      { id: String(product!.id) },
    );
    expect(outcome.status).toBe(400);
    expect(outcome.data.errors).toEqual({
      form: expect.stringMatching(/^Erro ao salvar produto: /),
      'stock.["38","Preto"]': "O estoque deve ser um número inteiro",
      'stock.["39","Azul"]': "Informe o estoque",
    });
    // The typed values come back to the form as they were.
    expect((outcome.data.data as { stock: Record<string, string> }).stock).toMatchObject({ '["38","Preto"]': "2,5" });
    expect(await variantsOf(product!.id)).toEqual(before);
  });

  it("flags products to check and low sizes in the list and filters them; saving clears the flag", async () => {
    const [product] = await t.db.select().from(products).where(eq(products.name, "Tênis Grade"));
    const id = product!.id;
    await t.db.update(products).set({ stockNeedsReview: true }).where(eq(products.id, id));
    const list = async (query: string) =>
      ((await call(listLoader, requestAs(admin, `/admin/produtos?${query}`))).data as { products: Record<string, unknown>[] }).products;
    // 38/Azul has 1, 40/Azul 0: two of its four variants at 0–3 (38/Preto has 4, 40/Preto 6).
    expect((await list("q=tenis grade")).find((row) => row.id === id)).toMatchObject({ stock: 11, sizeCount: 2, colorCount: 2, lowVariants: 2, stockNeedsReview: true });
    expect((await list("estoque=conferir")).map((row) => row.id)).toContain(id);
    const low = await list("estoque=baixo");
    expect(low.map((row) => row.id)).toContain(id);
    expect(low.every((row) => (row.lowVariants as number) > 0)).toBe(true);
    const review = await call(formLoader, requestAs(admin, `/admin/produtos/editar/${id}`), { id: String(id) });
    expect((review.data.product as { stockNeedsReview: boolean }).stockNeedsReview).toBe(true);

    await edit(id, { sizes: ["38", "40"], colors: grid.colors, ...cells({ "38/Preto": "4", "38/Azul": "4", "40/Preto": "6", "40/Azul": "5" }) });
    expect((await list("estoque=conferir")).map((row) => row.id)).not.toContain(id);
    expect((await list("estoque=baixo")).map((row) => row.id)).not.toContain(id);
    expect((await list("q=tenis grade")).find((row) => row.id === id)).toMatchObject({ stock: 19, lowVariants: 0, stockNeedsReview: false });
  });

  it("a plain product has one variant holding its stock", async () => {
    const product = await createProduct({ name: "Bolsa Sem Grade", sizes: [], colors: [], [stockFieldName("", "")]: "9" });
    expect(await variantsOf(product.id)).toEqual([{ id: expect.any(Number), size: "", color: "", stock: 9 }]);
    expect(product.stock).toBe(9);
  });
});

describe("CSV export", () => {
  it("is UTF-8 with BOM, ';'-separated, with the products' columns", async () => {
    const outcome = await call(csvLoader, requestAs(admin, "/admin/produtos/exportar.csv"));
    const response = outcome.response!;
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="produtos-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const [header, ...rows] = parseCsv(text);
    expect(header!.cells).toEqual([
      "id", "nome", "categoria", "subcategoria", "marca", "loja", "preco", "preco_antigo", "tamanho", "cor", "sku", "estoque_loja_principal", "destaque", "ativo", "descricao",
      // The stock as exported, for the import to see what moved since.
      "estoque_exportado",
      "genero",
      "peso_g",
      "altura_cm",
      "largura_cm",
      "comprimento_cm",
      // What a fiscal note needs (docs/fiscal.md).
      "ncm",
      "cfop_pe",
      "cfop_fora_pe",
      "origem",
      "csosn_cst",
      "cest",
      "ean",
      // Each store's units and its units as exported, in the order of the form's Loja options.
      ...(await t.pool.query<{ slug: string }>("select l.slug from store_locations l join shops s on s.id = l.shop_id order by s.position, s.id, l.position, l.id")).rows.flatMap(({ slug }) => [
        `estoque_${slug.replace(/-/g, "_")}`,
        `estoque_exportado_${slug.replace(/-/g, "_")}`,
      ]),
    ]);
    // A row per size × colour, the product's columns repeated on each.
    const [{ variants }] = (await t.db.select({ variants: count() }).from(productVariants)) as [{ variants: number }];
    expect(rows.length).toBe(variants);
    const sandal = rows.filter((row) => row.cells[1] === "Sandália Rasteira Trançada");
    expect(sandal.map((row) => `${row.cells[8]}/${row.cells[9]}`)).toEqual(
      ["34", "35", "36", "37", "38", "39"].flatMap((size) => ["Caramelo", "Preto", "Branco"].map((color) => `${size}/${color}`)),
    );
    for (const row of sandal) {
      expect([...row.cells.slice(2, 8), ...row.cells.slice(12, 15)]).toEqual([
        "Feminino",
        "Sandálias",
        "Moleca",
        "Erick Calçados Barreiros",
        "59,90",
        "79,90",
        "sim",
        "sim",
        "Rasteira feminina com tiras trançadas em couro sintético e palmilha macia. Confortável para o dia todo.",
      ]);
    }
    const [{ stock }] = (await t.db.select({ stock: products.stock }).from(products).where(eq(products.name, "Sandália Rasteira Trançada"))) as [{ stock: number }];
    expect(sandal.reduce((sum, row) => sum + Number(row.cells[11]), 0)).toBe(stock);
    for (const row of sandal) expect(row.cells[15]).toBe(row.cells[11]);
    for (const row of sandal) expect(row.cells[16]).toBe("Feminino");
    expect(rows.find((row) => row.cells[1] === "Bota Cano Curto Feminina")!.cells[6]).toBe("");
  });
});

describe("a store renamed in the settings", () => {
  const slug = "sirinhaem-variedades";
  const renamed = "Erick Variedades Centro de Sirinhaém";

  async function renameStore(name: string) {
    const page = (await call(settingsLoader, requestAs(admin, "/admin/configuracoes"))).data as SettingsPage;
    const [{ id }] = (await t.db.select({ id: storeLocations.id }).from(storeLocations).where(eq(storeLocations.slug, slug))) as [{ id: number }];
    const index = page.locations.findIndex((location) => location.id === id);
    const saved = await call(settingsAction, requestAs(admin, "/admin/configuracoes", { form: settingsForm(page, { [`locations.${index}.name`]: name }) }));
    expect(saved, JSON.stringify(saved.data)).toMatchObject({ status: 200, data: { ok: true } });
  }

  // Put back for any test that runs after these.
  afterAll(() => renameStore("Erick Variedades Sirinhaém"));

  it("shows its new name in the product form's 'Loja' options and in the CSV export; a file with that name imports", async () => {
    const product = await createProduct({ name: "Caneca da Loja Renomeada", category: "Variedades", store: slug });
    await renameStore(renamed);

    const form = await call(formLoader, requestAs(admin, `/admin/produtos/editar/${product.id}`), { id: String(product.id) });
    const stores = form.data.stores as { value: string; label: string }[];
    expect(stores.find((option) => option.value === slug)?.label).toBe(renamed);
    expect(stores.map((option) => option.label)).not.toContain("Erick Variedades Sirinhaém");
    expect(form.data.product).toMatchObject({ store: slug });
    const blank = await call(formLoader, requestAs(admin, "/admin/produtos/novo"));
    expect(blank.data.stores).toEqual(stores);

    const csv = await call(csvLoader, requestAs(admin, "/admin/produtos/exportar.csv"));
    const rows = parseCsv(new TextDecoder().decode(await csv.response!.arrayBuffer()));
    expect(rows.find((row) => row.cells[1] === "Caneca da Loja Renomeada")?.cells[5]).toBe(renamed);

    const file = `nome;categoria;loja;preco;estoque;descricao\r\nVaso da Loja Renomeada;Variedades;${renamed.toUpperCase()};34,90;3;Vaso de barro pintado à mão.\r\n`;
    expect(await importProductsCsv(t.db, file, TEST_ACTOR)).toEqual({ ok: true, created: 1, updated: 0, unchanged: 0 });
    const [imported] = await t.db
      .select({ location: storeLocations.slug })
      .from(products)
      .innerJoin(storeLocations, eq(storeLocations.id, products.storeLocationId))
      .where(eq(products.name, "Vaso da Loja Renomeada"));
    expect(imported?.location).toBe(slug);
  });
});

describe("the same name twice in one store (issue 51)", () => {
  it("saves it and the list warns, naming the product the store already had; another store's namesake does not count", async () => {
    const first = await createProduct({ name: "Chinelo Praia Repetido" });
    const second = await call(formAction, post(admin, "/admin/produtos/novo", productForm({ name: "chinelo práia repetido" }, [{ name: "capa.png", bytes: await png("#0f766e") }])));
    const [saved] = await t.db.select({ id: products.id }).from(products).where(eq(products.name, "chinelo práia repetido"));
    expect(second).toMatchObject({ status: 302, location: `/admin/produtos?aviso=cadastrado&mesmoNome=${saved!.id}` });
    const list = await call(listLoader, requestAs(admin, second.location!));
    expect(list.data.sameName).toEqual({ savedId: saved!.id, other: { id: first.id, name: "Chinelo Praia Repetido" } });

    const elsewhere = await call(
      formAction,
      post(admin, "/admin/produtos/novo", productForm({ name: "Chinelo Praia Repetido", store: "sirinhaem-calcados" }, [{ name: "capa.png", bytes: await png("#0f766e") }])),
    );
    expect(elsewhere).toMatchObject({ status: 302, location: "/admin/produtos?aviso=cadastrado" });
  });
});

