import { Suspense, useId } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";

/**
 * A dashboard chart with its data as a table. The chart is drawn only in the browser, once its code
 * has arrived; until then (and for screen readers, which skip the drawing) the table has the figures.
 */
export function ChartCard({ title, empty, chart, table }: { title: string; empty: boolean; chart: React.ReactNode; table: React.ReactNode }) {
  const hydrated = useHydrated();
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-5 shadow-sm">
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      {empty ? (
        <p className="mt-4 text-sm text-slate-600">Sem dados para exibir</p>
      ) : (
        <>
          <div className="mt-4 h-64" aria-hidden="true">
            {hydrated ? <Suspense fallback={<ChartPlaceholder />}>{chart}</Suspense> : <ChartPlaceholder />}
          </div>
          <details className="mt-3 text-sm">
            <summary className="cursor-pointer font-semibold text-slate-700">Ver dados em tabela</summary>
            <div className="mt-2 sm:overflow-x-auto">{table}</div>
          </details>
        </>
      )}
    </section>
  );
}

function ChartPlaceholder() {
  return <div className="h-full animate-pulse rounded-xl bg-slate-100" />;
}

/** A two- or three-column table of a chart's figures. */
export function ChartTable({ columns, rows }: { columns: string[]; rows: (string | number)[][] }) {
  return (
    <table className="table-stacked w-full text-left">
      <thead>
        <tr className="border-b border-slate-200 text-slate-600">
          {columns.map((column, index) => (
            <th key={column} scope="col" className={`py-1.5 pr-3 font-semibold ${index > 0 ? "text-right" : ""}`}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, rowIndex) => (
          <tr key={rowIndex} className="border-b border-slate-100 last:border-0">
            {row.map((value, index) =>
              index === 0 ? (
                <th key={index} scope="row" className="py-1.5 pr-3 font-medium">
                  {value}
                </th>
              ) : (
                <td key={index} data-label={columns[index]} className="py-1.5 pr-3 text-right tabular-nums">
                  {value}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
