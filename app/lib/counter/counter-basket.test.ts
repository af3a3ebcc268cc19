import { describe, expect, it } from "vitest";
import { MAX_LINE_QUANTITY } from "../cart/cart";
import { addToBasket, basketOrderLines, basketTotalCents, removeFromBasket, unitsInBasket, type BasketLine } from "./counter-basket";

const tenis = { id: 1, name: "Tênis", priceCents: 199_90 };
const relogio = { id: 2, name: "Relógio", priceCents: 79_90 };
const line = (variantId: number, quantity: number, product = tenis, size = "38", color = "Preto"): BasketLine => ({ variantId, product, size, color, quantity });

describe("the counter's basket", () => {
  it("adds lines, and the same size × colour again adds its units to the line it has", () => {
    let basket = addToBasket([], line(10, 1));
    basket = addToBasket(basket, line(20, 2, relogio, "", "Preto"));
    basket = addToBasket(basket, line(10, 2));
    expect(basket.map((item) => [item.variantId, item.quantity])).toEqual([
      [10, 3],
      [20, 2],
    ]);
    expect(unitsInBasket(basket, 10)).toBe(3);
    expect(unitsInBasket(basket, 99)).toBe(0);
    expect(addToBasket([line(10, MAX_LINE_QUANTITY)], line(10, 5))[0]!.quantity).toBe(MAX_LINE_QUANTITY);
  });

  it("removes a line, totals the sale and posts the lines the server prices", () => {
    const basket = [line(10, 2), line(20, 1, relogio, "", "Preto")];
    expect(basketTotalCents(basket)).toBe(2 * 199_90 + 79_90);
    expect(removeFromBasket(basket, 10).map((item) => item.variantId)).toEqual([20]);
    expect(basketTotalCents([])).toBe(0);
    expect(basketOrderLines(basket)).toEqual([
      { productId: 1, size: "38", color: "Preto", quantity: 2 },
      { productId: 2, size: null, color: "Preto", quantity: 1 },
    ]);
  });
});
