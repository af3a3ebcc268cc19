// The shop window's QR codes and printed cards on the server: a generated QR code read back by a real
// decoder (jsqr) opens the product's page on the public origin with ?utm_source=qr; the A6 card and
// the A4 sheet carry each product's own code, name and price.
import jsQR from "jsqr";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, isNotNull } from "drizzle-orm";
import { products } from "#database/schema";
import { formatBRL } from "~/lib/format/money";
import { loader as cardLoader } from "~/routes/admin/price-card";
import { loader as qrLoader } from "~/routes/admin/product-qr";
import { loader as sheetLoader } from "~/routes/admin/price-sheet";
import { productQrSvg } from "~/server/channels/print-cards.server";
import type { LoadContext } from "~/server/load-context.server";
import { openAdminTest, requestAs, type SignedInUser } from "../setup/admin-session";
import { run } from "../setup/signed-in";
import type { TestDatabase } from "../setup/test-database";

const PUBLIC_URL = "https://loja.exemplo.com.br";

let t: TestDatabase;
let context: LoadContext;
let admin: SignedInUser;
let close: () => Promise<void>;

beforeAll(async () => {
  const opened = await openAdminTest();
  ({ t, admin, close } = opened);
  context = { ...opened.context, config: { ...opened.context.config, publicUrl: PUBLIC_URL } };
});
afterAll(() => close?.());

/** What a phone's camera would read from the SVG: rasterised by sharp, decoded by jsqr. */
async function decode(svg: string): Promise<string | null> {
  const { data, info } = await sharp(Buffer.from(svg), { density: 300 }).resize(400, 400).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
}

const svgsIn = (html: string) => html.match(/<svg[\s\S]*?<\/svg>/g) ?? [];

describe("QR codes and printed cards", () => {
  it("makes a QR code that opens the product's page on the public origin, tagged utm_source=qr", async () => {
    const [product] = await t.db.select({ id: products.id, name: products.name }).from(products).limit(1);
    expect(await decode(productQrSvg(PUBLIC_URL, product!))).toBe(`${PUBLIC_URL}/produto/${product!.id}?utm_source=qr`);
    const download = await run<string>(qrLoader, requestAs(admin, `/admin/canais/qr/${product!.id}`), context, { id: String(product!.id) });
    expect(download.status).toBe(200);
    expect(await decode(download.data)).toBe(`${PUBLIC_URL}/produto/${product!.id}?utm_source=qr`);
  });

  it("prints an A6 card with the product's picture, name, price, sizes and its own QR code", async () => {
    const [product] = await t.db
      .select({ id: products.id, name: products.name, priceCents: products.priceCents })
      .from(products)
      .where(and(eq(products.active, true), isNotNull(products.priceCents)))
      .limit(1);
    const page = await run<string>(cardLoader, requestAs(admin, `/admin/canais/etiqueta/${product!.id}`), context, { id: String(product!.id) });
    expect(page.status).toBe(200);
    expect(page.data).toContain("size: A6");
    expect(page.data).toContain(product!.name.replace(/&/g, "&amp;").replace(/"/g, "&quot;"));
    expect(page.data.replace(/\u00a0/g, " ")).toContain(formatBRL(product!.priceCents!).replace(/\u00a0/g, " "));
    const codes = svgsIn(page.data);
    expect(codes).toHaveLength(1);
    expect(await decode(codes[0]!)).toBe(`${PUBLIC_URL}/produto/${product!.id}?utm_source=qr`);
  });

  it("prints several products on an A4 sheet, each with its own code, and refuses an empty list in Portuguese", async () => {
    const list = await t.db.select({ id: products.id }).from(products).where(eq(products.active, true)).limit(5);
    const ids = list.map((product) => product.id);
    const sheet = await run<string>(sheetLoader, requestAs(admin, `/admin/canais/cartazes?produtos=${ids.join(",")}`), context);
    expect(sheet.status).toBe(200);
    expect(sheet.data).toContain("size: A4");
    const decoded = await Promise.all(svgsIn(sheet.data).map(decode));
    expect(decoded).toEqual(ids.map((id) => `${PUBLIC_URL}/produto/${id}?utm_source=qr`));
    const empty = await run<string>(sheetLoader, requestAs(admin, "/admin/canais/cartazes?produtos=abc"), context);
    expect(empty.status).toBe(404);
    expect(empty.data).toMatch(/Nenhum produto encontrado/);
  });

  it("prints an inactive product's card too: the product list offers it (issue 51: it answered 404 'Nenhum produto encontrado')", async () => {
    const [hidden] = await t.db.insert(products).values({ name: "Sandália fora de linha", description: "", category: "Feminino", shopId: (await t.db.select({ shopId: products.shopId }).from(products).limit(1))[0]!.shopId, priceCents: 4_990, active: false }).returning();
    const card = await run<string>(cardLoader, requestAs(admin, `/admin/canais/etiqueta/${hidden!.id}`), context, { id: String(hidden!.id) });
    expect(card.status).toBe(200);
    expect(card.data).toContain("Sandália fora de linha");
    const sheet = await run<string>(sheetLoader, requestAs(admin, `/admin/canais/cartazes?produtos=${hidden!.id}&formato=a6`), context);
    expect(sheet.status).toBe(200);
    expect(await decode(svgsIn(sheet.data)[0]!)).toBe(`${PUBLIC_URL}/produto/${hidden!.id}?utm_source=qr`);
  });
});
