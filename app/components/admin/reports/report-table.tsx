import { formatBRL } from "~/lib/format/money";

export type ReportTableView = {
  id: string;
  title: string;
  note: string | null;
  columns: { label: string; kind: "text" | "count" | "money" }[];
  rows: (string | number)[][];
};

const integer = new Intl.NumberFormat("pt-BR");

/** One report table with its CSV link; numbers right-aligned, money in reais. */
export function ReportTable({ table, csvHref, empty }: { table: ReportTableView; csvHref: string; empty: boolean }) {
  const headingId = `relatorio-${table.id}`;
  return (
    <section aria-labelledby={headingId} className="rounded-2xl bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-lg font-bold">
            {table.title}
          </h2>
          {table.note ? <p className="mt-0.5 text-xs text-slate-600">{table.note}</p> : null}
        </div>
        <a
          href={csvHref}
          download
          className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          aria-label={`Exportar CSV: ${table.title}`}
        >
          Exportar CSV
        </a>
      </div>
      {empty ? (
        <p className="mt-4 text-sm text-slate-600">Sem dados para exibir</p>
      ) : (
        // A card per row on a phone (table-stacked), in the page's flow; wider, the table scrolls inside
        // its own box: focusable so the keyboard can scroll it.
        <div className="mt-4 sm:max-h-[28rem] sm:overflow-auto" tabIndex={0} role="group" aria-labelledby={headingId}>
          <table className="table-stacked w-full text-left text-sm">
            <thead className="sticky top-0 bg-white">
              <tr className="border-b border-slate-200 text-slate-600">
                {table.columns.map((column) => (
                  <th key={column.label} scope="col" className={`py-2 pr-3 font-semibold ${column.kind === "text" ? "" : "text-right"}`}>
                    {column.label.replace(" (R$)", "")}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, rowIndex) => (
                <tr key={rowIndex} className="border-b border-slate-100 last:border-0">
                  {row.map((value, index) => {
                    const kind = table.columns[index]?.kind ?? "text";
                    if (kind === "text") {
                      return index === 0 ? (
                        <th key={index} scope="row" className="py-2 pr-3 font-medium">
                          {value}
                        </th>
                      ) : (
                        <td key={index} data-label={table.columns[index]?.label.replace(" (R$)", "")} className="py-2 pr-3">
                          {value}
                        </td>
                      );
                    }
                    return (
                      <td key={index} data-label={table.columns[index]?.label.replace(" (R$)", "")} className="whitespace-nowrap py-2 pr-3 text-right tabular-nums">
                        {kind === "money" ? formatBRL(Number(value)) : integer.format(Number(value))}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
