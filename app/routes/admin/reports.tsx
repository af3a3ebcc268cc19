import { ReportFilters } from "~/components/admin/reports/report-filters";
import { ReportTable } from "~/components/admin/reports/report-table";
import { formatBRL } from "~/lib/format/money";
import { dayLabel, parseReportQuery, REPORT_CSV_PATH, reportSearch, shopToday } from "~/lib/admin/reports";
import { requireStaffPermission } from "~/server/auth/guards.server";
import { couponReportTable, listCoupons } from "~/server/coupons/coupon-admin.server";
import { getReport } from "~/server/read-models/reports.server";
import type { Route } from "./+types/reports";
import { adminMeta } from "~/lib/admin/admin-meta";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPermission(request, context, "reports");
  const { query, error } = parseReportQuery(new URL(request.url).searchParams, shopToday());
  const [report, coupons] = await Promise.all([getReport(context.db, query), listCoupons(context.db, query)]);
  return { query, error, report, couponTable: couponReportTable(coupons.filter((coupon) => coupon.uses > 0)) };
}

export function meta() {
  return adminMeta("Relatórios");
}

export default function AdminReports({ loaderData }: Route.ComponentProps) {
  const { query, error, report, couponTable } = loaderData;
  const empty = report.summary.orders === 0;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Relatórios</h1>
        <p className="mt-1 text-sm text-slate-600">
          Vendas de {dayLabel(query.from)} a {dayLabel(query.to)}, sem os pedidos cancelados nem os Pix expirados sem pagamento.
        </p>
      </div>
      <ReportFilters key={`${query.from}|${query.to}|${query.group}|${error ?? ""}`} query={query} error={error} />
      <dl className="grid gap-4 sm:grid-cols-3">
        <Figure label="Pedidos" value={String(report.summary.orders)} />
        <Figure label="Faturamento" value={formatBRL(report.summary.revenueCents)} />
        <Figure label="Ticket médio" value={formatBRL(report.summary.averageTicketCents)} />
      </dl>
      <dl className="grid gap-4 sm:grid-cols-3" data-testid="report-payments">
        <Figure label="Recebido" value={formatBRL(report.payments.paidCents)} />
        <Figure label="Aguardando pagamento" value={formatBRL(report.payments.awaitingCents)} />
        <Figure label="Devolvido" value={formatBRL(report.payments.refundedCents)} />
      </dl>
      {report.tables.map((table) => (
        <ReportTable
          key={table.id}
          table={table}
          csvHref={`${REPORT_CSV_PATH}${reportSearch(query, table.id)}`}
          empty={empty || table.rows.length === 0}
        />
      ))}
      <ReportTable table={couponTable} csvHref={`/admin/cupons/exportar.csv${reportSearch(query)}`} empty={couponTable.rows.length === 0} />
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-2xl bg-white p-5 shadow-sm">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums">{value}</dd>
    </div>
  );
}
