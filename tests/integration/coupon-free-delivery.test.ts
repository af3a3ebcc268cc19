// A coupon that gives a percentage and free delivery together, from the coupon form through the real
// HTTP app to the order's page and its WhatsApp text; and a free-delivery coupon on an order whose
// delivery is already free, which is refused with its reason instead of spending a use for R$ 0.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, coupons, orders } from "#database/schema";
import { auditFieldLabel, formatAuditValue } from "~/lib/admin/audit-log";
import { formatBRL } from "~/lib/format/money";
import { DEFAULT_SETTINGS } from "~/lib/group/settings.schema";
import type { LoadContext } from "~/server/load-context.server";
import { action as couponsAction } from "~/routes/admin/coupons";
import { openAdminTest, requestAs, type SignedInUser } from "../setup/admin-session";
import { startHttpApp, type HttpApp } from "../setup/http-app";
import { checkoutFormFields, orderableLine, type OrderLine } from "../setup/order-fixtures";
import type { TestDatabase } from "../setup/test-database";

let t: TestDatabase;
let context: LoadContext;
let admin: SignedInUser;
let close: () => Promise<void>;
let http: HttpApp;
let line: OrderLine;
let unitPriceCents: number;

beforeAll(async () => {
  ({ t, context, admin, close } = await openAdminTest());
  http = await startHttpApp(context);
  ({ line } = await orderableLine(t.pool));
  const { rows } = await t.pool.query<{ price_cents: number }>("select price_cents from products where id = $1", [line.productId]);
  unitPriceCents = rows[0]!.price_cents;
  // One unit stays below the free-delivery total, so the fee is there to waive.
  expect(unitPriceCents).toBeLessThan(DEFAULT_SETTINGS.freeShippingMinCents);
}, 120_000);
afterAll(async () => {
  await http?.close();
  await close?.();
});

/** Intl writes "R$" and the amount apart with a no-break space; React's text markers go too. */
const plain = (text: string) => text.replace(/\u00a0/g, " ").replace(/<!-- -->/g, "");

async function saveCoupon(fields: Record<string, string>) {
  const form = new FormData();
  form.set("intent", "save");
  form.set("active", "on");
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  try {
    return await couponsAction({ request: requestAs(admin, "/admin/cupons", { form }), context, params: {} } as never);
  } catch (thrown) {
    return thrown;
  }
}

let keys = 0;
/** The checkout posted as the page posts it; the answer's redirect is the order's page. */
async function checkout(couponCode: string, quantity = 1, phone = "(81) 99999-8888") {
  const response = await fetch(`${http.origin}/checkout`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      ...checkoutFormFields(),
      phone,
      lines: JSON.stringify([{ ...line, quantity }]),
      couponCode,
      idempotencyKey: `free-delivery-${Date.now()}-${(keys += 1)}-abcdef`,
    }),
  });
  return response;
}

describe("a percentage and free delivery together", () => {
  it("is saved from the form with its box, audited in the clerk's words, and the order gets both: its page and WhatsApp text say so", async () => {
    expect(await saveCoupon({ code: "verao", kind: "percent", percentOff: "10%", freeDelivery: "on" })).toMatchObject({ status: 302 });
    const [coupon] = await t.db.select().from(coupons).where(eq(coupons.code, "VERAO"));
    expect(coupon).toMatchObject({ kind: "percent", percentOff: 10, freeDelivery: true });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.entityLabel, "VERAO"));
    const after = entry!.after as Record<string, unknown>;
    expect(`${auditFieldLabel("freeDelivery")}: ${formatAuditValue("freeDelivery", after.freeDelivery)}`).toBe("Também entrega grátis: sim");

    const response = await checkout("verao");
    expect(response.status).toBe(302);
    const orderPath = new URL(response.headers.get("location")!, http.origin).pathname;
    const [order] = await t.db.select().from(orders).where(eq(orders.publicToken, orderPath.split("/").pop()!));
    const linesOff = Math.round(unitPriceCents / 10);
    const fee = DEFAULT_SETTINGS.deliveryFeeCents;
    expect(order).toMatchObject({ couponId: coupon!.id, deliveryCents: 0, discountCents: linesOff + fee, totalCents: unitPriceCents - linesOff });

    const page = plain(await (await fetch(`${http.origin}${orderPath}`)).text());
    expect(page).toContain(`Desconto (VERAO)`);
    expect(page).toContain(`−${plain(formatBRL(linesOff))}`);
    expect(page).toContain(`Cupom VERAO: entrega grátis (−${plain(formatBRL(fee))})`);
    const links = [...page.matchAll(/href="(https:\/\/wa\.me\/[^"]+)"/g)].map((match) => new URL(match[1]!.replace(/&amp;/g, "&")).searchParams.get("text") ?? "");
    const text = plain(links.find((link) => link.includes("Gostaria de fazer o pedido")) ?? "");
    expect(text).toContain(`Desconto (VERAO): −${plain(formatBRL(linesOff))} + entrega grátis (−${plain(formatBRL(fee))})`);
    expect(text).toContain("Entrega: Grátis");
  });

  it("a box ticked on a free-delivery coupon changes nothing: its kind already waives the fee", async () => {
    expect(await saveCoupon({ code: "SOFRETE", kind: "free_delivery", freeDelivery: "on" })).toMatchObject({ status: 302 });
    const [coupon] = await t.db.select().from(coupons).where(eq(coupons.code, "SOFRETE"));
    expect(coupon).toMatchObject({ kind: "free_delivery", freeDelivery: false });
  });
});

