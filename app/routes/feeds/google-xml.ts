import { feedResponse } from "~/server/channels/feeds.server";
import { shopPublicOrigin } from "~/server/group/public-origin.server";
import type { Route } from "./+types/google-xml";

/** Google Merchant Center's feed (RSS 2.0, `g:` namespace). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return feedResponse(request, context, "google", await shopPublicOrigin(context));
}
