// The product form's stock grid (app/components/admin/products/stock-grid.tsx) as plain data: which
// cells to show for the sizes and colours the clerk has listed so far, their accessible names, and
// the totals of what has been typed. The schema (product.schema.ts) stays the judge of the numbers.
import { EAN_FIELD_PREFIX, STOCK_FIELD_PREFIX, STORE_STOCK_FIELD_PREFIX, stockFieldName, storeStockFieldName, storeStockKey } from "./product-form-fields";
import { variantKey, variantLabel, type VariantOption } from "./variants";

export type StockCell = VariantOption & {
  /** The form field's name (stockFieldName) and the key of the cell's error (`stock.${variantKey}`). */
  name: string;
  errorKey: string;
  /** 'Estoque – Tam. 38 / Preto', 'Estoque – Preto', 'Estoque' for a plain product. */
  label: string;
  value: string;
};

export type StockGrid = {
  /** What the rows are: sizes, colours (a product without sizes: a row per colour, fits a phone), or one plain row. */
  rows: "sizes" | "colors" | "plain";
  /** The column headings: the colours when there are sizes and colours, else one unnamed column. */
  columns: string[];
  body: { heading: string; cells: StockCell[]; total: number }[];
  columnTotals: number[];
  total: number;
};

/** A new size or colour's cells start at 0: the clerk types over it (the field selects it on focus). */
export const NEW_CELL_VALUE = "0";

/** The units a typed value adds to the totals: a whole number, anything else (still being typed, or wrong) 0. */
export function typedUnits(value: string): number {
  const typed = value.trim();
  return /^\d{1,7}$/.test(typed) ? Number(typed) : 0;
}

export function stockCellLabel(option: VariantOption): string {
  const label = variantLabel(option);
  return label ? `Estoque – ${label}` : "Estoque";
}

/** The field a cell's error belongs to: `stock.["38","Preto"]` → `stock:["38","Preto"]`; other keys are field names already. */
export function fieldOfError(key: string): string {
  if (key.startsWith("eans.")) return `${EAN_FIELD_PREFIX}${key.slice("eans.".length)}`;
  if (key.startsWith("storeStock.")) return `${STORE_STOCK_FIELD_PREFIX}${key.slice("storeStock.".length)}`;
  return key.startsWith("stock.") ? `${STOCK_FIELD_PREFIX}${key.slice("stock.".length)}` : key;
}

/** The error key of a field (fieldOfError's inverse). */
export function errorOfField(name: string): string {
  if (name.startsWith(EAN_FIELD_PREFIX)) return `eans.${name.slice(EAN_FIELD_PREFIX.length)}`;
  if (name.startsWith(STORE_STOCK_FIELD_PREFIX)) return `storeStock.${name.slice(STORE_STOCK_FIELD_PREFIX.length)}`;
  return name.startsWith(STOCK_FIELD_PREFIX) ? `stock.${name.slice(STOCK_FIELD_PREFIX.length)}` : name;
}

/**
 * The grid for the options listed now. `typed` holds every value typed so far by variantKey, also of
 * options since removed, so taking a size out and putting it back brings its numbers back. `store`
 * (a store's slug): the cells are that store's grid (storeStockFieldName).
 */
export function stockGrid(
  { sizes, colors }: { sizes: readonly string[]; colors: readonly string[] },
  typed: Readonly<Record<string, string>>,
  store?: string,
): StockGrid {
  const cell = (size: string, color: string): StockCell => {
    const key = variantKey(size, color);
    const name = store === undefined ? stockFieldName(size, color) : storeStockFieldName(store, size, color);
    const errorKey = store === undefined ? `stock.${key}` : `storeStock.${storeStockKey(store, size, color)}`;
    return { size, color, name, errorKey, label: stockCellLabel({ size, color }), value: typed[key] ?? NEW_CELL_VALUE };
  };
  const rows: StockGrid["rows"] = sizes.length ? "sizes" : colors.length ? "colors" : "plain";
  const columns = sizes.length && colors.length ? [...colors] : [""];
  const layout =
    rows === "sizes"
      ? sizes.map((size) => ({ heading: size, cells: columns.map((color) => cell(size, color)) }))
      : rows === "colors"
        ? colors.map((color) => ({ heading: color, cells: [cell("", color)] }))
        : [{ heading: "", cells: [cell("", "")] }];
  const body = layout.map((row) => ({ ...row, total: row.cells.reduce((sum, c) => sum + typedUnits(c.value), 0) }));
  const columnTotals = columns.map((_, index) => body.reduce((sum, row) => sum + typedUnits(row.cells[index]!.value), 0));
  return { rows, columns, body, columnTotals, total: columnTotals.reduce((sum, units) => sum + units, 0) };
}