describe("a free-delivery coupon on an order whose delivery is already free", () => {
  it("is refused with its reason and spends no use; the same coupon still works on an order with a fee", async () => {
    expect(await saveCoupon({ code: "FRETEUMA", kind: "free_delivery", maxUses: "1" })).toMatchObject({ status: 302 });
    const [coupon] = await t.db.select().from(coupons).where(eq(coupons.code, "FRETEUMA"));
    const aboveFree = Math.ceil(DEFAULT_SETTINGS.freeShippingMinCents / unitPriceCents);

    const refused = await checkout("FRETEUMA", aboveFree, "(81) 98888-1111");
    expect(refused.status).toBe(409);
    expect(plain(await refused.text())).toContain("A entrega deste pedido já é grátis: o cupom FRETEUMA não tiraria nada do total");
    expect(await t.db.select().from(orders).where(eq(orders.couponId, coupon!.id))).toHaveLength(0);

    // Its one use is still there for an order that has a fee.
    const placed = await checkout("FRETEUMA", 1, "(81) 98888-2222");
    expect(placed.status).toBe(302);
    const [order] = await t.db.select().from(orders).where(eq(orders.couponId, coupon!.id));
    expect(order).toMatchObject({ deliveryCents: 0, discountCents: DEFAULT_SETTINGS.deliveryFeeCents });
  });
});

describe("the cart's preview of a free-delivery coupon", () => {
  /** GET /api/cupom as the checkout asks it, for a delivery to `neighborhood` in Barreiros with the shop's own option. */
  async function preview(code: string, neighborhood: string, option = "local") {
    const params = new URLSearchParams({
      codigo: code,
      itens: `${line.productId}x1`,
      entrega: "delivery",
      cidade: "Barreiros",
      opcao: option,
      cep: "55560-000",
      uf: "PE",
      bairro: neighborhood,
    });
    const response = await fetch(`${http.origin}/api/cupom?${params}`, { headers: { "x-forwarded-for": `10.77.0.${(keys += 1) % 250}` } });
    return (await response.json()) as { ok: boolean; deliveryWaivedCents?: number; message: string };
  }

  it("waives the bairro's fee, the one the order charges, not the flat fee", async () => {
    const { rows } = await t.pool.query<{ fee_cents: number }>(
      "select fee_cents from delivery_zones where city = 'Barreiros' and neighborhood = 'Usina Central Barreiros'",
    );
    const zoneFee = rows[0]?.fee_cents;
    expect(zoneFee).toBeDefined();
    expect(zoneFee).not.toBe(DEFAULT_SETTINGS.deliveryFeeCents);
    expect(await saveCoupon({ code: "FRETEBAIRRO", kind: "free_delivery" })).toMatchObject({ status: 302 });

    const far = await preview("FRETEBAIRRO", "Usina Central Barreiros");
    expect(far).toMatchObject({ ok: true, deliveryWaivedCents: zoneFee });
    expect(plain(far.message)).toBe(`FRETEBAIRRO aplicado: entrega grátis (−${plain(formatBRL(zoneFee!))})`);

    // A bairro not on the list is agreed on WhatsApp: no fee to waive, as the order would say.
    const unknown = await preview("FRETEBAIRRO", "Bairro Que Não Existe");
    expect(unknown.ok).toBe(false);
  });
});
