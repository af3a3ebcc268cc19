import { describe, expect, it } from "vitest";
import { deliveryFeeCents } from "./delivery";
import { DEFAULT_SETTINGS } from "../group/settings.schema";

describe("deliveryFeeCents", () => {
  it("charges the fee in the delivery cities below the free-shipping minimum", () => {
    expect(deliveryFeeCents(DEFAULT_SETTINGS, "delivery", "Barreiros", 29_999)).toBe(500);
  });
  it("is free at or above the minimum", () => {
    expect(deliveryFeeCents(DEFAULT_SETTINGS, "delivery", "Barreiros", 30_000)).toBe(0);
  });
  it("matches the city ignoring case and accents", () => {
    expect(deliveryFeeCents(DEFAULT_SETTINGS, "delivery", "  sirinhaem ", 100)).toBe(500);
  });
  it("is 'A combinar' (null) elsewhere", () => {
    expect(deliveryFeeCents(DEFAULT_SETTINGS, "delivery", "Recife", 100_000)).toBeNull();
  });
  it("is free for pick-up in a store", () => {
    expect(deliveryFeeCents(DEFAULT_SETTINGS, "pickup", "", 100)).toBe(0);
  });
});
