// The owner's coupons (/admin/cupons): the list with what each brought, creating, editing, pausing;
// every change in the audit log, in the change's transaction.
import { asc, eq, sql } from "drizzle-orm";
import { coupons, orders } from "#database/schema";
import { couponDiscountText, type AdminCoupon, type CouponFormInput } from "~/lib/coupons/coupon.schema";
import { COUPON_KIND_LABELS } from "~/lib/coupons/coupons";
import type { ReportQuery } from "~/lib/admin/reports";
import { SHOP_TIME_ZONE } from "~/lib/format/shop-time";
import { decimalCommaPrice } from "~/lib/forms/price-input";
import { toCsv } from "../files/csv.server";
import type { Database, DatabaseOrTransaction } from "../db/database.server";
import { recordAdminChange, type AuditActor } from "../group/audit-log.server";
import { couponRuleOf } from "./coupon-rule.server";

/**
 * Every coupon, by code, with its uses, the discount given and the sales of those orders (cancelled
 * ones left out); with `period`, only orders of those days in the shop's zone (the reports).
 */
export async function listCoupons(db: DatabaseOrTransaction, period?: Pick<ReportQuery, "from" | "to">): Promise<AdminCoupon[]> {
  const inPeriod = period
    ? sql` and ${orders.createdAt} >= (${period.from}::date::timestamp at time zone ${SHOP_TIME_ZONE}) and ${orders.createdAt} < ((${period.to}::date + 1)::timestamp at time zone ${SHOP_TIME_ZONE})`
    : sql``;
  const rows = await db
    .select({
      coupon: coupons,
      uses: sql<number>`count(${orders.id})`.mapWith(Number),
      discountCents: sql<number>`coalesce(sum(${orders.discountCents}), 0)`.mapWith(Number),
      salesCents: sql<number>`coalesce(sum(${orders.totalCents}), 0)`.mapWith(Number),
    })
    .from(coupons)
    .leftJoin(orders, sql`${orders.couponId} = ${coupons.id} and ${orders.status} <> 'cancelled'${inPeriod}`)
    .groupBy(coupons.id)
    .orderBy(asc(coupons.code));
  return rows.map(({ coupon, uses, discountCents, salesCents }) => ({
    id: coupon.id,
    ...couponRuleOf(coupon),
    description: coupon.description,
    maxUses: coupon.maxUses,
    maxUsesPerShopper: coupon.maxUsesPerShopper,
    firstPurchaseOnly: coupon.firstPurchaseOnly,
    active: coupon.active,
    uses,
    discountCents,
    salesCents,
  }));
}

export const CODE_TAKEN_MESSAGE = "Já existe um cupom com este código.";

export type CouponSaveResult = { ok: true; id: number } | { ok: false; field: "code" | "form"; message: string };

type Fields = Record<string, unknown>;
const auditFields = (row: Fields): Fields => {
  const { createdAt: _created, updatedAt: _updated, id: _id, ...fields } = row;
  return fields;
};

/** Creates a coupon (`id` null) or edits one; a code already taken is refused, changing nothing. */
export async function saveCoupon(db: Database, id: number | null, input: CouponFormInput, actor: AuditActor): Promise<CouponSaveResult> {
  return db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: coupons.id }).from(coupons).where(eq(coupons.code, input.code));
    if (taken && taken.id !== id) return { ok: false, field: "code", message: CODE_TAKEN_MESSAGE };
    if (id === null) {
      const [created] = await tx.insert(coupons).values(input).onConflictDoNothing().returning();
      if (!created) return { ok: false, field: "code", message: CODE_TAKEN_MESSAGE };
      await recordAdminChange(tx, actor, { action: "coupon.create", entityType: "coupon", entityId: created.id, entityLabel: created.code, before: null, after: auditFields(created) });
      return { ok: true, id: created.id };
    }
    const [before] = await tx.select().from(coupons).where(eq(coupons.id, id)).for("update");
    if (!before) return { ok: false, field: "form", message: "Cupom não encontrado. Ele pode ter sido excluído." };
    const [after] = await tx.update(coupons).set({ ...input, updatedAt: new Date() }).where(eq(coupons.id, id)).returning();
    await recordAdminChange(tx, actor, { action: "coupon.update", entityType: "coupon", entityId: id, entityLabel: after!.code, before: auditFields(before), after: auditFields(after!) });
    return { ok: true, id };
  });
}

/** Pauses or resumes a coupon; false for an unknown one. */
export async function setCouponActive(db: Database, id: number, active: boolean, actor: AuditActor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(coupons).where(eq(coupons.id, id)).for("update");
    if (!before) return false;
    if (before.active === active) return true;
    await tx.update(coupons).set({ active, updatedAt: new Date() }).where(eq(coupons.id, id));
    await recordAdminChange(tx, actor, {
      action: active ? "coupon.resume" : "coupon.pause",
      entityType: "coupon",
      entityId: id,
      entityLabel: before.code,
      before: { active: before.active },
      after: { active },
    });
    return true;
  });
}

/** The list as a spreadsheet: one row per coupon, money as 1234,56. */
export function couponsCsv(list: AdminCoupon[]): string {
  return toCsv(
    ["Código", "Descrição", "Tipo", "Desconto", "Mínimo", "Válido de", "Válido até", "Usos", "Limite de usos", "Por cliente", "Primeira compra", "Situação", "Desconto dado", "Vendas"],
    list.map((coupon) => [
      coupon.code,
      coupon.description,
      COUPON_KIND_LABELS[coupon.kind],
      couponDiscountText(coupon),
      decimalCommaPrice(coupon.minSubtotalCents),
      coupon.validFrom ?? "",
      coupon.validUntil ?? "",
      coupon.uses,
      coupon.maxUses ?? "",
      coupon.maxUsesPerShopper ?? "",
      coupon.firstPurchaseOnly ? "Sim" : "Não",
      coupon.active ? "Ativo" : "Pausado",
      decimalCommaPrice(coupon.discountCents),
      decimalCommaPrice(coupon.salesCents),
    ]),
  );
}

/** The reports' 'Descontos por cupom': the coupons used in the period, money in centavos. */
export function couponReportTable(used: AdminCoupon[]) {
  return {
    id: "cupons",
    title: "Descontos por cupom",
    note: "Pedidos com cupom no período, o desconto dado (itens e entrega) e o total desses pedidos.",
    columns: [
      { label: "Cupom", kind: "text" as const },
      { label: "Pedidos", kind: "count" as const },
      { label: "Desconto (R$)", kind: "money" as const },
      { label: "Vendas (R$)", kind: "money" as const },
    ],
    rows: used.map((coupon) => [coupon.code, coupon.uses, coupon.discountCents, coupon.salesCents]),
  };
}
