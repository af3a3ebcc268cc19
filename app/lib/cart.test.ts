import { describe, expect, it } from "vitest";
import type { ProductSummary } from "./catalog";
import { addToCart, cartTotals, parseStoredCart, removeFromCart, setCartQuantity } from "./cart";

function product(overrides: Partial<ProductSummary> = {}): ProductSummary {
  return {
    id: 7,
    name: "Tênis Corrida",
    description: "Leve",
    category: "Esportivo",
    shop: { id: 4, slug: "sports", name: "Erick Sports" },
    priceCents: 19990,
    oldPriceCents: null,
    discountPercent: null,
    sizes: ["38", "39"],
    colors: ["Preto"],
    inStock: true,
    featured: false,
    image: null,
    ...overrides,
  };
}

describe("cart rules", () => {
  it("grows a line with the same product, size and colour", () => {
    let cart = addToCart([], product(), { size: "38", color: "Preto" }, 1);
    cart = addToCart(cart, product(), { size: "38", color: "Preto" }, 2);
    expect(cart).toHaveLength(1);
    expect(cart[0]?.quantity).toBe(2);
    expect(cart[0]?.cartItemId).toBe("7-38-Preto-1");
  });

  it("adds a new line for another size, and the chosen quantity from the product page", () => {
    let cart = addToCart([], product(), { size: "38", color: "Preto" }, 1);
    cart = addToCart(cart, product(), { size: "39", color: "Preto", quantity: 3 }, 2);
    expect(cart.map((item) => item.quantity)).toEqual([1, 3]);
  });

  it("removes a line by id and when its quantity drops below 1", () => {
    let cart = addToCart([], product(), { size: "38", color: null }, 1);
    cart = addToCart(cart, product({ id: 8 }), { size: null, color: null }, 2);
    expect(removeFromCart(cart, "7-38--1").map((item) => item.id)).toEqual([8]);
    expect(setCartQuantity(cart, "8---2", 0).map((item) => item.id)).toEqual([7]);
    expect(setCartQuantity(cart, "8---2", 5).find((item) => item.id === 8)?.quantity).toBe(5);
  });

  it("totals with missing prices counted as 0 and flagged", () => {
    let cart = addToCart([], product(), { size: "38", color: null, quantity: 2 }, 1);
    cart = addToCart(cart, product({ id: 9, priceCents: null }), { size: null, color: null }, 2);
    expect(cartTotals(cart)).toEqual({ totalCents: 39980, itemCount: 3, hasConsultItems: true });
    expect(cartTotals([])).toEqual({ totalCents: 0, itemCount: 0, hasConsultItems: false });
  });

  it("keeps only valid lines of a stored cart", () => {
    const good = addToCart([], product(), { size: "38", color: null }, 1)[0];
    expect(parseStoredCart(JSON.stringify([good, { id: "x" }]))).toEqual([good]);
    expect(parseStoredCart("not json")).toEqual([]);
    expect(parseStoredCart('{"a":1}')).toEqual([]);
    expect(parseStoredCart(null)).toEqual([]);
  });
});
