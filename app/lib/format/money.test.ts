import { describe, expect, it } from "vitest";
import { discountPercent, formatBRL, instalmentCents } from "./money";

const nbsp = "\u00a0";

describe("formatBRL", () => {
  it("uses R$, a comma and two decimals", () => {
    expect(formatBRL(12990)).toBe(`R$${nbsp}129,90`);
    expect(formatBRL(5)).toBe(`R$${nbsp}0,05`);
    expect(formatBRL(123456789)).toBe(`R$${nbsp}1.234.567,89`);
  });
});

describe("discountPercent", () => {
  it("rounds the percentage off", () => {
    expect(discountPercent(7990, 9990)).toBe(20);
    expect(discountPercent(9990, 9990)).toBeNull();
    expect(discountPercent(null, 9990)).toBeNull();
    expect(discountPercent(100, null)).toBeNull();
  });
});

describe("instalmentCents", () => {
  it("never totals less than the price", () => {
    expect(instalmentCents(10000, 3)).toBe(3334);
    expect(instalmentCents(10000, 5)).toBe(2000);
    expect(instalmentCents(10000, 0)).toBe(10000);
  });
});
