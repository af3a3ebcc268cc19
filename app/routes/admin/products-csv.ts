import { requireStaffPermission } from "~/server/auth/guards.server";
import { productsCsv } from "~/server/catalog/product-csv.server";
import type { Route } from "./+types/products-csv";

/**
 * GET /admin/produtos/exportar.csv: every product, for a spreadsheet (';' between columns, UTF-8 with
 * BOM so Excel shows the accents; the same columns the CSV import on /admin/importar reads).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPermission(request, context, "products");
  const day = new Date().toISOString().slice(0, 10);
  return new Response(await productsCsv(context.db), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="produtos-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
