import { describe, expect, it } from "vitest";
import { addLimit, LOW_STOCK_MAX, shownStockCap, stockNote } from "./variants";

describe("the shelf as a page shows it", () => {
  it("caps at the per-order limit, never below 'Últimas unidades' plus one", () => {
    expect(shownStockCap(10)).toBe(10);
    expect(shownStockCap(30)).toBe(30);
    expect(shownStockCap(1)).toBe(LOW_STOCK_MAX + 1);
    // So the note of a capped figure is the note of the shelf.
    for (const shelf of [0, 1, 2, 3, 4, 57]) expect(stockNote(Math.min(shelf, shownStockCap(1)))).toBe(stockNote(shelf));
  });

  it("lets a shopper add the smaller of the shelf and the limit, and says which one stops them", () => {
    const axes = { sizes: ["38"], colors: ["Preto"] };
    expect(addLimit(3, { ...axes, maxUnitsPerLine: 10 })).toEqual({ max: 3, message: "Temos só 3 unidades deste tamanho nesta cor" });
    expect(addLimit(10, { ...axes, maxUnitsPerLine: 10 })).toEqual({
      max: 10,
      message: "Cada pedido pelo site leva até 10 unidades de cada item. Para quantidades maiores, fale com a loja pelo WhatsApp.",
    });
    expect(addLimit(4, { ...axes, maxUnitsPerLine: 2 }).max).toBe(2);
    expect(addLimit(57, axes)).toEqual({ max: 57, message: "Temos só 57 unidades deste tamanho nesta cor" });
  });
});
