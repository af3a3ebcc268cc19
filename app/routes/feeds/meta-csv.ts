import { feedResponse } from "~/server/channels/feeds.server";
import { shopPublicOrigin } from "~/server/group/public-origin.server";
import type { Route } from "./+types/meta-csv";

/** Meta's data feed (Commerce Manager: WhatsApp Business catalogue, Instagram, Facebook). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return feedResponse(request, context, "meta", await shopPublicOrigin(context));
}
