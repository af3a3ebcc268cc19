import { feedResponse } from "~/server/channels/feeds.server";
import { publicOrigin } from "~/server/shop/storefront-shell.server";
import type { Route } from "./+types/google-xml";

/** Google Merchant Center's feed (RSS 2.0, `g:` namespace). */
export function loader({ request, context }: Route.LoaderArgs) {
  return feedResponse(request, context, "google", publicOrigin(context.config, request));
}
