import { favoritesMergeSchema, favoriteToggleSchema } from "~/lib/catalog/favorites.schema";
import { getCurrentUser } from "~/server/auth/guards.server";
import { listFavoriteIds, mergeFavorites, setFavorite } from "~/server/catalog/favorites.server";
import { readFormData } from "~/server/requests/form-data.server";
import type { Route } from "./+types/favorites";

// The favourite button's calls when signed in (app/components/product/detail/use-favorite.ts). These
// are fetch calls, not page loads: a signed-out caller gets a 401, not a redirect to /login.

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

/** The account's favourite ids, oldest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getCurrentUser(request, context);
  if (!user) return json({ error: "Entre na sua conta." }, 401);
  return json({ ids: await listFavoriteIds(context.db, user.id) });
}

/** intent=merge (productId repeated): adds them and answers with the account's list; else one toggle. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return json({ error: "Método não permitido." }, 405);
  const user = await getCurrentUser(request, context);
  if (!user) return json({ error: "Entre na sua conta." }, 401);
  const form = await readFormData(request);

  if (form.get("intent") === "merge") {
    const ids = favoritesMergeSchema.safeParse(form.getAll("productId"));
    if (!ids.success) return json({ error: "Lista de favoritos inválida." }, 400);
    return json({ ids: await mergeFavorites(context.db, user.id, ids.data) });
  }

  const parsed = favoriteToggleSchema.safeParse({ productId: form.get("productId"), on: form.get("on") });
  if (!parsed.success) return json({ error: "Produto inválido." }, 400);
  const saved = await setFavorite(context.db, user.id, parsed.data.productId, parsed.data.on);
  if (!saved) return json({ error: "Produto não encontrado." }, 404);
  return json({ productId: parsed.data.productId, on: parsed.data.on });
}
