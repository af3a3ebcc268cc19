import { useId } from "react";
import { Field } from "~/components/ui/field";
import type { FieldErrors } from "~/lib/forms/form-errors";
import { stockGrid, type StockCell } from "~/lib/catalog/stock-grid";
import { countLabel } from "~/lib/format/plural";

type StockGridProps = {
  sizes: string[];
  colors: string[];
  /** Every value typed so far, by variantKey (see stockGrid). */
  typed: Record<string, string>;
  onType: (cell: StockCell, value: string) => void;
  errors: FieldErrors;
  /** The migration spread one number over the product's sizes: the clerk should count them. */
  needsReview?: boolean;
  /** The store (slug) whose grid this is: its cells are named for it (see stockGrid). */
  store?: string;
};

/** Whole numbers only; the phone shows its number pad. Text rather than type=number, so arrows and the wheel never change a count. */
const numeric = { type: "text", inputMode: "numeric", autoComplete: "off", spellCheck: false } as const;

/**
 * Units per size × colour: a row per size, a column per colour, with totals. The cells follow the
 * option lists as the clerk edits them. On a phone each size is a card with a line per colour
 * (table-stacked); wider, a grid too wide for the screen scrolls inside its box, never the page.
 */
export function StockGrid({ sizes, colors, typed, onType, errors, needsReview, store }: StockGridProps) {
  const id = useId();
  const grid = stockGrid({ sizes, colors }, typed, store);
  const notice = needsReview ? (
    <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm font-semibold text-amber-950" data-testid="stock-review-notice">
      O estoque foi dividido entre os tamanhos na atualização; confira e salve.
    </p>
  ) : null;

  if (grid.rows === "plain") {
    const cell = grid.body[0]!.cells[0]!;
    return <SingleStockField cell={cell} notice={notice} error={errors[cell.errorKey]} onType={onType} />;
  }

  const several = grid.columns.length > 1;
  const heading = "px-2 py-1.5 text-left font-semibold text-slate-700";
  return (
    <div className="space-y-3">
      {notice}
      <div className="rounded-lg border border-slate-200 max-sm:px-3 sm:overflow-x-auto">
        <table className="table-stacked min-w-full text-sm" aria-describedby={`${id}-total`}>
          <caption className="sr-only">{grid.rows === "sizes" ? (several ? "Estoque por tamanho e cor" : "Estoque por tamanho") : "Estoque por cor"}</caption>
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className={heading}>
                {grid.rows === "sizes" ? "Tamanho" : "Cor"}
              </th>
              {grid.columns.map((color) => (
                <th key={color} scope="col" className={`${heading} whitespace-nowrap`}>
                  {color || "Estoque"}
                </th>
              ))}
              {several ? (
                <th scope="col" className={`${heading} text-right`}>
                  Total
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {grid.body.map((row, rowIndex) => (
              <tr key={row.heading} className="border-t border-slate-200">
                <th scope="row" className={`${heading} whitespace-nowrap`}>
                  {row.heading}
                </th>
                {row.cells.map((cell, columnIndex) => (
                  <StockCellInput
                    key={cell.name}
                    cell={cell}
                    column={grid.columns[columnIndex] || "Estoque"}
                    error={errors[cell.errorKey]}
                    errorId={`${id}-${rowIndex}-${columnIndex}-error`}
                    onType={onType}
                  />
                ))}
                {several ? (
                  <td data-label="Total" className="px-2 py-1.5 text-right font-semibold tabular-nums">
                    {row.total}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
          <StockGridTotals columns={grid.columns} columnTotals={grid.columnTotals} total={grid.total} several={several} heading={heading} />
        </table>
      </div>
      <p id={`${id}-total`} className="text-sm text-slate-700" data-testid="stock-total">
        Total: {countLabel(grid.total, "unidade", "unidades")}
      </p>
    </div>
  );
}

function StockCellInput({ cell, column, error, errorId, onType }: {
  cell: StockCell;
  column: string;
  error: string | undefined;
  errorId: string;
  onType: (cell: StockCell, value: string) => void;
}) {
  return (
    <td data-label={column} className="px-2 py-1.5 align-top">
      <input
        name={cell.name}
        {...numeric}
        aria-label={cell.label}
        value={cell.value}
        onChange={(event) => onType(cell, event.target.value)}
        // A count is typed over, not appended to.
        onFocus={(event) => event.currentTarget.select()}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        className={`w-16 rounded-lg border bg-white px-2 py-2 text-center text-base ${error ? "border-red-600" : "border-slate-300"}`}
      />
      <p id={errorId} className="mt-1 w-24 text-xs font-medium text-red-700 empty:hidden">
        {error}
      </p>
    </td>
  );
}

/** The totals row: each colour's units (with several colours) and the grid's. */
function StockGridTotals({ columns, columnTotals, total, several, heading }: { columns: string[]; columnTotals: number[]; total: number; several: boolean; heading: string }) {
  return (
    <tfoot className="border-t-2 border-slate-300 bg-slate-50">
      <tr>
        <th scope="row" className={heading}>
          Total
        </th>
        {several
          ? columnTotals.map((units, index) => (
              <td key={columns[index]} data-label={columns[index] || "Estoque"} className="px-2 py-1.5 text-center font-semibold tabular-nums">
                {units}
              </td>
            ))
          : null}
        <td data-label={several ? "Total" : undefined} className={`px-2 py-1.5 font-bold tabular-nums ${several ? "text-right" : "text-center"}`}>
          {total}
        </td>
      </tr>
    </tfoot>
  );
}

/** A product without sizes or colours: one count. */
function SingleStockField({ cell, notice, error, onType }: { cell: StockCell; notice: React.ReactNode; error: string | undefined; onType: (cell: StockCell, value: string) => void }) {
  return (
    <div className="space-y-3">
      {notice}
      <Field
        label={cell.label}
        name={cell.name}
        {...numeric}
        value={cell.value}
        onChange={(event) => onType(cell, event.target.value)}
        onFocus={(event) => event.currentTarget.select()}
        error={error}
        className="max-w-40"
      />
    </div>
  );
}
