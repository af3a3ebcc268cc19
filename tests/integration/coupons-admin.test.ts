// /admin/cupons through its route modules with a signed-in admin: creating, editing, pausing (each in
// the audit log), the refusals that change nothing, a customer refused, and the list's uses, discount
// and sales with its CSV.
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, coupons } from "#database/schema";
import { parse } from "csv-parse/sync";
import type { LoadContext } from "~/server/load-context.server";
import { action as couponsAction, loader as couponsLoader } from "~/routes/admin/coupons";
import { loader as couponsCsvLoader } from "~/routes/admin/coupons-csv";
import { loader as reportsLoader } from "~/routes/admin/reports";
import { placeOrder } from "~/server/orders/order-placing.server";
import { DEFAULT_SETTINGS } from "~/lib/group/settings.schema";
import { openAdminTest, requestAs, type SignedInUser } from "../setup/admin-session";
import { CHECKOUT_CUSTOMER, orderableLine } from "../setup/order-fixtures";
import type { TestDatabase } from "../setup/test-database";

let t: TestDatabase;
let context: LoadContext;
let admin: SignedInUser;
let customer: SignedInUser;
let close: () => Promise<void>;
beforeAll(async () => ({ t, context, admin, customer, close } = await openAdminTest()));
afterAll(() => close?.());

async function call(handler: unknown, request: Request): Promise<{ status: number; location: string | null; data: Record<string, unknown> }> {
  let result: unknown;
  try {
    result = await (handler as (args: { request: Request; context: LoadContext; params: object }) => unknown)({ request, context, params: {} });
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, location: result.headers.get("location"), data: {} };
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const { data, init } = result as { data: Record<string, unknown>; init: ResponseInit | null };
    return { status: init?.status ?? 200, location: null, data };
  }
  return { status: 200, location: null, data: result as Record<string, unknown> };
}

function couponForm(fields: Record<string, string | string[]>) {
  const form = new FormData();
  form.set("intent", "save");
  form.set("active", "on");
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) form.append(name, item);
  return form;
}
const post = (form: FormData, as: SignedInUser = admin) => call(couponsAction, requestAs(as, "/admin/cupons", { form }));

describe("/admin/cupons", () => {
  it("creates a coupon (code upper-cased, amounts in reais), logs it, and refuses a taken code or bad values changing nothing", async () => {
    const created = await post(couponForm({ code: "natal10", description: "Natal", kind: "percent", percentOff: "10", minSubtotal: "100,00", validUntil: "2026-12-31", maxUses: "50", categories: ["Infantil"] }));
    expect(created).toMatchObject({ status: 302, location: "/admin/cupons?salvo=NATAL10" });
    const [row] = await t.db.select().from(coupons).where(eq(coupons.code, "NATAL10"));
    expect(row).toMatchObject({ kind: "percent", percentOff: 10, minSubtotalCents: 10_000, validUntil: "2026-12-31", maxUses: 50, categories: ["Infantil"], active: true });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.entityType, "coupon"));
    expect(entry).toMatchObject({ action: "coupon.create", entityLabel: "NATAL10", actorEmail: admin.email });

    const taken = await post(couponForm({ code: "Natal10", kind: "fixed", amountOff: "5,00" }));
    expect(taken).toMatchObject({ status: 409, data: { errors: { code: "Já existe um cupom com este código." } } });
    const badCode = await post(couponForm({ code: "com espaço", kind: "percent", percentOff: "10" }));
    expect(badCode).toMatchObject({ status: 400, data: { errors: { code: "Use só letras e números, sem espaços nem acentos" } } });
    const badPercent = await post(couponForm({ code: "MUITO", kind: "percent", percentOff: "150" }));
    expect(badPercent).toMatchObject({ status: 400, data: { errors: { percentOff: "Uma porcentagem de 1 a 100" } } });
    expect(await t.db.select().from(coupons)).toHaveLength(1);
  });

  it("edits and pauses, each in the audit log; a customer is refused", async () => {
    const [row] = await t.db.select().from(coupons).where(eq(coupons.code, "NATAL10"));
    const edited = await post(couponForm({ id: String(row!.id), code: "NATAL10", kind: "percent", percentOff: "15" }));
    expect(edited.status).toBe(302);
    const pause = new FormData();
    pause.set("intent", "pause");
    pause.set("id", String(row!.id));
    expect((await post(pause)).status).toBe(302);
    const [after] = await t.db.select().from(coupons).where(eq(coupons.id, row!.id));
    expect(after).toMatchObject({ percentOff: 15, active: false });
    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.entityType, "coupon")).orderBy(asc(auditLog.id))).map((entry) => entry.action);
    expect(actions).toEqual(["coupon.create", "coupon.update", "coupon.pause"]);

    const refused = await post(couponForm({ code: "INTRUSO", kind: "percent", percentOff: "90" }), customer);
    expect(refused.status).toBeGreaterThanOrEqual(300);
    expect(await t.db.select().from(coupons).where(eq(coupons.code, "INTRUSO"))).toHaveLength(0);
  });

  it("lists uses, discount given and sales brought, also as CSV", async () => {
    expect((await post(couponForm({ code: "DEZ", kind: "fixed", amountOff: "10,00" }))).status).toBe(302);
    const { line } = await orderableLine(t.pool);
    const placed = await placeOrder(t.db, DEFAULT_SETTINGS, { idempotencyKey: "coupon-admin-key-000001", lines: [line], customer: CHECKOUT_CUSTOMER, userId: null, couponCode: "dez" });
    expect(placed.created).toBe(true);

    const list = await call(couponsLoader, requestAs(admin, "/admin/cupons"));
    const dez = (list.data.coupons as { code: string; uses: number; discountCents: number; salesCents: number }[]).find((coupon) => coupon.code === "DEZ");
    expect(dez).toMatchObject({ uses: 1, discountCents: 1_000 });
    expect(dez!.salesCents).toBeGreaterThan(0);

    const csv = await couponsCsvLoader({ request: requestAs(admin, "/admin/cupons/exportar.csv"), context, params: {} } as never);
    const records = parse(await (csv as Response).text(), { delimiter: ";", bom: true }) as string[][];
    expect(records[0]).toContain("Desconto dado");
    const dezRow = records.find((record) => record[0] === "DEZ")!;
    expect(dezRow[7]).toBe("1");
    expect(dezRow[12]).toBe("10,00");

    // The reports show the discounts of the period's orders; a period before the order has none.
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Recife" }).format(new Date());
    const report = await call(reportsLoader, requestAs(admin, `/admin/relatorios?de=${today}&ate=${today}&por=dia`));
    const couponTable = report.data.couponTable as { rows: (string | number)[][] };
    expect(couponTable.rows).toContainEqual(["DEZ", 1, 1_000, dez!.salesCents]);
    const before = await call(reportsLoader, requestAs(admin, "/admin/relatorios?de=2020-01-01&ate=2020-01-31&por=dia"));
    expect((before.data.couponTable as { rows: unknown[] }).rows).toEqual([]);
  });
});

