import { describe, expect, it } from "vitest";
import { isValidCnpj, normalizePixKey, PIX_KEY_MESSAGES, usablePixKey } from "./pix-key";

describe("normalizePixKey", () => {
  it.each([
    ["(81) 99876-5432", "+5581998765432", "phone"],
    ["+55 81 99876-5432", "+5581998765432", "phone"],
    ["+5581998765432", "+5581998765432", "phone"],
    ["55 81 99876-5432", "+5581998765432", "phone"],
    ["081 99876-5432", "+5581998765432", "phone"],
    ["81 99876-5432", "+5581998765432", "phone"],
    ["123.456.789-09", "12345678909", "cpf"],
    ["12345678909", "12345678909", "cpf"],
    ["11.222.333/0001-81", "11222333000181", "cnpj"],
    ["11222333000181", "11222333000181", "cnpj"],
    [" Contato@ErickCalcados.com.BR ", "contato@erickcalcados.com.br", "email"],
    ["123E4567-E89B-12D3-A456-426614174000", "123e4567-e89b-12d3-a456-426614174000", "random"],
    ["123e4567e89b12d3a456426614174000", "123e4567-e89b-12d3-a456-426614174000", "random"],
  ])("%j → %s (%s)", (typed, key, kind) => {
    expect(normalizePixKey(typed)).toEqual({ ok: true, key, kind });
  });

  it("an empty text is no key", () => {
    expect(normalizePixKey("  ")).toMatchObject({ ok: true, key: "" });
    expect(usablePixKey("")).toBeNull();
  });

  it.each([
    ["123.456.789-00", PIX_KEY_MESSAGES.cpf],
    ["11.222.333/0001-80", PIX_KEY_MESSAGES.cnpj],
    ["(81) 3675-1995", PIX_KEY_MESSAGES.phone],
    ["+1 415 555 0100", PIX_KEY_MESSAGES.phone],
    ["contato@", PIX_KEY_MESSAGES.email],
    ["minha chave", PIX_KEY_MESSAGES.none],
    ["99876-5432", PIX_KEY_MESSAGES.none],
    ["1234", PIX_KEY_MESSAGES.none],
  ])("%j is refused: %s", (typed, message) => {
    expect(normalizePixKey(typed)).toMatchObject({ ok: false, message });
  });

  it("refuses 11 bare digits that are both a valid CPF and a mobile, but codes keep using them as stored", () => {
    const both = findCpfThatIsAMobile();
    expect(normalizePixKey(both)).toMatchObject({ ok: false, message: PIX_KEY_MESSAGES.ambiguous });
    expect(usablePixKey(both)).toBe(both);
    expect(normalizePixKey(`${both.slice(0, 3)}.${both.slice(3, 6)}.${both.slice(6, 9)}-${both.slice(9)}`)).toMatchObject({ ok: true, key: both, kind: "cpf" });
    expect(normalizePixKey(`(${both.slice(0, 2)}) ${both.slice(2)}`)).toMatchObject({ ok: true, key: `+55${both}`, kind: "phone" });
  });

  it("gives no usable key for text that is none", () => {
    expect(usablePixKey("(81) 99876-5432")).toBe("+5581998765432");
    expect(usablePixKey("minha chave")).toBeNull();
  });

  it("checks CNPJ digits", () => {
    expect(isValidCnpj("11222333000181")).toBe(true);
    expect(isValidCnpj("11111111111111")).toBe(false);
    expect(isValidCnpj("11222333000180")).toBe(false);
  });
});

/** A CPF whose 11 digits also read as a mobile, (81) 9xxxx-xxxx: its nine first digits with their check digits. */
function findCpfThatIsAMobile(): string {
  const digits = [..."819987650"].map(Number);
  for (const length of [9, 10]) {
    let sum = 0;
    for (let index = 0; index < length; index++) sum += digits[index]! * (length + 1 - index);
    digits.push(((sum * 10) % 11) % 10);
  }
  return digits.join("");
}
