// A product whose name and description are markup (`<script>`, an `<img onerror>`, quotes) shows as
// text on every page that names it, storefront and admin, in the data React Router embeds in the
// page (structured data included), and in the WhatsApp text of an order: through the app's real
// Express + React Router handler, with a real order placed at /checkout.
import { desc, eq, gt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, products } from "#database/schema";
import type { LoadContext } from "~/server/load-context.server";
import { openAdminTest, type SignedInUser } from "../setup/admin-session";
import { startHttpApp, type HttpApp } from "../setup/http-app";
import { checkoutFormFields } from "../setup/order-fixtures";
import type { TestDatabase } from "../setup/test-database";

/** What an attacker would type as a product name; `pwned` marks where it lands. */
const HOSTILE_NAME = `Tênis <script>window.pwned=1</script><img src=x onerror="window.pwned=2"> & 'aspas'`;
/** The same, as HTML shows text: React escapes `<`, `>`, `&`, `"` and `'`. */
const AS_HTML_TEXT = /Tênis &lt;script&gt;window\.pwned=1&lt;\/script&gt;&lt;img src=x onerror=(?:&quot;|")window\.pwned=2(?:&quot;|")&gt; &amp; (?:&#x27;|')aspas(?:&#x27;|')/;
/** What must never reach a page: the markup itself, as markup. */
const AS_MARKUP = /<script>window\.pwned|<img src=x onerror/i;

let t: TestDatabase;
let context: LoadContext;
let http: HttpApp;
let admin: SignedInUser;
let close: () => Promise<void>;
let productId: number;
let orderToken: string;
let orderId: string;

beforeAll(async () => {
  ({ t, context, admin, close } = await openAdminTest());
  // The newest seeded product in stock (first on the home page and the list once featured), renamed.
  const [product] = await t.db.select().from(products).where(gt(products.stock, 2)).orderBy(desc(products.id)).limit(1);
  productId = product!.id;
  const description = `Descrição ${HOSTILE_NAME}`;
  await t.db
    .update(products)
    .set({ name: HOSTILE_NAME, description, featured: true, active: true })
    .where(eq(products.id, productId));
  http = await startHttpApp(context);

  // A real order of it, placed as the checkout page does.
  const form = new URLSearchParams(checkoutFormFields());
  form.set("idempotencyKey", `markup-${Date.now()}-abcdef`);
  form.set("lines", JSON.stringify([{ productId, size: product!.sizes[0] ?? null, color: product!.colors[0] ?? null, quantity: 1 }]));
  const placed = await fetch(`${http.origin}/checkout`, {
    method: "POST",
    headers: { origin: http.origin, "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" },
    body: form,
    redirect: "manual",
  });
  const location = placed.headers.get("location") ?? "";
  expect(placed.status, await placed.text()).toBe(302);
  orderToken = location.match(/^\/pedido\/([^?]+)/)![1]!;
  const [order] = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.publicToken, orderToken));
  orderId = order!.id;
}, 120_000);

afterAll(async () => {
  await http?.close();
  await close?.();
});

async function page(url: string, cookie?: string) {
  const response = await fetch(`${http.origin}${url}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  return { status: response.status, html: await response.text() };
}

const ENTITIES: Record<string, string> = { amp: "&", quot: '"', lt: "<", gt: ">", apos: "'" };

/** An HTML attribute's value as the browser reads it. */
function attributeValue(raw: string): string {
  return raw.replace(/&(?:#x([0-9a-f]+)|#(\d+)|(\w+));/gi, (entity, hex: string, decimal: string, name: string) =>
    hex ? String.fromCodePoint(parseInt(hex, 16)) : decimal ? String.fromCodePoint(Number(decimal)) : (ENTITIES[name] ?? entity),
  );
}

/** Every wa.me link's text on a page, decoded as WhatsApp receives it. */
function whatsappTexts(html: string): string[] {
  return [...html.matchAll(/href="(https:\/\/wa\.me\/[^"]*)"/g)].map((match) => new URL(attributeValue(match[1]!)).searchParams.get("text") ?? "");
}

describe("markup in a product name renders as text", () => {
  it.each([
    ["home", () => "/"],
    ["product list", () => "/produtos"],
    ["search", () => `/produtos?q=${encodeURIComponent("pwned")}`],
    ["product page", () => `/produto/${productId}`],
    ["order page", () => `/pedido/${orderToken}`],
  ])("storefront: %s", async (_label, url) => {
    const { status, html } = await page(url());
    expect(status).toBe(200);
    expect(html).not.toMatch(AS_MARKUP);
    expect(html).toMatch(AS_HTML_TEXT);
  });

  it.each([
    ["products", () => `/admin/produtos?q=pwned`],
    ["product form", () => `/admin/produtos/editar/${productId}`],
    ["order", () => `/admin/pedidos/${orderId}`],
  ])("admin: %s", async (_label, url) => {
    const { status, html } = await page(url(), admin.cookie);
    expect(status).toBe(200);
    expect(html).not.toMatch(AS_MARKUP);
    expect(html).toMatch(AS_HTML_TEXT);
  });

  it("the product page's structured data keeps the name, with no way out of its script element", async () => {
    const { html } = await page(`/produto/${productId}`);
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!));
    expect(JSON.stringify(blocks)).toContain(JSON.stringify(HOSTILE_NAME).slice(1, -1));
  });

  it("the order's WhatsApp text carries the name as plain text, exactly as typed", async () => {
    const { html } = await page(`/pedido/${orderToken}`);
    const texts = whatsappTexts(html).filter((text) => text.includes("pwned"));
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) {
      expect(text).toContain(HOSTILE_NAME);
      // Not escaped for HTML on the way (WhatsApp would show "&lt;script&gt;").
      expect(text).not.toContain("&lt;");
    }
    // The stored order item has it as typed, too.
    const { rows } = await t.pool.query<{ name: string }>("select name from order_items where order_id = $1", [orderId]);
    expect(rows.map((row) => row.name)).toEqual([HOSTILE_NAME]);
  });
});
