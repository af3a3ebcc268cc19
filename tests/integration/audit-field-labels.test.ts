// The audit log reads in Portuguese (issue 51, item 18): a delivery zone, a state's fee and a counter
// sale recorded their fields by code name (city, cutoff, feeCents, deliveryTime, neighborhood,
// freeAboveCents, items, totalCents) and a delivery's UF read "Situação" (a refund's `state`). The
// real /admin/auditoria page over HTTP, the entries written by the real saves and the real counter sale.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, products } from "#database/schema";
import { auditFieldLabel } from "~/lib/admin/audit-log";
import { saveDeliveryZone, saveFallbackRate } from "~/server/delivery/delivery-zones.server";
import { createTestContext, signedInUser, TEST_ACTOR, type SignedInUser } from "../setup/admin-session";
import { startHttpApp, type HttpApp } from "../setup/http-app";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { setVariantUnitsAt } from "../setup/variant-stock";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestContext>>;
let http: HttpApp;
let admin: SignedInUser;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestContext(t);
  http = await startHttpApp(app.context);
  admin = await signedInUser(app.context, "admin");
}, 120_000);

afterAll(async () => {
  await http?.close();
  await app?.close();
  await t?.close();
});

const page = async (path: string) => (await (await fetch(`${http.origin}${path}`, { headers: { cookie: admin.cookie } })).text()).replaceAll("<!-- -->", "");
/** The page's field names (each change's <dt>). */
const fieldNames = (html: string) => [...html.matchAll(/<dt class="font-semibold text-slate-700">([^<]*)<\/dt>/g)].map((match) => match[1]!);

describe("the audit log's field names", () => {
  it("a delivery zone and a state's fee (the seed's, changed): each field in the words of /admin/entregas, the state as UF", async () => {
    expect(
      await saveDeliveryZone(
        app.context.db,
        null,
        { city: "Barreiros", state: "PE", neighborhood: "Vila do Teste", feeCents: 800, freeAboveCents: 20_000, deliveryTime: "no mesmo dia", cutoff: "pedidos até 16h" },
        TEST_ACTOR,
      ),
    ).toMatchObject({ ok: true });
    await saveFallbackRate(app.context.db, { state: "BA", feeCents: 3_333, deliveryTime: "em até 9 dias úteis" }, TEST_ACTOR);

    const names = fieldNames(await page("/admin/auditoria?tipo=delivery"));
    expect(names.sort()).toEqual(["Bairro", "Cidade", "Grátis a partir de", "Horário limite", "Prazo de entrega", "Prazo de entrega", "Taxa de entrega", "Taxa de entrega", "UF"]);
  });

  it("a counter sale: its items and total", async () => {
    const [watch] = await t.db.select({ id: products.id }).from(products).where(eq(products.name, "Relógio Digital Unissex"));
    const { rows } = await t.pool.query<{ variant: number; home: number }>(
      "select v.id as variant, erick_product_home_store($1) as home from product_variants v where v.product_id = $1 and v.color = 'Preto'",
      [watch!.id],
    );
    await setVariantUnitsAt(t.pool, rows[0]!.variant, rows[0]!.home, 3);
    const sold = await fetch(`${http.origin}/admin/balcao`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: admin.cookie, origin: http.origin, "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        storeId: String(rows[0]!.home),
        saleKey: "audit-labels-sale-0000000000",
        lines: JSON.stringify([{ productId: watch!.id, size: null, color: "Preto", quantity: 1 }]),
        payment: "pix",
      }),
    });
    expect(sold.status).toBe(302);
    expect(fieldNames(await page("/admin/auditoria?tipo=order")).sort()).toEqual(["Formas de pagamento", "Itens", "Loja", "Total"]);
  });

  it("every field any entry above recorded has a Portuguese name", async () => {
    const entries = await t.db.select({ entityType: auditLog.entityType, before: auditLog.before, after: auditLog.after }).from(auditLog);
    const unnamed = entries.flatMap(({ entityType, before, after }) =>
      Object.keys({ ...(before as object | null), ...(after as object | null) }).filter((field) => auditFieldLabel(field, entityType) === field),
    );
    expect(unnamed).toEqual([]);
  });
});
