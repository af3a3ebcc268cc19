import { describe, expect, it } from "vitest";
import { stockOf } from "~/lib/catalog/variants";
import { stockInGridOrder, variantGrid, type StoredVariant } from "./variants.server";

const stored = (size: string, color: string, stock: number): StoredVariant => ({ id: 0, size, color, stock, sku: "", ean: "" });

describe("stockInGridOrder", () => {
  it("puts each variant's units where the grid has them, whatever order the rows come in", () => {
    const product = { sizes: ["38", "39", "40"], colors: ["Preto", "Branco"] };
    const variants = [stored("40", "Branco", 6), stored("38", "Preto", 1), stored("39", "Branco", 4)];
    const stock = stockInGridOrder(product, variants);
    expect(stock).toEqual([1, 0, 0, 4, 0, 6]);
    expect(stockOf({ ...product, variantStock: stock }, "40", "Branco")).toBe(6);
    // The same numbers as the admin's grid of cells.
    expect(stock).toEqual(variantGrid(product, variants).map((cell) => cell.stock));
  });

  it("reads a product without sizes or colours as one cell, and ignores variants it no longer offers", () => {
    expect(stockInGridOrder({ sizes: [], colors: [] }, [stored("", "", 5)])).toEqual([5]);
    expect(stockInGridOrder({ sizes: [], colors: ["Azul", "Rosa"] }, [stored("", "Rosa", 2), stored("", "Verde", 9)])).toEqual([0, 2]);
    expect(stockInGridOrder({ sizes: ["P", "M"], colors: [] }, [stored("G", "", 3), stored("M", "", 1)])).toEqual([0, 1]);
  });
});
