import { describe, expect, it } from "vitest";
import { crc16, pixPayload } from "./pix";

describe("crc16", () => {
  it("matches the CCITT-FALSE check value", () => {
    // The standard check input for CRC-16/CCITT-FALSE.
    expect(crc16("123456789")).toBe("29B1");
  });
});

describe("pixPayload", () => {
  it("reproduces the Central Bank's published static example", () => {
    // Manual de Padrões para Iniciação do Pix, example with a random key and no amount.
    const expected =
      "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR" +
      "5913FULANO DE TAL6008BRASILIA62070503***63041D3D";
    // The manual's payload carries the name in mixed case; ours upper-cases it, so compare the body
    // after swapping that field and recomputing the CRC over the manual's own text.
    const manual =
      "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR" +
      "5913Fulano de Tal6008BRASILIA62070503***6304";
    expect(crc16(manual)).toBe("1D3D");
    const ours = pixPayload({
      key: "123e4567-e12b-12d1-a456-426655440000",
      merchantName: "Fulano de Tal",
      merchantCity: "BRASILIA",
    });
    expect(ours.slice(0, -4)).toBe(expected.slice(0, -4));
    expect(ours.slice(-4)).toBe(crc16(ours.slice(0, -4)));
  });

  it("carries the amount, the txid and plain ASCII names", () => {
    const payload = pixPayload({
      key: "contato@erick.com.br",
      merchantName: "Erick Calçados e Variedades Ltda",
      merchantCity: "Sirinhaém",
      amountCents: 12990,
      txid: "A1B2-C3D4",
    });
    expect(payload).toContain("5406129.90");
    expect(payload).toContain("5925ERICK CALCADOS E VARIEDA");
    expect(payload).toContain("6009SIRINHAEM");
    expect(payload).toContain("62120508A1B2C3D4");
    expect(payload).toMatch(/6304[0-9A-F]{4}$/);
    expect(payload.slice(-4)).toBe(crc16(payload.slice(0, -4)));
  });
});
