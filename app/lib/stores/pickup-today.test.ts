import { describe, expect, it } from "vitest";
import { pickupTodayText } from "./pickup-today";

describe("pickupTodayText", () => {
  const towns = [
    { town: "Barreiros", units: [2, 0, 1] },
    { town: "Sirinhaém", units: [1, 0, 0] },
  ];

  it("names the towns holding the variant, with their units, in order", () => {
    expect(pickupTodayText(towns, 0, 10)).toBe("Retire hoje: Barreiros (2), Sirinhaém (1)");
    expect(pickupTodayText(towns, 2, 10)).toBe("Retire hoje: Barreiros (1)");
  });

  it("says 'N+' for a town at the page's cap: the page knows no more than that", () => {
    expect(pickupTodayText([{ town: "Barreiros", units: [10] }, { town: "Sirinhaém", units: [9] }], 0, 10)).toBe("Retire hoje: Barreiros (10+), Sirinhaém (9)");
  });

  it("says nothing when no town holds it, or no variant is chosen", () => {
    expect(pickupTodayText(towns, 1, 10)).toBeNull();
    expect(pickupTodayText(towns, -1, 10)).toBeNull();
    expect(pickupTodayText([], 0, 10)).toBeNull();
  });
});
