import { isReportTableId, parseReportQuery, reportFileName, shopToday } from "~/lib/admin/reports";
import { requireStaffPermission } from "~/server/auth/guards.server";
import { getReportTable, reportTableCsv } from "~/server/read-models/reports.server";
import type { Route } from "./+types/reports-csv";

/** GET /admin/relatorios/exportar.csv?de=…&ate=…&por=…&tabela=vendas: one report table as a spreadsheet. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPermission(request, context, "reports");
  const params = new URL(request.url).searchParams;
  const table = params.get("tabela");
  const { query, error } = parseReportQuery(params, shopToday());
  if (error || !isReportTableId(table)) {
    return new Response(error ?? "Tabela de relatório desconhecida.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  const csv = reportTableCsv(await getReportTable(context.db, query, table));
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${reportFileName(table, query)}"`,
      // Sales figures: never kept by the browser or a proxy.
      "Cache-Control": "private, no-store",
    },
  });
}