describe("what the new owner stumbled on (issue 40)", () => {
  it("takes a percentage typed with its sign ('10%', '15 %'), still refusing one out of 1 to 100", async () => {
    expect(await post(couponForm({ code: "DEZPORCENTO", kind: "percent", percentOff: "10%" }))).toMatchObject({ status: 302 });
    expect(await post(couponForm({ code: "QUINZE", kind: "percent", percentOff: "15 %" }))).toMatchObject({ status: 302 });
    const rows = await t.db.select({ code: coupons.code, percentOff: coupons.percentOff }).from(coupons).where(eq(coupons.kind, "percent"));
    expect(rows).toEqual(expect.arrayContaining([{ code: "DEZPORCENTO", percentOff: 10 }, { code: "QUINZE", percentOff: 15 }]));
    const refused = await post(couponForm({ code: "DEMAIS", kind: "percent", percentOff: "120%" }));
    expect(refused.status).toBe(400);
    expect(refused.data.errors).toMatchObject({ percentOff: "Uma porcentagem de 1 a 100" });
  });

  it("gives each coupon's link (the shop's origin, /?cupom=CODE) to the list", async () => {
    const page = await call(couponsLoader, requestAs(admin, "/admin/cupons"));
    expect(page.data.origin).toBe("http://localhost:3999");
  });

  it("writes the audit log in the form's words, not the database's (kind free_delivery, maxUses, shopIds, minSubtotalCents)", async () => {
    const { formatAuditValue, auditFieldLabel } = await import("~/lib/admin/audit-log");
    const { formatBRL } = await import("~/lib/format/money");
    expect(await post(couponForm({ code: "FRETEGRATIS", kind: "free_delivery", minSubtotal: "80,00", maxUses: "100", validFrom: "2026-12-01" }))).toMatchObject({ status: 302 });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.entityLabel, "FRETEGRATIS"));
    const after = entry!.after as Record<string, unknown>;
    const lines = Object.entries(after).map(([field, value]) => `${auditFieldLabel(field)}: ${formatAuditValue(field, value)}`);
    expect(lines).toEqual(
      expect.arrayContaining(["Tipo de desconto: Entrega grátis", `Compra mínima: ${formatBRL(80_00)}`, "Limite de usos: 100", "Válido de: 01/12/2026", "Só nas lojas: —"]),
    );
    for (const line of lines) expect(line).not.toMatch(/free_delivery|maxUses|shopIds|minSubtotalCents|percentOff|firstPurchaseOnly/);
  });
});
