import { z } from "~/lib/forms/validation";
import { CATEGORIES } from "../catalog/categories";
import { MAX_COUPON_CODE_LENGTH, normalizeCouponCode } from "./coupon-code";
import { COUPON_KIND_LABELS, COUPON_KINDS, type CouponRule } from "./coupons";
import { formatBRL } from "../format/money";
import { MAX_MONEY_CENTS, readBRL } from "../forms/price-input";
import { parseId } from "../forms/ids";

// The admin's coupon form (/admin/cupons): one schema for the browser and the action.

const money = (message: string) =>
  z
    .string()
    .optional()
    .default("")
    .transform((text, ctx) => {
      if (!text.trim()) return 0;
      const price = readBRL(text);
      if (!price.ok || price.cents > MAX_MONEY_CENTS) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return price.cents;
    });

const optionalCount = (message: string) =>
  z
    .string()
    .optional()
    .default("")
    .refine((text) => text.trim() === "" || (/^\d{1,7}$/.test(text.trim()) && Number(text) > 0), message)
    .transform((text) => (text.trim() ? Number(text) : null));

/** "2026-02-30" has the shape but is no day: PostgreSQL would refuse it with an error instead of a message. */
function isCalendarDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const day = new Date(Date.UTC(year, month - 1, date));
  return year >= 1 && day.getUTCFullYear() === year && day.getUTCMonth() === month - 1 && day.getUTCDate() === date;
}

const day = z
  .string()
  .optional()
  .default("")
  .refine((text) => text === "" || isCalendarDay(text), "Data inválida")
  .transform((text) => text || null);

export const couponFormSchema = z
  .object({
    code: z
      .string({ error: "Informe o código" })
      .max(MAX_COUPON_CODE_LENGTH, `Use no máximo ${MAX_COUPON_CODE_LENGTH} caracteres`)
      .transform(normalizeCouponCode)
      .pipe(z.string().min(1, "Informe o código").regex(/^[A-Z0-9]+$/, "Use só letras e números, sem espaços nem acentos")),
    description: z.string().max(200, "Use no máximo 200 caracteres").optional().default(""),
    kind: z.enum(COUPON_KINDS, { error: "Escolha o tipo de desconto" }),
    percentOff: z.string().optional().default(""),
    amountOff: money("Informe o valor como 15,00"),
    freeDelivery: z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean()),
    minSubtotal: money("Informe o valor mínimo como 100,00"),
    shopIds: z
      .array(z.union([z.string(), z.number()]))
      .max(20)
      .default([])
      .transform((values, ctx) => {
        // Within PostgreSQL's integer, else the insert fails instead of the field saying so.
        const ids = values.map(parseId);
        if (ids.some((id) => id === null)) {
          ctx.addIssue({ code: "custom", message: "Loja inválida" });
          return z.NEVER;
        }
        return ids as number[];
      }),
    categories: z.array(z.enum(CATEGORIES)).max(CATEGORIES.length).default([]),
    productIds: z
      .string()
      .max(500, "Use no máximo 500 caracteres")
      .optional()
      .default("")
      .refine((text) => /^[\d,\s]*$/.test(text), "Números de produto separados por vírgula")
      .transform((text) => [...new Set(text.split(/[,\s]+/).filter(Boolean).map(Number))].filter((id) => id > 0 && id < 2 ** 31)),
    validFrom: day,
    validUntil: day,
    maxUses: optionalCount("Um número inteiro maior que zero, ou vazio para sem limite"),
    maxUsesPerShopper: optionalCount("Um número inteiro maior que zero, ou vazio para sem limite"),
    firstPurchaseOnly: z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean()),
    active: z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean()),
  })
  .transform((data, ctx) => {
    let percentOff: number | null = null;
    if (data.kind === "percent") {
      // '10', '10%' or '10 %': the sign is what a person writes after a percentage.
      const typed = data.percentOff.trim().replace(/\s*%$/, "");
      percentOff = /^\d{1,3}$/.test(typed) ? Number(typed) : NaN;
      if (!(percentOff >= 1 && percentOff <= 100)) ctx.addIssue({ code: "custom", path: ["percentOff"], message: "Uma porcentagem de 1 a 100" });
    }
    if (data.kind === "fixed" && data.amountOff <= 0) ctx.addIssue({ code: "custom", path: ["amountOff"], message: "Informe o valor do desconto" });
    if (data.validFrom && data.validUntil && data.validFrom > data.validUntil) {
      ctx.addIssue({ code: "custom", path: ["validUntil"], message: "A data final vem antes da inicial" });
    }
    const { amountOff, minSubtotal, ...rest } = data;
    return {
      ...rest,
      percentOff: data.kind === "percent" ? percentOff : null,
      amountOffCents: data.kind === "fixed" ? amountOff : null,
      // Kind free_delivery waives the fee by its kind; the box adds it to a percentage or an amount.
      freeDelivery: data.kind !== "free_delivery" && data.freeDelivery,
      minSubtotalCents: minSubtotal,
    };
  });
export type CouponFormInput = z.infer<typeof couponFormSchema>;

/** The form's values from its data (the checkboxes of shops and categories are lists). */
export function couponFormValues(form: FormData): Record<string, unknown> {
  const values: Record<string, unknown> = Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === "string"));
  values.shopIds = form.getAll("shopIds");
  values.categories = form.getAll("categories");
  return values;
}

/** A row of the admin's list: the coupon (its rule and its limits) and what it did (orders not cancelled). */
export type AdminCoupon = CouponRule & {
  id: number;
  description: string;
  maxUses: number | null;
  maxUsesPerShopper: number | null;
  firstPurchaseOnly: boolean;
  active: boolean;
  uses: number;
  discountCents: number;
  salesCents: number;
};

/** What a coupon takes off, for the admin's list and its CSV: "10%", "R$ 15,00", "Entrega grátis", "10% + entrega grátis". */
export function couponDiscountText(rule: Pick<CouponRule, "kind" | "percentOff" | "amountOffCents" | "freeDelivery">): string {
  if (rule.kind === "free_delivery") return COUPON_KIND_LABELS.free_delivery;
  const off = rule.kind === "percent" ? `${rule.percentOff}%` : formatBRL(rule.amountOffCents ?? 0);
  return rule.freeDelivery ? `${off} + entrega grátis` : off;
}
