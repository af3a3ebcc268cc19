import { parseId } from "~/lib/forms/ids";
import { requireStaffPermission } from "~/server/auth/guards.server";
import { priceCards, printPageResponse } from "~/server/channels/print-cards.server";
import { shopPublicOrigin } from "~/server/group/public-origin.server";
import type { Route } from "./+types/price-card";

/** One product's A6 price card with its QR code, to print. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaffPermission(request, context, "channels");
  const id = parseId(params.id);
  const cards = id === null ? [] : await priceCards(context.db, await shopPublicOrigin(context), [id], context.config.mediaUrl);
  if (cards.length === 0) return new Response("Produto não encontrado.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return printPageResponse(`Etiqueta: ${cards[0]!.name}`, "a6", cards);
}
