import { describe, expect, it } from "vitest";
import type { ProductSummary } from "../catalog/catalog";
import { parseStoredJson } from "../storage/stored-json";
import { addToCart, addWithinStock, cartFromStored, cartTotals, quantityInCart, removeFromCart, setCartQuantity, stockRefusal } from "./cart";
import { idsToCheck, lineStockLimit, parseStockIds, reconcileCart, stockRequestUrls, type ProductStock } from "./cart-stock";

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
    // 38 Preto: 5, 39 Preto: 2
    variantStock: [5, 2],
    maxUnitsPerLine: 10,
    featured: false,
    image: null,
    ...overrides,
  };
}

const storedCart = (raw: string | null) => parseStoredJson(raw, cartFromStored);

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
    expect(storedCart(JSON.stringify([good, { id: "x" }]))).toEqual([good]);
    expect(storedCart("not json")).toEqual([]);
    expect(storedCart('{"a":1}')).toEqual([]);
    expect(storedCart(null)).toEqual([]);
  });
});

describe("stock per size and colour", () => {
  it("counts what the cart already holds of a size and colour", () => {
    let cart = addToCart([], product(), { size: "38", color: "Preto", quantity: 2 }, 1);
    cart = addToCart(cart, product(), { size: "39", color: "Preto" }, 2);
    expect(quantityInCart(cart, 7, "38", "Preto")).toBe(2);
    expect(quantityInCart(cart, 7, "39", "Preto")).toBe(1);
    expect(quantityInCart(cart, 7, "40", "Preto")).toBe(0);
  });

  it("refuses past the variant's stock with the exact number, counting the cart", () => {
    expect(stockRefusal([], product(), { size: "39", color: "Preto", quantity: 2 })).toBeNull();
    expect(stockRefusal([], product(), { size: "39", color: "Preto", quantity: 3 })).toBe("Temos só 2 unidades deste tamanho nesta cor");
    const cart = addToCart([], product(), { size: "39", color: "Preto" }, 1);
    expect(stockRefusal(cart, product(), { size: "39", color: "Preto", quantity: 2 })).toBe(
      "Temos só 2 unidades deste tamanho nesta cor. Você já tem 1 unidade no carrinho",
    );
    expect(stockRefusal([], product({ variantStock: [0, 2] }), { size: "38", color: "Preto" })).toBe("Tam. 38 / Preto esgotado");
    // A size the product does not have has no stock.
    expect(stockRefusal([], product(), { size: "44", color: "Preto" })).toBe("Tam. 44 / Preto esgotado");
    // The stock is per size × colour: the message names the colour only when the product has colours.
    expect(stockRefusal([], product({ colors: [] }), { size: "39", color: null, quantity: 3 })).toBe("Temos só 2 unidades deste tamanho");
    expect(stockRefusal([], product({ sizes: [], variantStock: [2] }), { size: null, color: "Preto", quantity: 3 })).toBe(
      "Temos só 2 unidades desta cor",
    );
  });

  it("past the units a page shows at its cap, refuses with the per-order limit, never a made-up shelf", () => {
    // The page shows 10 of a deep shelf (maxUnitsPerLine 10): 'Temos só 10' could be untrue.
    const deep = product({ variantStock: [10, 2], maxUnitsPerLine: 10 });
    expect(stockRefusal([], deep, { size: "38", color: "Preto", quantity: 10 })).toBeNull();
    expect(stockRefusal([], deep, { size: "38", color: "Preto", quantity: 11 })).toBe(
      "Cada pedido pelo site leva até 10 unidades de cada item. Para quantidades maiores, fale com a loja pelo WhatsApp",
    );
    const cart = addToCart([], deep, { size: "38", color: "Preto", quantity: 10 }, 1);
    expect(stockRefusal(cart, deep, { size: "38", color: "Preto" })).toBe(
      "Cada pedido pelo site leva até 10 unidades de cada item. Para quantidades maiores, fale com a loja pelo WhatsApp. Você já tem 10 unidades no carrinho",
    );
    // A limit of 2 shows 4 (the cap keeps 'Últimas unidades' true): the limit still stops at 2.
    expect(stockRefusal([], product({ variantStock: [4, 2], maxUnitsPerLine: 2 }), { size: "38", color: "Preto", quantity: 3 })).toMatch(/^Cada pedido pelo site leva até 2 unidades/);
    // The cart's exact units (/api/estoque) carry no limit: the shelf's words.
    expect(stockRefusal([], { ...product({ variantStock: [57, 2] }), maxUnitsPerLine: undefined }, { size: "38", color: "Preto", quantity: 58 })).toBe(
      "Temos só 57 unidades deste tamanho nesta cor",
    );
  });

  it("adds within stock and leaves the cart as it was when refused", () => {
    const first = addWithinStock([], product(), { size: "39", color: "Preto", quantity: 2 }, 1);
    expect(first.refusal).toBeNull();
    expect(first.cart[0]?.quantity).toBe(2);
    const second = addWithinStock(first.cart, product(), { size: "39", color: "Preto" }, 2);
    expect(second.refusal).toBe("Temos só 2 unidades deste tamanho nesta cor. Você já tem 2 unidades no carrinho");
    expect(second.cart).toBe(first.cart);
  });

  it("reads the stock API's ids: up to 50 distinct positive integers", () => {
    expect(parseStockIds("3,1,3")).toEqual([3, 1]);
    expect(parseStockIds(Array.from({ length: 50 }, (_, i) => i + 1).join(","))).toHaveLength(50);
    for (const bad of [null, "", "1,,2", "a", "-1", "0", "1.5", "2147483648", " 1", Array.from({ length: 51 }, (_, i) => i + 1).join(",")]) {
      expect(parseStockIds(bad), String(bad)).toBeNull();
    }
  });

  it("asks for the products not known yet, 50 per request", () => {
    let cart = addToCart([], product(), { size: "38", color: "Preto" }, 1);
    cart = addToCart(cart, product(), { size: "39", color: "Preto" }, 2);
    cart = addToCart(cart, product({ id: 3 }), { size: "38", color: "Preto" }, 3);
    expect(idsToCheck(cart, new Set())).toEqual([3, 7]);
    expect(idsToCheck(cart, new Map([[3, true]]))).toEqual([7]);
    const urls = stockRequestUrls(Array.from({ length: 51 }, (_, i) => i + 1));
    expect(urls).toHaveLength(2);
    expect(urls[1]).toBe("/api/estoque?ids=51");
  });

  it("gives a line's stepper its limit once the stock is known", () => {
    const [line] = addToCart([], product(), { size: "39", color: "Preto" }, 1);
    expect(lineStockLimit(line!, undefined)).toBeNull();
    const stock: ProductStock = { id: 7, sizes: ["38", "39"], colors: ["Preto"], variantStock: [5, 2], active: true };
    expect(lineStockLimit(line!, stock)).toEqual({ available: 2, message: "Temos só 2 unidades deste tamanho nesta cor" });
  });
});

