import { describe, expect, it } from "vitest";
import { formatChaveAcesso, formatCnpj, isValidChaveAcesso, isValidCnpj, isValidGtin, isValidNcm } from "./identifiers";

describe("fiscal identifiers", () => {
  it("checks a CNPJ's two check digits", () => {
    expect(isValidCnpj("11.222.333/0001-81")).toBe(true);
    expect(isValidCnpj("11222333000181")).toBe(true);
    expect(isValidCnpj("11.222.333/0001-82")).toBe(false);
    expect(isValidCnpj("11111111111111")).toBe(false);
    expect(isValidCnpj("1122233300018")).toBe(false);
    expect(formatCnpj("11222333000181")).toBe("11.222.333/0001-81");
  });

  it("takes an NCM of eight digits, with or without its dots", () => {
    expect(isValidNcm("64039990")).toBe(true);
    expect(isValidNcm("6403.99.90")).toBe(true);
    expect(isValidNcm("6403999")).toBe(false);
    expect(isValidNcm("6403999A")).toBe(false);
  });

  it("checks a GTIN's check digit at every length", () => {
    expect(isValidGtin("7891234567895")).toBe(true); // EAN-13
    expect(isValidGtin("7891234567896")).toBe(false);
    expect(isValidGtin("96385074")).toBe(true); // EAN-8
    expect(isValidGtin("036000291452")).toBe(true); // UPC-A
    expect(isValidGtin("SEM GTIN")).toBe(false);
  });

  it("checks a chave de acesso's last digit and prints it in groups of four", () => {
    const key = "2611251122233300018155001000000123100000123";
    const withDigit = [...Array(10).keys()].map((digit) => `${key}${digit}`).filter(isValidChaveAcesso);
    expect(withDigit).toHaveLength(1);
    expect(isValidChaveAcesso(`${key}`)).toBe(false);
    expect(formatChaveAcesso(withDigit[0]!).split(" ")).toHaveLength(11);
  });
});
