import { describe, expect, it } from "vitest";
import { linkedChoice } from "./linked-choice";
import type { StockGrid } from "./variant-choice";

// Rows are sizes, columns colours: 37 (Preto 0, Branco 2), 38 (0, 0), 39 (1, 0).
const sandal: StockGrid = { sizes: ["37", "38", "39"], colors: ["Preto", "Branco"], variantStock: [0, 2, 0, 0, 1, 0] };

describe("what a feed's link chooses on the product page", () => {
  it("takes the linked colour the product has, and the linked size when it is on the shelf in that colour", () => {
    expect(linkedChoice(sandal, "Preto", "39", "Branco")).toEqual({ color: "Preto", size: "39" });
    expect(linkedChoice(sandal, "Branco", "37", "Branco")).toEqual({ color: "Branco", size: "37" });
    // 37 is out in Preto: the colour is taken, the size left to the shopper.
    expect(linkedChoice(sandal, "Preto", "37", "Branco")).toEqual({ color: "Preto" });
    // No colour named: the size is judged in the page's own colour.
    expect(linkedChoice(sandal, null, "37", "Branco")).toEqual({ size: "37" });
    expect(linkedChoice(sandal, null, "39", "Branco")).toEqual({});
  });

  it("leaves the page's choice for values the product does not have", () => {
    expect(linkedChoice(sandal, "Verde", "40", "Branco")).toEqual({});
    expect(linkedChoice(sandal, "Verde", "37", "Branco")).toEqual({ size: "37" });
    expect(linkedChoice(sandal, null, null, "Branco")).toEqual({});
    expect(linkedChoice({ sizes: [], colors: [], variantStock: [3] }, "Preto", "38", null)).toEqual({});
  });
});