describe("the cart's re-check against the shelf", () => {
  const stock = (overrides: Partial<ProductStock> = {}): ProductStock => ({
    id: 7,
    sizes: ["38", "39"],
    colors: ["Preto"],
    variantStock: [5, 2],
    active: true,
    ...overrides,
  });

  it("changes nothing when the shelf holds every line", () => {
    const cart = addToCart([], product(), { size: "39", color: "Preto", quantity: 2 }, 1);
    const result = reconcileCart(cart, [stock()], new Set([7]));
    expect(result).toEqual({ cart, changes: [] });
    expect(result.cart).toBe(cart);
  });

  it("lowers a line to what is left and removes a sold-out one, saying so", () => {
    let cart = addToCart([], product(), { size: "38", color: "Preto", quantity: 4 }, 1);
    cart = addToCart(cart, product(), { size: "39", color: "Preto" }, 2);
    const { cart: next, changes } = reconcileCart(cart, [stock({ variantStock: [3, 0] })], new Set([7]));
    expect(next.map((item) => [item.size, item.quantity])).toEqual([["38", 3]]);
    expect(changes).toEqual([
      "Tênis Corrida (Tam. 38 / Preto): temos só 3 unidades; a quantidade passou de 4 para 3.",
      "Tênis Corrida (Tam. 39 / Preto) esgotou e saiu do carrinho.",
    ]);
  });

  it("removes products no longer on sale, deleted, or without that size any more; leaves unchecked ones", () => {
    let cart = addToCart([], product(), { size: "38", color: "Preto" }, 1);
    cart = addToCart(cart, product({ id: 8, name: "Chinelo" }), { size: null, color: null }, 2);
    cart = addToCart(cart, product({ id: 9, name: "Bota" }), { size: "40", color: "Preto" }, 3);
    cart = addToCart(cart, product({ id: 10, name: "Bola" }), { size: null, color: null }, 4);
    const { cart: next, changes } = reconcileCart(
      cart,
      [stock({ active: false, variantStock: [] }), stock({ id: 9 })],
      new Set([7, 8, 9]),
    );
    expect(next.map((item) => item.id)).toEqual([10]);
    expect(changes).toEqual([
      "Tênis Corrida (Tam. 38 / Preto) não está mais à venda e saiu do carrinho.",
      "Chinelo não está mais à venda e saiu do carrinho.",
      "Bota (Tam. 40 / Preto) não está mais à venda e saiu do carrinho.",
    ]);
  });

  it("shares a variant's units between lines of it (two tabs)", () => {
    const [line] = addToCart([], product(), { size: "39", color: "Preto", quantity: 2 }, 1);
    const twin = { ...line!, cartItemId: "other", quantity: 1 };
    const { cart, changes } = reconcileCart([line!, twin], [stock()], new Set([7]));
    expect(cart.map((item) => item.quantity)).toEqual([2]);
    expect(changes).toEqual(["Tênis Corrida (Tam. 39 / Preto) esgotou e saiu do carrinho."]);
  });
});
