import { data } from "react-router";
import { fiscalStorageOf, orderDanfe } from "~/server/fiscal/fiscal-archive.server";
import type { Route } from "./+types/order-danfe";

/** The DANFE of a delivered order's NF-e, for whoever holds the order's link (its token), as the order page. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const danfe = context.config.fiscal ? await orderDanfe(context.db, fiscalStorageOf(context.config), params.token) : null;
  if (!danfe) throw data("Nota fiscal não encontrada", { status: 404 });
  return new Response(new Blob([new Uint8Array(danfe.bytes)], { type: danfe.contentType }), {
    headers: {
      "content-type": danfe.contentType,
      "content-disposition": `inline; filename="${danfe.fileName}"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
      // A provider's HTML DANFE runs no script on the shop's origin.
      "content-security-policy": "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'",
    },
  });
}
