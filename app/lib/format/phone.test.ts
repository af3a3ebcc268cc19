import { describe, expect, it } from "vitest";
import { brazilianPhoneText, isBrazilianPhone, telHref } from "./phone";
import { lacksAreaCode, maskPhone, whatsAppDigits } from "../forms/phone-input";

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

describe("maskPhone", () => {
  it("formats a number once it has its area code", () => {
    expect(maskPhone("81999998888")).toBe("(81) 99999-8888");
    expect(maskPhone("8136751995")).toBe("(81) 3675-1995");
    expect(maskPhone("+55 81 99876-5432")).toBe("(81) 99876-5432");
    expect(maskPhone("5581998765432")).toBe("(81) 99876-5432");
  });

  it("never makes an area code of the first digits of a local number", () => {
    for (const typed of ["9", "99", "991", "99123", "99123-4567", "3675-1995", "991234567"]) {
      expect(maskPhone(typed), typed).toBe(typed);
    }
    // Typed digit by digit, as the checkout's mask sees it.
    let shown = "";
    for (const key of "99123-4567") shown = maskPhone(shown + key);
    expect(shown).toBe("99123-4567");
  });

  it("keeps the country code typed after a + out of the area code", () => {
    let shown = "";
    for (const key of "+55 81 99876-5432") shown = maskPhone(shown + key);
    expect(shown).toBe("(81) 99876-5432");
  });

  it("drops what no phone has", () => {
    expect(maskPhone("81 9999<b>")).toBe("81 9999");
  });
});

describe("lacksAreaCode", () => {
  it("is a local number of 8 or 9 digits", () => {
    for (const phone of ["99123-4567", "3675-1995", "991234567"]) expect(lacksAreaCode(phone), phone).toBe(true);
    for (const phone of ["(81) 99123-4567", "81", "9912-34x67", ""]) expect(lacksAreaCode(phone), phone).toBe(false);
  });
});

describe("whatsAppDigits", () => {
  it("takes the shop's number in any usual form and keeps the digits with 55", () => {
    for (const phone of ["(81) 99876-5432", "+55 81 99876-5432", "81998765432", "5581998765432", " 81 9 9876-5432 "]) {
      expect(whatsAppDigits(phone), phone).toBe("5581998765432");
    }
    expect(whatsAppDigits("(81) 3675-1995")).toBe("558136751995");
  });

  it("refuses a number without area code, with letters or with too many digits", () => {
    for (const phone of ["99876-5432", "81 9999-ABCD", "55819999988889", "(20) 99876-5432", "999", ""]) {
      expect(whatsAppDigits(phone), phone).toBeNull();
    }
  });
});

describe("brazilianPhoneText", () => {
  it("shows a stored number as it was typed (issue 51: '(81) 98765-4321' came back as 5581987654321)", () => {
    expect(brazilianPhoneText("5581987654321")).toBe("(81) 98765-4321");
    expect(brazilianPhoneText("81987654321")).toBe("(81) 98765-4321");
    expect(brazilianPhoneText("558136751995")).toBe("(81) 3675-1995");
    expect(brazilianPhoneText("@erick")).toBe("@erick");
  });
});
