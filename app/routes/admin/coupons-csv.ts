import { parseReportQuery, shopToday } from "~/lib/admin/reports";
import { requireStaffPermission } from "~/server/auth/guards.server";
import { couponsCsv, listCoupons } from "~/server/coupons/coupon-admin.server";
import type { Route } from "./+types/coupons-csv";

/**
 * GET /admin/cupons/exportar.csv: every coupon with its uses, the discount given and the sales it
 * brought; with the reports' period (?de=…&ate=…), those of its days only.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPermission(request, context, "coupons");
  const params = new URL(request.url).searchParams;
  const period = params.has("de") || params.has("ate") ? parseReportQuery(params, shopToday()).query : undefined;
  return new Response(couponsCsv(await listCoupons(context.db, period)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="cupons.csv"',
      // Sales figures: never kept by the browser or a proxy.
      "Cache-Control": "private, no-store",
    },
  });
}
