import { describe, expect, it } from "vitest";
import { couponDiscountText } from "./coupon.schema";

describe("couponDiscountText", () => {
  it("says what each kind takes off", () => {
    const nbsp = "\u00a0";
    expect(couponDiscountText({ kind: "percent", percentOff: 15, amountOffCents: null, freeDelivery: false })).toBe("15%");
    expect(couponDiscountText({ kind: "fixed", percentOff: null, amountOffCents: 2_500, freeDelivery: false })).toBe(`R$${nbsp}25,00`);
    expect(couponDiscountText({ kind: "free_delivery", percentOff: null, amountOffCents: null, freeDelivery: false })).toBe("Entrega grátis");
    expect(couponDiscountText({ kind: "percent", percentOff: 10, amountOffCents: null, freeDelivery: true })).toBe("10% + entrega grátis");
  });
});
