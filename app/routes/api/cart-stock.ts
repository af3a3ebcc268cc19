import { parseStockIds } from "~/lib/cart/cart-stock";
import { productStock } from "~/server/catalog/products.server";
import type { Route } from "./+types/cart-stock";

// The cart's re-check when it opens (app/components/cart/cart-view.tsx): the stock per size × colour
// of the products it holds. Public, like the product pages that show the same numbers; never cached,
// since the point is the shelf as it is now.
const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

/** GET /api/estoque?ids=1,2,3 → { products: [{ id, sizes, colors, variantStock, active }] }. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ids = parseStockIds(new URL(request.url).searchParams.get("ids"));
  if (!ids) return json({ error: "Lista de produtos inválida: envie até 50 números separados por vírgula." }, 400);
  return json({ products: await productStock(context.db, ids) });
}
