import { describe, expect, it } from "vitest";
import { findZone, zoneFeeCents, zonesOfTown, type DeliveryZone } from "./zones";

const zone = (neighborhood: string, feeCents: number, freeAboveCents: number | null = null, city = "Barreiros"): DeliveryZone => ({
  id: 1,
  city,
  state: "PE",
  neighborhood,
  feeCents,
  freeAboveCents,
  deliveryTime: "",
  cutoff: "",
});
const ZONES = [zone("Centro", 500, 30_000), zone("Cohab", 800), zone("Centro", 600, null, "Sirinhaém")];

describe("delivery zones", () => {
  it("finds the bairro of the town ignoring case and accents, never another town's", () => {
    expect(findZone(ZONES, " barreiros", "CENTRO")?.feeCents).toBe(500);
    expect(findZone(ZONES, "sirinhaem", "centro")?.feeCents).toBe(600);
    expect(findZone(ZONES, "Barreiros", "Praia")).toBeNull();
    expect(findZone(ZONES, "Recife", "Centro")).toBeNull();
    expect(findZone(ZONES, "Barreiros", " ")).toBeNull();
  });
  it("lists a town's bairros, none for an unknown or empty town", () => {
    expect(zonesOfTown(ZONES, "Barreiros").map((z) => z.neighborhood)).toEqual(["Centro", "Cohab"]);
    expect(zonesOfTown(ZONES, "")).toEqual([]);
  });
  it("is free at or above the free-above amount, never when there is none", () => {
    expect(zoneFeeCents(ZONES[0]!, 29_999)).toBe(500);
    expect(zoneFeeCents(ZONES[0]!, 30_000)).toBe(0);
    expect(zoneFeeCents(ZONES[1]!, 1_000_000)).toBe(800);
  });
});
