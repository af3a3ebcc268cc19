import { describe, expect, it } from "vitest";
import { ORDER_SOURCE_LABELS, ORDER_SOURCES, orderSourceOf } from "./order-source";

describe("orderSourceOf", () => {
  it("reads the shop's own links' utm_source", () => {
    expect(orderSourceOf("whatsapp")).toBe("whatsapp");
    expect(orderSourceOf("qr")).toBe("qr");
    expect(orderSourceOf("google")).toBe("google");
    expect(orderSourceOf("instagram")).toBe("instagram");
    // The Meta catalogue feed's links: shown on Instagram and Facebook.
    expect(orderSourceOf("meta")).toBe("instagram");
    expect(orderSourceOf(" WhatsApp ")).toBe("whatsapp");
  });

  it("reads the referrer's host name", () => {
    expect(orderSourceOf("https://www.google.com/")).toBe("google");
    expect(orderSourceOf("https://www.google.com.br/")).toBe("google");
    expect(orderSourceOf("https://l.instagram.com/?u=https%3A%2F%2Floja.example%2Fproduto%2F3&e=AT0")).toBe("instagram");
    expect(orderSourceOf("https://m.facebook.com/")).toBe("instagram");
    expect(orderSourceOf("https://web.whatsapp.com/")).toBe("whatsapp");
  });

  it("takes anything else as direct: nothing, other sites, look-alikes, forged values", () => {
    const lookAlikes = ["https://google.com.evil.example/", "https://notgoogle.com/", "https://instagram.com.br.example/", "https://evil.example/?r=www.google.com"];
    for (const hint of [undefined, null, "", "direto", "https://www.bing.com/", "www.google.com", ...lookAlikes, "toString", "__proto__", `https://www.google.com/?q=${"x".repeat(2_000)}`, 42, ["whatsapp"]]) {
      expect(orderSourceOf(hint), String(hint)).toBe("direto");
    }
  });

  it("labels every source in Portuguese", () => {
    expect(Object.keys(ORDER_SOURCE_LABELS).sort()).toEqual([...ORDER_SOURCES].sort());
  });
});
