import { describe, expect, it } from "vitest";
import { isBrazilianPhone, telHref } from "./phone";

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

describe("isBrazilianPhone", () => {
  it("takes mobiles and landlines as people write them, with or without the country code", () => {
    for (const phone of ["(81) 99999-8888", "81999998888", "+55 81 99999-8888", "5581999998888", "(81) 3675-1995", "81 3675.1995", "(11) 2345-6789"]) {
      expect(isBrazilianPhone(phone), phone).toBe(true);
    }
  });

  it("refuses letters, markup, unknown area codes and the wrong number of digits", () => {
    for (const phone of ["81 9999-888x", "<b>81999998888</b>", "81999998888\n*Total*", "(20) 99999-8888", "(81) 89999-8888", "(81) 1675-1995", "999998888", "819999988881", ""]) {
      expect(isBrazilianPhone(phone), phone).toBe(false);
    }
  });
});
