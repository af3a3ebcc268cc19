import { describe, expect, it } from "vitest";
import { decimalCommaPrice, discountPercent, formatBRL, instalmentCents } from "./money";
import { readBRL } from "./price-input";

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

describe("decimalCommaPrice", () => {
  it("writes a decimal comma without a thousands dot or a currency sign", () => {
    expect(decimalCommaPrice(123450)).toBe("1234,50");
    expect(decimalCommaPrice(5)).toBe("0,05");
    expect(decimalCommaPrice(0)).toBe("0,00");
  });

  it("is read back by the forms as the same centavos", () => {
    for (const cents of [0, 1, 99, 500, 12990, 123450, 100_000_000]) expect(readBRL(decimalCommaPrice(cents))).toEqual({ ok: true, cents });
  });
});
