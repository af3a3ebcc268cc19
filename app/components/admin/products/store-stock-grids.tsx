// The product editor's stock of every store (./product-editor.tsx): one grid shown, the others sent as hidden fields.
import { useId } from "react";
import type { StoreOption } from "~/lib/catalog/store-options";
import type { FieldErrors } from "~/lib/forms/form-errors";
import { NEW_CELL_VALUE, typedUnits } from "~/lib/catalog/stock-grid";
import { variantKey, variantOptions } from "~/lib/catalog/variants";
import { STORE_STOCK_GRID_FIELD, STORE_STOCK_READ_FIELD_PREFIX, storeStockFieldName } from "~/lib/catalog/product-form-fields";
import { StockGrid } from "./stock-grid";

type StoreStockGridsProps = {
  stores: readonly StoreOption[];
  sizes: string[];
  colors: string[];
  /** Units typed by `{store slug}:{variantKey}`. */
  typed: Record<string, string>;
  /** The same cells as the form was opened: sent back so the server applies only what changed. */
  read: Record<string, string>;
  shown: string;
  onShow: (store: string) => void;
  onType: (store: string, key: string, value: string) => void;
  errors: FieldErrors;
  needsReview?: boolean;
};

/**
 * The stock of every store: a selector (each store with its total) and the chosen store's grid; the
 * other stores' cells travel as hidden fields, so one save writes every store that changed.
 */
export function StoreStockGrids({ stores, sizes, colors, typed, read, shown, onShow, onType, errors, needsReview }: StoreStockGridsProps) {
  const selectId = useId();
  const keys = variantOptions({ sizes, colors }).map((option) => variantKey(option.size, option.color));
  const unitsOf = (store: string, key: string) => typed[`${store}:${key}`] ?? NEW_CELL_VALUE;
  const totalOf = (store: string) => keys.reduce((sum, key) => sum + typedUnits(unitsOf(store, key)), 0);
  const wrong = (store: string) => keys.some((key) => errors[`storeStock.${store}:${key}`]);
  const shownTyped = Object.fromEntries(keys.map((key) => [key, unitsOf(shown, key)]));
  return (
    <>
      <input type="hidden" name={STORE_STOCK_GRID_FIELD} value="1" />
      {Object.entries(read).map(([key, units]) => (
        <input key={key} type="hidden" name={`${STORE_STOCK_READ_FIELD_PREFIX}${key}`} value={units} />
      ))}
      {stores
        .filter((store) => store.value !== shown)
        .flatMap((store) =>
          variantOptions({ sizes, colors }).map((option) => (
            <input
              key={`${store.value}:${variantKey(option.size, option.color)}`}
              type="hidden"
              name={storeStockFieldName(store.value, option.size, option.color)}
              value={unitsOf(store.value, variantKey(option.size, option.color))}
            />
          )),
        )}
      <div>
        <label htmlFor={selectId} className="block text-sm font-semibold text-slate-800">
          Estoque da loja
        </label>
        <select
          id={selectId}
          value={shown}
          onChange={(event) => onShow(event.currentTarget.value)}
          className="mt-1 w-full max-w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base"
          data-testid="stock-store"
        >
          {stores.map((store) => (
            <option key={store.value} value={store.value}>
              {`${store.label} · ${totalOf(store.value)} un.${wrong(store.value) ? " · revisar" : ""}`}
            </option>
          ))}
        </select>
      </div>
      <StockGrid
        key={shown}
        store={shown}
        sizes={sizes}
        colors={colors}
        typed={shownTyped}
        onType={(cell, value) => onType(shown, variantKey(cell.size, cell.color), value)}
        errors={errors}
        needsReview={needsReview}
      />
    </>
  );
}
