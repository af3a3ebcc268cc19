import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyCoupon, couponAppliedMessage, couponRefusalMessage, shopDay, splitDiscount, type CouponLine, type CouponRule } from "./coupons";

const rule = (overrides: Partial<CouponRule> = {}): CouponRule => ({
  code: "CUPOM10",
  kind: "percent",
  percentOff: 10,
  amountOffCents: null,
  freeDelivery: false,
  minSubtotalCents: 0,
  shopIds: [],
  categories: [],
  productIds: [],
  validFrom: null,
  validUntil: null,
  ...overrides,
});

const line = (unitPriceCents: number | null, quantity = 1, overrides: Partial<CouponLine> = {}): CouponLine => ({
  productId: 1,
  shopId: 1,
  category: "Feminino",
  unitPriceCents,
  quantity,
  ...overrides,
});

const NOW = new Date("2026-11-26T12:00:00Z");

/** Intl writes "R$" and the amount apart with a no-break space. */
const text = (message: string) => message.replace(/\u00a0/g, " ");

const cartLines = fc.array(
  fc.record({
    productId: fc.integer({ min: 1, max: 5 }),
    shopId: fc.integer({ min: 1, max: 4 }),
    category: fc.constantFrom("Feminino", "Masculino", "Infantil"),
    unitPriceCents: fc.option(fc.integer({ min: 1, max: 200_000 }), { nil: null, freq: 8 }),
    quantity: fc.integer({ min: 1, max: 99 }),
  }),
  { minLength: 1, maxLength: 50 },
);

describe("splitDiscount", () => {
  it("sums exactly to the discount in centavos and never takes a line below zero", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20_000_000 }), { minLength: 1, maxLength: 50 }), fc.integer({ min: 0, max: 2_000_000_000 }), (amounts, wanted) => {
        const shares = splitDiscount(wanted, amounts);
        const sum = amounts.reduce((a, b) => a + b, 0);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(Math.min(wanted, sum));
        shares.forEach((share, index) => {
          expect(Number.isInteger(share)).toBe(true);
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(amounts[index]!);
        });
      }),
    );
  });
});

