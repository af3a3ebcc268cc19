import { describe, expect, it } from "vitest";
import { colorInStock, firstInStock, firstSizeInStock, sizeStates, type StockGrid } from "./variant-choice";

// Rows are sizes, columns colours: 37 (Preto 0, Branco 2), 38 (0, 0), 39 (1, 0).
const sandal: StockGrid = { sizes: ["37", "38", "39"], colors: ["Preto", "Branco"], variantStock: [0, 2, 0, 0, 1, 0] };

describe("what a shopper may pick", () => {
  it("preselects the first size and colour on the shelf, as the cart writes them", () => {
    expect(firstInStock(sandal)).toEqual({ size: "37", color: "Branco" });
    expect(firstInStock({ sizes: [], colors: ["Azul", "Rosa"], variantStock: [0, 3] })).toEqual({ size: null, color: "Rosa" });
    expect(firstInStock({ sizes: ["P", "M"], colors: [], variantStock: [0, 1] })).toEqual({ size: "M", color: null });
    expect(firstInStock({ sizes: [], colors: [], variantStock: [4] })).toEqual({ size: null, color: null });
    expect(firstInStock({ ...sandal, variantStock: [0, 0, 0, 0, 0, 0] })).toBeNull();
  });

  it("preselects the size a list is filtered by, in its first colour on the shelf", () => {
    expect(firstInStock(sandal, "39")).toEqual({ size: "39", color: "Preto" });
    // Sold out since the list was read: the first on the shelf, as without a filter.
    expect(firstInStock(sandal, "38")).toEqual({ size: "37", color: "Branco" });
    expect(firstInStock(sandal, null)).toEqual({ size: "37", color: "Branco" });
  });

  it("says a colour is out only when none of its sizes is left", () => {
    expect(colorInStock(sandal, "Preto")).toBe(true);
    expect(colorInStock(sandal, "Branco")).toBe(true);
    expect(colorInStock({ ...sandal, variantStock: [0, 2, 0, 0, 0, 0] }, "Preto")).toBe(false);
    expect(colorInStock({ sizes: [], colors: ["Azul", "Rosa"], variantStock: [0, 3] }, "Azul")).toBe(false);
  });

  it("judges sizes in the chosen colour and names the colours that still have them", () => {
    expect(sizeStates(sandal, "Preto")).toEqual([
      { size: "37", stock: 0, otherColors: ["Branco"] },
      { size: "38", stock: 0, otherColors: [] },
      { size: "39", stock: 1, otherColors: [] },
    ]);
    expect(firstSizeInStock(sandal, "Preto")).toBe("39");
    expect(firstSizeInStock(sandal, "Branco")).toBe("37");
    expect(sizeStates({ sizes: ["P", "M"], colors: [], variantStock: [0, 1] }, null)).toEqual([
      { size: "P", stock: 0, otherColors: [] },
      { size: "M", stock: 1, otherColors: [] },
    ]);
  });
});
