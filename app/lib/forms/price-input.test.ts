import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatBRL } from "../format/money";
import { decimalCommaPrice, parseBRL, readBRL } from "./price-input";
import { centsToInput } from "../catalog/product.schema";

describe("parseBRL", () => {
  it.each([
    ["129,90", 12990],
    ["1.299,90", 129990],
    ["R$ 10", 1000],
    ["0", 0],
    // A dot groups thousands: never read as a decimal point.
    ["2.500", 250000],
    ["2.500,00", 250000],
    ["1.234", 123400],
    ["12.990", 1299000],
    ["1.234.567,8", 123456780],
    ["2,5", 250],
    ["2500", 250000],
    // One dot and exactly two digits after it can only be a decimal point.
    ["89.90", 8990],
    ["2.50", 250],
    ["R$ 1234.56", 123456],
    ["0.05", 5],
  ])("reads %s", (input, cents) => expect(parseBRL(input)).toBe(cents));

  it.each(["", "abc", "12,345", "-5", "1e5", "129.9", "1.234.56", "1,234.56", "89.90,5", "89.9O", "1.2345", "12.34.567", ",50", "1,2,3"])("refuses %s", (input) =>
    expect(parseBRL(input)).toBeNull(),
  );

  it("says a dot used as a decimal point is a matter of format, anything else an invalid price", () => {
    for (const input of ["129.9", "1,234.56", "1.234.56", "1.2345", "0.5"]) expect(readBRL(input)).toEqual({ ok: false, problem: "format" });
    for (const input of ["abc", "12,9O", "10,999", "1e5", ""]) expect(readBRL(input)).toEqual({ ok: false, problem: "invalid" });
  });
});

describe("parseBRL against Intl pt-BR (property-based)", () => {
  const cents = fc.integer({ min: 0, max: 100_000_000_00 });
  const reais = fc.integer({ min: 0, max: 100_000_000 });
  const grouped = new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const ungrouped = new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });
  const wholeGrouped = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 0, useGrouping: "always" });
  const oneDecimal = new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: "always" });
  const american = new Intl.NumberFormat("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 2 });

  it("reads back every price as the shop shows it (R$ 1.234,56), with or without grouping, and as the form writes it", () => {
    fc.assert(
      fc.property(cents, (value) => {
        expect(parseBRL(formatBRL(value))).toBe(value);
        expect(parseBRL(grouped.format(value / 100))).toBe(value);
        expect(parseBRL(ungrouped.format(value / 100))).toBe(value);
        expect(parseBRL(centsToInput(value))).toBe(value);
      }),
    );
  });

  it("whole reais grouped with dots are reais, never centavos ('2.500' is R$ 2.500,00); one decimal is tens of centavos", () => {
    fc.assert(
      fc.property(reais, (value) => {
        expect(parseBRL(wholeGrouped.format(value))).toBe(value * 100);
        expect(parseBRL(oneDecimal.format(value + 0.5))).toBe(value * 100 + 50);
      }),
    );
  });

  it("never reads a price written the American way as another amount: the same centavos, or refused as a matter of format", () => {
    fc.assert(
      fc.property(cents, (value) => {
        const text = american.format(value / 100 + 0.1);
        const read = readBRL(text);
        if (read.ok) expect(read.cents).toBe(value + 10);
        else expect(read).toEqual({ ok: false, problem: "format" });
        // Below a thousand with two decimals ('89.90'): only a decimal point, so it is read.
        if (/^\d+\.\d{2}$/.test(text)) expect(read).toEqual({ ok: true, cents: value + 10 });
      }),
    );
  });

  it("reads every price typed with a dot and two centavos digits ('89.90') as those centavos", () => {
    fc.assert(
      fc.property(cents, (value) => {
        const text = `${Math.floor(value / 100)}.${String(value % 100).padStart(2, "0")}`;
        expect(readBRL(text)).toEqual({ ok: true, cents: value });
      }),
    );
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
