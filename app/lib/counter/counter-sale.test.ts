import { describe, expect, it } from "vitest";
import { scannedCode } from "./counter-sale";

describe("scannedCode", () => {
  it("reads a price card's QR as its product, and anything else as a barcode or SKU", () => {
    expect(scannedCode("https://loja.exemplo.com.br/produto/12?utm_source=qr")).toEqual({ productId: 12 });
    expect(scannedCode(" 7891234567895 ")).toEqual({ sku: "7891234567895" });
    expect(scannedCode("")).toBeNull();
  });

  it("names nothing the database could not look up: a page id past PostgreSQL's integer, control characters, a code too long", () => {
    expect(scannedCode("/produto/9999999999")).toBeNull();
    expect(scannedCode("/produto/0")).toBeNull();
    expect(scannedCode("ABC\u0000123")).toBeNull();
    expect(scannedCode("x".repeat(81))).toBeNull();
  });
});
