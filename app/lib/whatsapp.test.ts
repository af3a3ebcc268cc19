import { describe, expect, it } from "vitest";
import type { CartItem } from "./cart";
import { cartMessage, CONSULT_NOTE, contactMessage, greetingMessage, priceInquiryMessage, whatsappLink } from "./whatsapp";

const NBSP = "\u00a0";

function item(overrides: Partial<CartItem> = {}): CartItem {
  return {
    cartItemId: "7-38-Preto-1",
    id: 7,
    name: "Tênis Corrida",
    shopName: "Erick Sports",
    category: "Esportivo",
    priceCents: 19990,
    size: "38",
    color: "Preto",
    quantity: 1,
    image: null,
    ...overrides,
  };
}

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

describe("cartMessage", () => {
  it("lists each line with its options, quantity, unit price and subtotal, then the total", () => {
    const text = cartMessage([
      item({ quantity: 2 }),
      item({ cartItemId: "9---1", id: 9, name: "Caneca", size: null, color: null, priceCents: 2500 }),
    ]);
    expect(text).toBe(
      [
        "Olá! Gostaria de fazer o seguinte pedido:",
        "",
        "1. Tênis Corrida",
        "   Tamanho: 38 | Cor: Preto",
        `   2 x R$${NBSP}199,90 = R$${NBSP}399,80`,
        "2. Caneca",
        `   1 x R$${NBSP}25,00 = R$${NBSP}25,00`,
        "",
        `Total: R$${NBSP}424,80`,
      ].join("\n"),
    );
  });

  it("shows only the option that is set", () => {
    expect(cartMessage([item({ size: null })])).toContain("\n   Cor: Preto\n");
    expect(cartMessage([item({ color: null })])).toContain("\n   Tamanho: 38\n");
  });

  it("marks lines without a price and adds the consult note, counting them as zero in the total", () => {
    const text = cartMessage([item(), item({ cartItemId: "x", id: 8, name: "Mochila", priceCents: null, size: null, color: null, quantity: 3 })]);
    expect(text).toContain("2. Mochila\n   3 x Consultar preço");
    expect(text).toContain(`Total: R$${NBSP}199,90\n${CONSULT_NOTE}`);
    expect(text.endsWith(CONSULT_NOTE)).toBe(true);
  });

  it("has no consult note when every line has a price", () => {
    expect(cartMessage([item()])).not.toContain(CONSULT_NOTE);
  });

  it("still reads well for an empty cart", () => {
    expect(cartMessage([])).toBe(`Olá! Gostaria de fazer o seguinte pedido:\n\n\nTotal: R$${NBSP}0,00`);
  });

  it("survives the trip through a wa.me link unchanged", () => {
    const text = cartMessage([item({ name: "Sandália Rasteira & Cia #2" })]);
    expect(textOf(whatsappLink("5581999990000", text))).toBe(text);
  });
});

describe("contactMessage", () => {
  const input = {
    name: "Maria da Silva",
    email: "maria@example.com",
    phone: "(81) 99999-0000",
    store: "Erick Calçados Barreiros",
    message: "Vocês têm o tênis 38 em azul?",
  };

  it("holds name, e-mail, phone, store of interest and message", () => {
    expect(contactMessage(input)).toBe(
      [
        "Olá! Mensagem enviada pelo site:",
        "",
        "Nome: Maria da Silva",
        "E-mail: maria@example.com",
        "Telefone: (81) 99999-0000",
        "Loja de interesse: Erick Calçados Barreiros",
        "",
        "Mensagem: Vocês têm o tênis 38 em azul?",
      ].join("\n"),
    );
  });

  it("says so when the optional phone and store are left empty", () => {
    const text = contactMessage({ ...input, phone: "", store: "" });
    expect(text).toContain("Telefone: Não informado");
    expect(text).toContain("Loja de interesse: Qualquer loja");
  });

  it("keeps a multi-line message intact through a wa.me link", () => {
    const text = contactMessage({ ...input, message: "Linha 1\nLinha 2 & 3" });
    expect(textOf(whatsappLink("5581999990000", text))).toBe(text);
  });
});