describe("applyCoupon", () => {
  it("a percentage over random carts: the lines' discounts sum to the total, which is the rounded percentage of the eligible lines", () => {
    fc.assert(
      fc.property(cartLines, fc.integer({ min: 1, max: 100 }), fc.subarray([1, 2, 3, 4]), (lines, percentOff, shopIds) => {
        const result = applyCoupon(rule({ percentOff, shopIds }), lines, 1_000, NOW);
        const eligible = lines.filter((l) => shopIds.length === 0 || shopIds.includes(l.shopId)).reduce((sum, l) => sum + (l.unitPriceCents ?? 0) * l.quantity, 0);
        if (eligible === 0) {
          expect(result).toEqual({ ok: false, refusal: { reason: "not-for-these-items" } });
          return;
        }
        if (!result.ok) throw new Error("refused");
        const { lineDiscountsCents, totalCents } = result.discount;
        expect(lineDiscountsCents.reduce((a, b) => a + b, 0)).toBe(totalCents);
        expect(totalCents).toBe(Math.round((eligible * percentOff) / 100));
        lineDiscountsCents.forEach((share, index) => {
          const l = lines[index]!;
          expect(share).toBeLessThanOrEqual((l.unitPriceCents ?? 0) * l.quantity);
          if (shopIds.length && !shopIds.includes(l.shopId)) expect(share).toBe(0);
        });
      }),
    );
  });

  it("a fixed amount larger than the order takes the lines to zero, never below: the total is the delivery fee", () => {
    fc.assert(
      fc.property(cartLines, fc.integer({ min: 1, max: 100_000_000 }), (lines, amountOffCents) => {
        const result = applyCoupon(rule({ kind: "fixed", percentOff: null, amountOffCents }), lines, 1_000, NOW);
        const subtotal = lines.reduce((sum, l) => sum + (l.unitPriceCents ?? 0) * l.quantity, 0);
        if (!result.ok) {
          expect(subtotal).toBe(0);
          return;
        }
        expect(result.discount.totalCents).toBe(Math.min(amountOffCents, subtotal));
        expect(subtotal - result.discount.totalCents + 1_000).toBeGreaterThanOrEqual(1_000);
      }),
    );
  });

  it("free delivery waives the fee where the shop delivers, and has nothing to waive where it is 'A combinar'", () => {
    const free = rule({ kind: "free_delivery", percentOff: null, code: "FRETE" });
    const result = applyCoupon(free, [line(5_000)], 1_000, NOW);
    expect(result).toMatchObject({ ok: true, discount: { deliveryWaivedCents: 1_000, totalCents: 1_000, lineDiscountsCents: [0] } });
    expect(applyCoupon(free, [line(5_000)], null, NOW)).toEqual({ ok: false, refusal: { reason: "no-delivery-fee" } });
  });

  it("free delivery is refused on a pick-up, with its reason, instead of giving R$ 0 off", () => {
    const free = rule({ kind: "free_delivery", percentOff: null, code: "FRETE" });
    expect(applyCoupon(free, [line(5_000)], "pickup", NOW)).toEqual({ ok: false, refusal: { reason: "pickup" } });
    expect(couponRefusalMessage("FRETE", { reason: "pickup" })).toBe("Este cupom vale para entrega: o cupom FRETE não se aplica à retirada na loja.");
    // Other kinds still apply to a pick-up.
    expect(applyCoupon(rule({ percentOff: 10 }), [line(5_000)], "pickup", NOW)).toMatchObject({ ok: true, discount: { totalCents: 500 } });
  });

  it("free delivery on an order whose delivery is already free is refused with its reason, so it spends no use", () => {
    const free = rule({ kind: "free_delivery", percentOff: null, code: "FRETE" });
    expect(applyCoupon(free, [line(50_000)], 0, NOW)).toEqual({ ok: false, refusal: { reason: "delivery-already-free" } });
    expect(couponRefusalMessage("FRETE", { reason: "delivery-already-free" })).toBe(
      "A entrega deste pedido já é grátis: o cupom FRETE não tiraria nada do total, e seu uso fica guardado para outra compra.",
    );
    // In the cart, before the shopper says where it goes, it is told with no amount.
    expect(applyCoupon(free, [line(5_000)], "unknown", NOW)).toMatchObject({ ok: true, discount: { deliveryWaivedCents: 0, totalCents: 0 } });
  });

  it("a percentage or an amount with free delivery gives both, and still its discount where there is no fee to waive", () => {
    const both = rule({ code: "VERAO", percentOff: 10, freeDelivery: true });
    const result = applyCoupon(both, [line(15_990)], 1_000, NOW);
    expect(result).toMatchObject({ ok: true, discount: { lineDiscountsCents: [1_599], deliveryWaivedCents: 1_000, totalCents: 2_599, freeDelivery: true } });
    if (!result.ok) return;
    expect(text(couponAppliedMessage(result.discount))).toBe("VERAO aplicado: −R$ 15,99 e entrega grátis (−R$ 10,00)");
    const fixed = rule({ code: "DEZ", kind: "fixed", percentOff: null, amountOffCents: 1_000, freeDelivery: true });
    expect(applyCoupon(fixed, [line(5_000)], 800, NOW)).toMatchObject({ ok: true, discount: { lineDiscountsCents: [1_000], deliveryWaivedCents: 800, totalCents: 1_800 } });
    for (const delivery of ["pickup", null, 0, "unknown"] as const) {
      expect(applyCoupon(both, [line(15_990)], delivery, NOW)).toMatchObject({ ok: true, discount: { lineDiscountsCents: [1_599], deliveryWaivedCents: 0, totalCents: 1_599 } });
    }
    // Without the flag a percentage never touches the fee.
    expect(applyCoupon(rule(), [line(15_990)], 1_000, NOW)).toMatchObject({ ok: true, discount: { deliveryWaivedCents: 0, totalCents: 1_599 } });
  });

  it("says how much is missing for the minimum", () => {
    const result = applyCoupon(rule({ minSubtotalCents: 10_000 }), [line(8_499)], 0, NOW);
    expect(result).toEqual({ ok: false, refusal: { reason: "minimum", minimumCents: 10_000, missingCents: 1_501 } });
    if (result.ok) return;
    expect(text(couponRefusalMessage("CUPOM10", result.refusal))).toBe("O cupom CUPOM10 vale para compras a partir de R$ 100,00. Faltam R$ 15,01.");
  });

  it("is valid until 23:59:59 of its last day and from 00:00:00 of its first, in America/Recife, on a UTC clock", () => {
    const window = rule({ validFrom: "2026-12-01", validUntil: "2026-12-31" });
    const lines = [line(15_990)];
    // Recife is UTC−3 all year: 23:59:59 on 31/12 there is 02:59:59Z on 1/1.
    expect(applyCoupon(window, lines, 0, new Date("2027-01-01T02:59:59Z")).ok).toBe(true);
    expect(applyCoupon(window, lines, 0, new Date("2027-01-01T03:00:00Z"))).toEqual({ ok: false, refusal: { reason: "expired", until: "2026-12-31" } });
    expect(applyCoupon(window, lines, 0, new Date("2026-12-01T02:59:59Z"))).toEqual({ ok: false, refusal: { reason: "not-yet", from: "2026-12-01" } });
    expect(applyCoupon(window, lines, 0, new Date("2026-12-01T03:00:00Z")).ok).toBe(true);
    expect(shopDay(new Date("2027-01-01T02:59:59Z"))).toBe("2026-12-31");
  });

  it("reads as the shopper is told", () => {
    const result = applyCoupon(rule(), [line(15_990)], 0, NOW);
    if (!result.ok) throw new Error("refused");
    expect(text(couponAppliedMessage(result.discount))).toBe("CUPOM10 aplicado: −R$ 15,99");
    expect(couponRefusalMessage("VERAO", { reason: "expired", until: "2026-03-20" })).toBe("O cupom VERAO expirou em 20/03/2026.");
  });
});
