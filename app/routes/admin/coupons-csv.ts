import { requireAdmin } from "~/server/auth/guards.server";
import { couponsCsv, listCoupons } from "~/server/coupons/coupon-admin.server";
import type { Route } from "./+types/coupons-csv";

/** GET /admin/cupons/exportar.csv: every coupon with its uses, the discount given and the sales it brought. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return new Response(couponsCsv(await listCoupons(context.db)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="cupons.csv"',
      // Sales figures: never kept by the browser or a proxy.
      "Cache-Control": "private, no-store",
    },
  });
}
