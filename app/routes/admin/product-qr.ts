import { parseId } from "~/lib/forms/ids";
import { requireStaffPermission } from "~/server/auth/guards.server";
import { productSummariesByIds } from "~/server/catalog/products.server";
import { productQrSvg } from "~/server/channels/print-cards.server";
import { shopPublicOrigin } from "~/server/group/public-origin.server";
import type { Route } from "./+types/product-qr";

/** The product's QR code as an SVG file (for the shop's own artwork). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaffPermission(request, context, "channels");
  const id = parseId(params.id);
  const [product] = id === null ? [] : await productSummariesByIds(context.db, [id]);
  if (!product) return new Response("Produto não encontrado.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(productQrSvg(await shopPublicOrigin(context), product), {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Content-Disposition": `attachment; filename="qr-produto-${product.id}.svg"`,
      "Cache-Control": "private, no-store",
    },
  });
}
