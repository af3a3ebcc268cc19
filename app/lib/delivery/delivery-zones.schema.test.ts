import { describe, expect, it } from "vitest";
import { deliveryZoneFormSchema, fallbackRateFormSchema } from "./delivery-zones.schema";

const ZONE = { city: " Barreiros ", state: "PE", neighborhood: "Cohab", feeCents: "7,00", freeAboveCents: "", deliveryTime: "no mesmo dia", cutoff: "" };

describe("the /admin/entregas forms", () => {
  it("reads money as typed in Brazil; a blank free-above is none", () => {
    expect(deliveryZoneFormSchema.parse(ZONE)).toMatchObject({ city: "Barreiros", feeCents: 700, freeAboveCents: null });
    expect(deliveryZoneFormSchema.parse({ ...ZONE, freeAboveCents: "1.200,00" }).freeAboveCents).toBe(120_000);
  });
  it("refuses an ambiguous dot ('7.5'; '7.50' reads as 7,50), a missing fee or bairro, with messages", () => {
    const dot = deliveryZoneFormSchema.safeParse({ ...ZONE, feeCents: "7.5" });
    expect(dot.success ? null : dot.error.issues[0]?.message).toMatch(/1\.234,56/);
    const missing = deliveryZoneFormSchema.safeParse({ ...ZONE, feeCents: "", neighborhood: "" });
    expect(missing.success ? [] : missing.error.issues.map((issue) => issue.path[0]).sort()).toEqual(["feeCents", "neighborhood"]);
  });
  it("takes a state's line of the table only for a real state", () => {
    expect(fallbackRateFormSchema.parse({ state: "SP", feeCents: "55,00", deliveryTime: "" })).toEqual({ state: "SP", feeCents: 5_500, deliveryTime: "" });
    expect(fallbackRateFormSchema.safeParse({ state: "XX", feeCents: "55,00" }).success).toBe(false);
  });
});
