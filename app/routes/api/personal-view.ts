import { parseId } from "~/lib/forms/ids";
import { getCurrentUser } from "~/server/auth/guards.server";
import { loadPersonalView } from "~/server/auth/personal-view.server";
import type { Route } from "./+types/personal-view";

// GET /api/eu[?produto=12]: the one personal request of a storefront page, made by the browser once the
// page is up (app/routes/storefront/layout.tsx). The pages are cached and shared; this never is.
export async function loader({ request, context }: Route.LoaderArgs) {
  const productId = parseId(new URL(request.url).searchParams.get("produto"));
  const view = await loadPersonalView(context.db, await getCurrentUser(request, context), productId);
  return Response.json(view, { headers: { "Cache-Control": "private, no-store" } });
}
