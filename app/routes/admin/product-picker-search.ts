import { PRODUCT_PICKER_LIMIT, PRODUCT_PICKER_MAX_QUERY } from "~/lib/catalog/product-picker";
import { requireAdmin } from "~/server/auth/guards.server";
import { pickableProducts } from "~/server/catalog/admin-product-list.server";
import type { Route } from "./+types/product-picker-search";

/** GET /admin/produtos/busca?q=sandália → { products: PickableProduct[] }: the product picker's choices. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = (new URL(request.url).searchParams.get("q") ?? "").slice(0, PRODUCT_PICKER_MAX_QUERY);
  const products = await pickableProducts(context.db, query, PRODUCT_PICKER_LIMIT);
  return Response.json({ products }, { headers: { "Cache-Control": "private, no-store" } });
}
