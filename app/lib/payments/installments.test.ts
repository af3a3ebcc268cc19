import { describe, expect, it } from "vitest";
import { installmentOptions, MAX_INSTALLMENTS, maxInstallmentsFor } from "./installments";

describe("instalments", () => {
  const settings = { maxInstallments: 5 };

  it("splits card and store-credit payments up to the shop's maximum, the others not at all", () => {
    expect(maxInstallmentsFor(settings, "credit")).toBe(5);
    expect(maxInstallmentsFor(settings, "store_credit")).toBe(5);
    for (const method of ["pix", "debit", "cash", "unknown"]) expect(maxInstallmentsFor(settings, method), method).toBe(1);
  });

  it("offers 1x to the maximum for a total, each instalment rounded up to the centavo", () => {
    expect(installmentOptions(settings, "credit", 10_000)).toEqual([
      { count: 1, eachCents: 10_000 },
      { count: 2, eachCents: 5_000 },
      { count: 3, eachCents: 3_334 },
      { count: 4, eachCents: 2_500 },
      { count: 5, eachCents: 2_000 },
    ]);
    expect(installmentOptions(settings, "pix", 10_000)).toEqual([{ count: 1, eachCents: 10_000 }]);
    expect(installmentOptions({ maxInstallments: MAX_INSTALLMENTS }, "credit", 100)).toHaveLength(12);
  });
});
