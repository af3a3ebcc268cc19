import { describe, expect, it } from "vitest";
import { greetingMessage, priceInquiryMessage, storeWhatsAppNumber, whatsappLink } from "./whatsapp";

/** The text a wa.me link carries, decoded. */
function textOf(link: string): string | null {
  return new URL(link).searchParams.get("text");
}

describe("whatsappLink", () => {
  it("keeps only the digits of the number", () => {
    expect(whatsappLink("+55 (81) 9 9999-0000")).toBe("https://wa.me/5581999990000");
  });

  it("leaves out the text parameter when there is no text", () => {
    expect(whatsappLink("5581999990000", "")).toBe("https://wa.me/5581999990000");
    expect(whatsappLink("5581999990000")).not.toContain("?");
  });

  it("encodes accents, line breaks, spaces and reserved characters so the text survives the round trip", () => {
    const text = "Olá! Preço: R$ 10,00 & mais\n2ª linha #1 ?x=1 100%";
    const link = whatsappLink("5581999990000", text);
    expect(link.startsWith("https://wa.me/5581999990000?text=")).toBe(true);
    expect(link.slice(link.indexOf("?text=") + 6)).not.toMatch(/[\s&#?]/);
    expect(link).toContain("%0A");
    expect(link).toContain("%26");
    expect(textOf(link)).toBe(text);
  });

  it("uses %20 for spaces, which WhatsApp shows as spaces (a + would stay a +)", () => {
    expect(whatsappLink("1", "a b+c")).toBe("https://wa.me/1?text=a%20b%2Bc");
  });
});

describe("greetingMessage", () => {
  it("names the store", () => {
    expect(greetingMessage("Grupo Erick")).toBe("Olá! Vim pelo site do Grupo Erick e gostaria de mais informações.");
  });
});

describe("priceInquiryMessage", () => {
  it("names the product and its shop, and puts the product URL on its own line", () => {
    const text = priceInquiryMessage({ name: "Bolsa Couro", shopName: "Erick Variedades" }, "https://loja.example/produto/3");
    expect(text).toBe(
      "Olá! Gostaria de consultar o preço do produto: Bolsa Couro (Erick Variedades).\nhttps://loja.example/produto/3",
    );
  });
});

describe("storeWhatsAppNumber", () => {
  it("uses the store's own number, else the shop's (also when the store still has the example number)", () => {
    expect(storeWhatsAppNumber("5581988887777", "5581911112222")).toBe("5581988887777");
    expect(storeWhatsAppNumber("", "5581911112222")).toBe("5581911112222");
    expect(storeWhatsAppNumber(null, "5581911112222")).toBe("5581911112222");
    expect(storeWhatsAppNumber("+55 (81) 90000-0000", "5581911112222")).toBe("5581911112222");
  });
});
