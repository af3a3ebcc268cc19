import { describe, expect, it } from "vitest";
import { telHref } from "./phone";

describe("telHref", () => {
  it("adds Brazil's country code to a local number with area code", () => {
    expect(telHref("(81) 3675-1995")).toBe("tel:+558136751995");
    expect(telHref("(81) 99999-0000")).toBe("tel:+5581999990000");
  });

  it("keeps a number that already has the country code", () => {
    expect(telHref("5581900000000")).toBe("tel:+5581900000000");
    expect(telHref("+55 (81) 3675-1995")).toBe("tel:+558136751995");
  });

  it("does not mistake the area code 55 for the country code", () => {
    expect(telHref("(55) 3222-1234")).toBe("tel:+555532221234");
  });
});
