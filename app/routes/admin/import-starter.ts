import { redirect } from "react-router";
import { requireStaffPermission } from "~/server/auth/guards.server";
import { readFormData } from "~/server/requests/form-data.server";
import { importStarterProduct } from "~/server/catalog/starter-products.server";
import type { Route } from "./+types/import-starter";
import { mediaStorageOf } from "~/server/media/media-storage.server";

/** Nothing to show: a visit goes to the import page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPermission(request, context, "products");
  return redirect("/admin/importar");
}

/**
 * POST index=0…9: creates that starter product (or says it exists) and answers JSON, so the import
 * page sends the ten one after the other and shows each result as it comes.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireStaffPermission(request, context, ["products", "stock"]);
  // One small field: anything bigger is not this page talking.
  const form = await readFormData(request, 16 * 1024).catch(() => new FormData());
  const index = Number(form.get("index"));
  const result = await importStarterProduct(context.db, mediaStorageOf(context.config), Number.isInteger(index) ? index : -1, admin);
  return Response.json(result, {
    status: result.status === "error" ? 422 : 200,
    headers: { "Cache-Control": "private, no-store" },
  });
}
