import { describe, expect, it } from "vitest";
import { decimalPrice } from "../format/money";
import { jsonLdHtml, productJsonLd } from "./structured-data";

const origin = "https://loja.example";

function product(overrides: Partial<Parameters<typeof productJsonLd>[0]> = {}): Parameters<typeof productJsonLd>[0] {
  return {
    id: 42,
    name: "Tênis de Corrida",
    description: "Leve e macio.",
    category: "Esportivo",
    brand: "Olympikus",
    priceCents: 12990,
    inStock: true,
    images: [
      { key: "abc", widths: [320, 640, 1024] },
      { key: "def", widths: [320] },
    ],
    ...overrides,
  };
}

/** What search engines read: the serialised form, where undefined fields disappear. */
function serialised(data: unknown) {
  return JSON.parse(JSON.stringify(data));
}

describe("productJsonLd", () => {
  it("describes a priced product in stock with absolute URLs", () => {
    expect(serialised(productJsonLd(product(), origin))).toEqual({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Tênis de Corrida",
      description: "Leve e macio.",
      image: ["https://loja.example/media/abc-1024.webp", "https://loja.example/media/def-320.webp"],
      sku: "42",
      category: "Esportivo",
      brand: { "@type": "Brand", name: "Olympikus" },
      offers: {
        "@type": "Offer",
        url: "https://loja.example/produto/42",
        priceCurrency: "BRL",
        price: "129.90",
        availability: "https://schema.org/InStock",
        itemCondition: "https://schema.org/NewCondition",
      },
    });
  });

  it("marks an out-of-stock product", () => {
    expect(productJsonLd(product({ inStock: false }), origin).offers.availability).toBe("https://schema.org/OutOfStock");
  });

  it("leaves the price out when the product is 'Consultar Preço'", () => {
    const offers = serialised(productJsonLd(product({ priceCents: null }), origin)).offers;
    expect(offers).not.toHaveProperty("price");
    expect(offers.url).toBe("https://loja.example/produto/42");
  });

  it("leaves out an empty brand and copes with a product without images", () => {
    const data = serialised(productJsonLd(product({ brand: "", images: [] }), origin));
    expect(data).not.toHaveProperty("brand");
    expect(data.image).toEqual([]);
  });

  it("cannot close its script element", () => {
    const html = jsonLdHtml(productJsonLd(product({ name: "</script><script>alert(1)</script>" }), origin));
    expect(html).not.toContain("</script>");
  });
});

describe("decimalPrice", () => {
  it("writes centavos as a dot decimal with two places", () => {
    expect(decimalPrice(12990)).toBe("129.90");
    expect(decimalPrice(5)).toBe("0.05");
    expect(decimalPrice(100000)).toBe("1000.00");
  });
});
