import { parseId } from "~/lib/forms/ids";
import { requireStaffPermission } from "~/server/auth/guards.server";
import { priceCards, printPageResponse } from "~/server/channels/print-cards.server";
import { shopPublicOrigin } from "~/server/group/public-origin.server";
import type { Route } from "./+types/price-sheet";

/**
 * `?produtos=12,15,20`: their price cards four to an A4 sheet, to print for the shop window;
 * with `&formato=a6`, one A6 card per page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPermission(request, context, "channels");
  const searchParams = new URL(request.url).searchParams;
  const ids = (searchParams.get("produtos") ?? "").split(/[\s,;]+/).flatMap((text) => parseId(text) ?? []);
  const cards = await priceCards(context.db, await shopPublicOrigin(context), [...new Set(ids)], context.config.mediaUrl);
  if (cards.length === 0) {
    return new Response("Nenhum produto encontrado. Informe os códigos dos produtos separados por vírgula.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return searchParams.get("formato") === "a6" ? printPageResponse("Etiquetas com QR code", "a6", cards) : printPageResponse("Cartazes com QR code", "a4", cards);
}
