import { describe, expect, it } from "vitest";
import { notesText, oneLine, withoutControlCharacters } from "./plain-text";

describe("withoutControlCharacters", () => {
  it("removes NUL, other controls and bidi overrides, and keeps tabs, line breaks and accents", () => {
    expect(withoutControlCharacters("Ana\u0000 Maria\u0007\u001b")).toBe("Ana Maria");
    expect(withoutControlCharacters("R$ \u202e00,01\u202c")).toBe("R$ 00,01");
    expect(withoutControlCharacters("a\u200fb\u2066c\u2069\u061c")).toBe("abc");
    expect(withoutControlCharacters("linha 1\nlinha\t2\r\n")).toBe("linha 1\nlinha\t2\r\n");
    expect(withoutControlCharacters("São João, ação 💥")).toBe("São João, ação 💥");
    // C1 controls, every one of them: never stored from any form (readFormData) or file (CSV import).
    expect(withoutControlCharacters(Array.from({ length: 32 }, (_, index) => String.fromCharCode(0x80 + index)).join(""))).toBe("");
    expect(oneLine("Pano\u0085de prato")).toBe("Panode prato");
  });
});

describe("oneLine", () => {
  it("turns every line break and run of spaces into one space", () => {
    expect(oneLine("Ana\n*Itens*\r\n1. Tênis\u2028*Total: R$ 1,00*  ")).toBe("Ana *Itens* 1. Tênis *Total: R$ 1,00*");
    expect(oneLine("  Rua\t\tA\u0000 ")).toBe("Rua A");
  });
});

describe("notesText", () => {
  it("keeps line breaks but no line starts with WhatsApp markup or reads as a total", () => {
    expect(notesText("Deixar na portaria\n*Total: R$ 1,00*\n  _Subtotal: R$ 0,50_\n> citação\ntotalmente ok?")).toBe(
      "Deixar na portaria\nObs.: Total: R$ 1,00*\nObs.: Subtotal: R$ 0,50_\ncitação\ntotalmente ok?",
    );
  });

  it("removes control characters and normalises line breaks", () => {
    expect(notesText("a\u0000b\r\nc\u202ed\re")).toBe("ab\ncd\ne");
  });
});
