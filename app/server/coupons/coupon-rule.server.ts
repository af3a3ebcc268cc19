import type { coupons } from "#database/schema";
import type { CouponKind, CouponRule } from "~/lib/coupons/coupons";

/** A coupon's row as the rule reads it (app/lib/coupons/coupons.ts): the checkout's and the admin list's. */
export function couponRuleOf(row: typeof coupons.$inferSelect): CouponRule {
  return {
    code: row.code,
    kind: row.kind as CouponKind,
    percentOff: row.percentOff,
    amountOffCents: row.amountOffCents,
    // Kind free_delivery waives the fee by its kind; the flag is for a percentage or an amount beside it.
    freeDelivery: row.kind !== "free_delivery" && row.freeDelivery,
    minSubtotalCents: row.minSubtotalCents,
    shopIds: row.shopIds,
    categories: row.categories,
    productIds: row.productIds,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
  };
}
