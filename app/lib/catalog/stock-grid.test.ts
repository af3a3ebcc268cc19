import { describe, expect, it } from "vitest";
import { fieldErrors } from "../forms/form-errors";
import { productFormSchema } from "./product.schema";
import { productFormValues, STORE_STOCK_GRID_FIELD, STORE_STOCK_READ_FIELD_PREFIX, storeStockAsRead } from "./product-form-fields";
import { errorOfField, fieldOfError, stockGrid, typedUnits } from "./stock-grid";
import { variantKey } from "./variants";

const typed = { [variantKey("38", "Preto")]: "2", [variantKey("38", "Azul")]: "5", [variantKey("39", "Preto")]: "abc", [variantKey("40", "Preto")]: "9" };

describe("the product form's stock grid", () => {
  it("has a row per size, a column per colour, labelled cells and totals of the whole numbers typed", () => {
    const grid = stockGrid({ sizes: ["38", "39"], colors: ["Preto", "Azul"] }, typed);
    expect(grid.rows).toBe("sizes");
    expect(grid.columns).toEqual(["Preto", "Azul"]);
    expect(grid.body.map((row) => [row.heading, row.cells.map((cell) => [cell.label, cell.value]), row.total])).toEqual([
      ["38", [["Estoque – Tam. 38 / Preto", "2"], ["Estoque – Tam. 38 / Azul", "5"]], 7],
      // A value still being typed (or wrong) counts as nothing until it is a number; a new cell starts at 0.
      ["39", [["Estoque – Tam. 39 / Preto", "abc"], ["Estoque – Tam. 39 / Azul", "0"]], 0],
    ]);
    expect(grid.columnTotals).toEqual([2, 5]);
    // The 40 was removed: its 9 units are kept aside, not counted.
    expect(grid.total).toBe(7);
    expect(grid.body[0]!.cells[0]).toMatchObject({ name: 'stock:["38","Preto"]', errorKey: 'stock.["38","Preto"]' });
  });

  it("names the cells of a product with sizes only, colours only, or neither", () => {
    const labels = (sizes: string[], colors: string[]) => stockGrid({ sizes, colors }, {}).body.flatMap((row) => row.cells.map((cell) => cell.label));
    expect(labels(["P", "M"], [])).toEqual(["Estoque – Tam. P", "Estoque – Tam. M"]);
    expect(labels([], ["Preto", "Azul"])).toEqual(["Estoque – Preto", "Estoque – Azul"]);
    expect(labels([], [])).toEqual(["Estoque"]);
    expect(stockGrid({ sizes: [], colors: ["Preto", "Azul"] }, {}).rows).toBe("colors");
    expect(stockGrid({ sizes: [], colors: [] }, {}).rows).toBe("plain");
  });

  it("counts whole numbers only", () => {
    expect([" 12 ", "0", "", "-3", "2.5", "1e3", "99999999"].map(typedUnits)).toEqual([12, 0, 0, 0, 0, 0, 0]);
  });

  it("sends what it shows, and the schema's cell errors point back at their fields", () => {
    const grid = stockGrid({ sizes: ["38", "39"], colors: ["Preto"] }, { ...typed, [variantKey("39", "Preto")]: "-1" });
    const form = new FormData();
    form.append("sizes", "38");
    form.append("sizes", "39");
    form.append("colors", "Preto");
    for (const cell of grid.body.flatMap((row) => row.cells)) form.append(cell.name, cell.value);
    const parsed = productFormSchema.safeParse(productFormValues(form));
    expect(parsed.success).toBe(false);
    const errors = fieldErrors(parsed.error!);
    const bad = grid.body[1]!.cells[0]!;
    expect(errors[bad.errorKey]).toBe("O estoque não pode ser negativo");
    expect(fieldOfError(bad.errorKey)).toBe(bad.name);
    expect(errorOfField(bad.name)).toBe(bad.errorKey);
    expect(fieldOfError("name")).toBe("name");
    expect(errorOfField("price")).toBe("price");
  });

  it("a store's grid names its cells for the store; the schema reads units per store, drops sizes no longer offered, and points errors back", () => {
    const barreiros = stockGrid({ sizes: ["38", "39"], colors: ["Preto"] }, { [variantKey("38", "Preto")]: "4", [variantKey("39", "Preto")]: "-1" }, "barreiros-calcados");
    const sports = stockGrid({ sizes: ["38", "39"], colors: ["Preto"] }, { [variantKey("38", "Preto")]: "2" }, "sports");
    expect(barreiros.body[0]!.cells[0]!.name).toBe(`storeStock:barreiros-calcados:${variantKey("38", "Preto")}`);
    expect(barreiros.body[0]!.cells[0]!.label).toBe("Estoque – Tam. 38 / Preto");
    const form = new FormData();
    form.append("sizes", "38");
    form.append("sizes", "39");
    form.append("colors", "Preto");
    form.append(STORE_STOCK_GRID_FIELD, "1");
    for (const cell of [...barreiros.body, ...sports.body].flatMap((row) => row.cells)) form.append(cell.name, cell.value);
    form.append(`storeStock:sports:${variantKey("40", "Preto")}`, "7");
    form.append(`${STORE_STOCK_READ_FIELD_PREFIX}sports:${variantKey("38", "Preto")}`, "1");
    const values = productFormValues(form);
    expect(storeStockAsRead(values)).toEqual(new Map([["sports", new Map([[variantKey("38", "Preto"), 1]])]]));

    const refused = productFormSchema.safeParse(values);
    const bad = barreiros.body[1]!.cells[0]!;
    expect(fieldErrors(refused.error!)[bad.errorKey]).toBe("O estoque não pode ser negativo");
    expect(fieldOfError(bad.errorKey)).toBe(bad.name);
    expect(errorOfField(bad.name)).toBe(bad.errorKey);

    form.set(bad.name, "3");
    const parsed = productFormSchema.parse({ ...productFormValues(form), name: "T", description: "D", price: "10,00", category: "Esportivo", store: "sports" });
    expect(parsed.storeUnits).toEqual(
      new Map([
        ["barreiros-calcados", new Map([[variantKey("38", "Preto"), 4], [variantKey("39", "Preto"), 3]])],
        ["sports", new Map([[variantKey("38", "Preto"), 2], [variantKey("39", "Preto"), 0]])],
      ]),
    );
    // Without the grids' marker (the CSV, an older form) there are no per-store units.
    form.delete(STORE_STOCK_GRID_FIELD);
    expect(productFormValues(form).storeStock).toBeUndefined();
  });
});
