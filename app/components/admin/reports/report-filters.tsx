import { Form } from "react-router";
import { REPORT_GROUPS, type ReportQuery } from "~/lib/admin/reports";

/** The period and grouping, sent as a GET so the report's URL can be bookmarked and shared. */
export function ReportFilters({ query, error }: { query: ReportQuery; error: string | null }) {
  return (
    <Form method="get" className="rounded-2xl bg-white p-5 shadow-sm" aria-describedby={error ? "periodo-erro" : undefined}>
      <div className="grid gap-4 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end">
        <div>
          <label htmlFor="de" className="block text-sm font-semibold text-slate-800">
            De
          </label>
          <input id="de" name="de" type="date" defaultValue={query.from} required className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2.5" />
        </div>
        <div>
          <label htmlFor="ate" className="block text-sm font-semibold text-slate-800">
            Até
          </label>
          <input id="ate" name="ate" type="date" defaultValue={query.to} required className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2.5" />
        </div>
        <div>
          <label htmlFor="por" className="block text-sm font-semibold text-slate-800">
            Agrupar por
          </label>
          <select id="por" name="por" defaultValue={query.group} className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5">
            {REPORT_GROUPS.map((group) => (
              <option key={group.value} value={group.value}>
                {group.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
          Gerar relatório
        </button>
      </div>
      {error ? (
        <p id="periodo-erro" role="alert" className="mt-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800">
          {error} Mostrando os últimos 30 dias.
        </p>
      ) : null}
    </Form>
  );
}
