import { PRODUCT_PICKER_LIMIT, PRODUCT_PICKER_MAX_QUERY } from "~/lib/catalog/product-picker";
import { requireStaffPermission } from "~/server/auth/guards.server";
import { pickableProducts } from "~/server/catalog/admin-product-list.server";
import type { Route } from "./+types/product-picker-search";

/** GET /admin/produtos/busca?q=sandália → { products: PickableProduct[] }: the product picker's choices. */
export async function loader({ request, context }: Route.LoaderArgs) {
  // Inactive products and prices: the roles that manage products (coupons and channels pick with it).
  await requireStaffPermission(request, context, "products");
  const query = (new URL(request.url).searchParams.get("q") ?? "").slice(0, PRODUCT_PICKER_MAX_QUERY);
  const products = await pickableProducts(context.db, query, PRODUCT_PICKER_LIMIT);
  return Response.json({ products }, { headers: { "Cache-Control": "private, no-store" } });
}
