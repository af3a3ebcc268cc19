import { data } from "react-router";
import { requireStaffPermission } from "~/server/auth/guards.server";
import { exportFiscalMonth, fiscalStorageOf } from "~/server/fiscal/fiscal-archive.server";
import type { Route } from "./+types/fiscal-export";

/** The accountant's ZIP of a month's notes (XML and DANFE): ?mes=2026-11. A Dono and Gerente action (capability "fiscal"), audited. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaffPermission(request, context, "fiscal");
  if (!context.config.fiscal) throw data("A loja não emite notas fiscais (FISCAL_PROVIDER não está definido).", { status: 404 });
  const month = new URL(request.url).searchParams.get("mes") ?? "";
  const exported = await exportFiscalMonth(context.db, fiscalStorageOf(context.config), month, user);
  if (!exported.ok) throw data(exported.message, { status: 400 });
  return new Response(new Blob([new Uint8Array(exported.zip)], { type: "application/zip" }), {
    headers: {
      "content-type": "application/zip",
      "content-disposition": `attachment; filename="${exported.fileName}"`,
      "cache-control": "no-store",
    },
  });
}
