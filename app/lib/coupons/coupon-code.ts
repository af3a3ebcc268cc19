// A coupon's code as typed and as stored: small on purpose, since the checkout's schema needs it and
// the rest of ./coupons (messages, arithmetic) belongs to the cart and the checkout only.

export const MAX_COUPON_CODE_LENGTH = 30;

/** The code as stored: trimmed, upper-case ('cupom10 ' → 'CUPOM10'). */
export function normalizeCouponCode(input: string): string {
  return input.trim().toUpperCase();
}

export function isCouponCodeShape(code: string): boolean {
  return code.length > 0 && code.length <= MAX_COUPON_CODE_LENGTH && /^[A-Z0-9]+$/.test(code);
}

/** The kept coupon code from what was stored (../storage/stored-json.ts): none unless it is a code's shape. */
export function couponCodeFromStored(data: unknown): string {
  return typeof data === "string" && isCouponCodeShape(data) ? data : "";
}
