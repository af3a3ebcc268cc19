// What a new shopper stumbled on in issue 51, through the real app behind the real page cache on a
// real PostgreSQL: colour and size words in a search, the search's heading and empty result, a product
// that is not (or no longer) on sale, the delivery fees read from the bairros, and the home page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionCookieIn } from "~/server/auth/guards.server";
import { startPageCache } from "../../server/page-cache-start";
import { createTestContext } from "../setup/admin-session";
import { storefrontCachedPages } from "../setup/cached-pages";
import { startHttpApp, type HttpApp } from "../setup/http-app";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestContext>>;
let http: HttpApp;
let pageCache: ReturnType<typeof startPageCache>;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestContext(t);
  pageCache = startPageCache(t.db, {
    pages: await storefrontCachedPages(),
    listener: { initialRetryMs: 50, maxRetryMs: 200 },
    variantOf: (cookie) => (sessionCookieIn(cookie, app.context.auth) ? "session" : "no-session"),
  });
  http = await startHttpApp(app.context, { pageCache: pageCache.middleware });
  await until(() => pageCache.cache.isEnabled);
}, 120_000);

afterAll(async () => {
  await http?.close();
  await pageCache?.close();
  await app?.close();
  await t?.close();
});

async function until(condition: () => boolean | Promise<boolean>) {
  for (let attempt = 0; attempt < 400; attempt += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("condition not met");
}

/** The page's text as a shopper reads it: tags out, entities and no-break spaces as plain text. */
function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&")
    .replaceAll("\u00a0", " ")
    .replace(/\s+/g, " ");
}

async function get(path: string) {
  const response = await fetch(`${http.origin}${path}`, { redirect: "manual" });
  const body = await response.text();
  return { status: response.status, cache: response.headers.get("x-page-cache"), body, text: textOf(body) };
}

/** The names of the product cards on a page, in order. */
function cardNames(body: string): string[] {
  return [...body.matchAll(/data-testid="product-card"[\s\S]*?<h3[^>]*>[\s\S]*?<a[^>]*>([^<]+)<\/a>/g)].map((match) => match[1]!);
}

async function productId(name: string): Promise<number> {
  const { rows } = await t.pool.query<{ id: number }>("select id from products where name = $1", [name]);
  return rows[0]!.id;
}

describe("search by colour and size words", () => {
  it("finds a black Bolsa Transversal for 'bolsa preta', under 'Resultados para'", async () => {
    const page = await get(`/produtos?q=${encodeURIComponent("bolsa preta")}`);
    expect(page.status).toBe(200);
    expect(cardNames(page.body)).toEqual(["Bolsa Transversal Feminina"]);
    expect(page.text).toContain("Resultados para “bolsa preta”");
    expect(page.text).not.toContain("Todos os Produtos");
  });

  it("finds the tênis with a 41 on the shelf for 'tênis 41', and not one whose 41 is sold out", async () => {
    const before = cardNames((await get(`/produtos?q=${encodeURIComponent("tênis 41")}`)).body);
    expect(before).toEqual(expect.arrayContaining(["Tênis Casual Masculino em Couro", "Tênis de Corrida com Amortecimento"]));
    const running = await productId("Tênis de Corrida com Amortecimento");
    await t.pool.query("update variant_stock s set units = 0 from product_variants v where v.id = s.variant_id and v.product_id = $1 and v.size = '41'", [running]);
    const after = cardNames((await get(`/produtos?q=${encodeURIComponent("tênis 41")}&preco=over200`)).body);
    expect(after).not.toContain("Tênis de Corrida com Amortecimento");
  });

  it("an empty result offers WhatsApp with the search, and 'Limpar filtros' only when a filter is set", async () => {
    const searched = await get(`/produtos?q=${encodeURIComponent("guarda-chuva xadrez")}`);
    expect(searched.text).toContain("Nenhum produto encontrado");
    expect(searched.text).not.toContain("Limpar filtros");
    expect(searched.text).toContain("Não achou? Pergunte pelo WhatsApp");
    const messages = [...searched.body.matchAll(/href="https:\/\/wa\.me\/\d+\?text=([^"]+)"/g)].map((match) => decodeURIComponent(match[1]!));
    expect(messages).toContain("Olá! Procurei “guarda-chuva xadrez” no site e não encontrei. Vocês têm?");

    const filtered = await get(`/produtos?q=${encodeURIComponent("guarda-chuva")}&categoria=Feminino`);
    expect(filtered.body).toMatch(/href="\/produtos\?q=guarda-chuva"[^>]*>Limpar filtros/);
  });
});

