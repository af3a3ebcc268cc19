import { scannedCode } from "~/lib/counter/counter-sale";
import { parseId } from "~/lib/forms/ids";
import { requireStaffPermission, requireStoreAccess, staffStoreScope } from "~/server/auth/guards.server";
import { findCounterProducts } from "~/server/counter/counter-sale.server";
import type { Route } from "./+types/counter-products";

/**
 * GET /admin/balcao/produtos?loja=1&q=tenis (search as you type) or &codigo=… (a scanned QR or
 * barcode): the products the counter and the stock count can pick, with the store's units (JSON).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const clerk = await requireStaffPermission(request, context, "counter");
  const params = new URL(request.url).searchParams;
  const asked = parseId(params.get("loja"));
  if (asked !== null) requireStoreAccess(clerk, asked);
  const storeId = asked ?? staffStoreScope(clerk);
  const code = scannedCode(params.get("codigo") ?? "");
  const query = code ? ("productId" in code ? { productId: code.productId } : { sku: code.sku }) : { q: (params.get("q") ?? "").slice(0, 100) };
  return Response.json(await findCounterProducts(context.db, storeId, query), { headers: { "Cache-Control": "private, no-store" } });
}
