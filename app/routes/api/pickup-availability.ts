import { z } from "~/lib/forms/validation";
import { orderLinesField } from "~/lib/orders/checkout.schema";
import { pickupAvailabilityFor } from "~/server/orders/pickup-availability.server";
import type { Route } from "./+types/pickup-availability";

// The checkout's pick-up list: where the cart is today. Public, like the product page's "Retire hoje";
// never cached, since the point is the shelves as they are now.
const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

/** GET /api/retirada?itens=[{"productId":1,"size":"38","color":"Preto","quantity":1}] → { stores: [{ storeId, status }] }. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const lines = z.object({ itens: orderLinesField }).safeParse({ itens: new URL(request.url).searchParams.get("itens") ?? undefined });
  if (!lines.success) return json({ error: "Carrinho inválido. Atualize a página e tente novamente." }, 400);
  return json({ stores: await pickupAvailabilityFor(context.db, lines.data.itens) });
}