describe("a product that is not on sale", () => {
  it("answers 404 with 'Produto indisponível' and other products for an id never given", async () => {
    const page = await get("/produto/9999");
    expect(page.status).toBe(404);
    expect(page.text).toContain("Produto indisponível");
    expect(cardNames(page.body).length).toBeGreaterThan(0);
    expect((await get("/produto/abc")).status).toBe(404);
  });

  it("answers 410 with products of its category for one taken off sale or deleted", async () => {
    const sandal = await productId("Sandália Rasteira Trançada");
    await t.pool.query("update products set active = false where id = $1", [sandal]);
    const inactive = await get(`/produto/${sandal}`);
    expect(inactive.status).toBe(410);
    expect(inactive.text).toContain("Produto indisponível");
    expect(inactive.text).toContain("Este produto não está mais à venda");
    const similar = cardNames(inactive.body);
    expect(similar.length).toBeGreaterThan(0);
    const { rows } = await t.pool.query<{ name: string }>("select name from products where category = 'Feminino' and active");
    expect(rows.map((row) => row.name)).toEqual(expect.arrayContaining(similar));

    // Deleted as the admin deletes (the audit log keeps its category).
    const scarpin = await productId("Scarpin Salto Médio Verniz");
    await t.pool.query(
      "insert into audit_log (actor_name, actor_email, action, entity_type, entity_id, entity_label, before) select 'Dono', 'dono@exemplo.com', 'product.delete', 'product', id::text, name, jsonb_build_object('category', category) from products where id = $1",
      [scarpin],
    );
    await t.pool.query("delete from products where id = $1", [scarpin]);
    const deleted = await get(`/produto/${scarpin}`);
    expect(deleted.status).toBe(410);
    expect(cardNames(deleted.body).length).toBeGreaterThan(0);
  });
});

describe("delivery fees from the bairros", () => {
  const FLAT_FEE = "Entrega em Barreiros, Sirinhaém, Rio Formoso e Tamandaré";

  it("says on the product page what /admin/entregas charges, and follows a change to the bairros", async () => {
    const path = `/produto/${await productId("Chinelo Slide Masculino")}`;
    const page = await get(path);
    expect(page.text).toContain("Entrega em Barreiros e Sirinhaém: de R$ 5,00 a R$ 15,00 conforme o bairro; grátis a partir de R$ 300,00 em alguns bairros");
    expect(page.text).not.toContain(FLAT_FEE);
    await until(async () => (await get(path)).cache === "hit");

    await t.pool.query("update delivery_zones set fee_cents = 600 where fee_cents = 500");
    await until(async () => (await get(path)).text.includes("de R$ 6,00 a R$ 15,00 conforme o bairro"));
  });

  it("gives the cart the lowest free-delivery amount, and no flat fee", async () => {
    const cart = await get("/carrinho");
    expect(cart.text).not.toContain(FLAT_FEE);
    expect(cart.body).toMatch(/freeFromCents\\",30000/);
  });
});

describe("the home page", () => {
  it("names the shop once in its title", async () => {
    const title = /<title>([^<]*)<\/title>/.exec((await get("/")).body)?.[1] ?? "";
    expect(title.split("Grupo Erick")).toHaveLength(2);
  });

  it("shows the newest products when none is featured, never 'Nenhum produto em destaque'", async () => {
    await t.pool.query("update products set featured = false");
    await until(async () => !(await get("/")).text.includes("Produtos em Destaque"));
    const home = await get("/");
    expect(home.text).not.toContain("Nenhum produto em destaque");
    expect(home.text).toContain("Novidades");
    expect(cardNames(home.body)).toHaveLength(4);
  });
});
