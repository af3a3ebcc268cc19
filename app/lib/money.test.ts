import { describe, expect, it } from "vitest";
import { discountPercent, formatBRL, instalmentCents, parseBRL } from "./money";

const nbsp = "\u00a0";

describe("formatBRL", () => {
  it("uses R$, a comma and two decimals", () => {
    expect(formatBRL(12990)).toBe(`R$${nbsp}129,90`);
    expect(formatBRL(5)).toBe(`R$${nbsp}0,05`);
    expect(formatBRL(123456789)).toBe(`R$${nbsp}1.234.567,89`);
  });
});

describe("parseBRL", () => {
  it.each([
    ["129,90", 12990],
    ["1.299,90", 129990],
    ["129.9", 12990],
    ["R$ 10", 1000],
    ["0", 0],
  ])("reads %s", (input, cents) => expect(parseBRL(input)).toBe(cents));

  it.each(["", "abc", "12,345", "-5", "1e5"])("refuses %s", (input) => expect(parseBRL(input)).toBeNull());
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
