import { feedResponse } from "~/server/channels/feeds.server";
import { publicOrigin } from "~/server/shop/storefront-shell.server";
import type { Route } from "./+types/meta-csv";

/** Meta's data feed (Commerce Manager: WhatsApp Business catalogue, Instagram, Facebook). */
export function loader({ request, context }: Route.LoaderArgs) {
  return feedResponse(request, context, "meta", publicOrigin(context.config, request));
}
