import { describe, expect, it } from "vitest";
import { formatReadyOn, pickupAvailabilityText, transferReadyOn, transferText } from "./store-transfer";

describe("a pick-up's transfer between stores", () => {
  it("arrives the next day the stores open, by the shop's clock (Sundays skipped)", () => {
    // Thursday 26/11/2026 at 23:30 in Recife is Friday 02:30 UTC: still Thursday at the shop.
    expect(transferReadyOn("2026-11-27T02:30:00Z")).toBe("2026-11-27");
    // Saturday → Monday.
    expect(transferReadyOn("2026-11-28T15:00:00Z")).toBe("2026-11-30");
    expect(transferReadyOn("2026-11-28T15:00:00Z", 2)).toBe("2026-12-01");
    expect(formatReadyOn("2026-11-30")).toBe("seg., 30/11");
  });

  it("reads in the checkout's list and the order's texts", () => {
    expect(pickupAvailabilityText("today")).toBe("Tem tudo hoje");
    expect(pickupAvailabilityText("transfer")).toBe("Chega em 1 dia (transferência)");
    expect(pickupAvailabilityText("none")).toBe("Não tem");
    expect(transferText({ fromStores: ["Variedades Sirinhaém"], lines: [], readyOn: "2026-11-30" })).toBe(
      "Vem de Variedades Sirinhaém (transferência): pronto para retirada em 1 dia útil, previsão seg., 30/11.",
    );
  });
});
