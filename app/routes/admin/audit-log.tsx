import { AdminPagination } from "~/components/admin/admin-pagination";
import { AuditLogFilter } from "~/components/admin/audit/audit-log-filter";
import { AuditLogList } from "~/components/admin/audit/audit-log-list";
import { pageParam } from "~/lib/lists/admin-list";
import { AUDIT_ENTITY_LABELS, isAuditEntityType } from "~/lib/admin/audit-log";
import { requireStaffPermission } from "~/server/auth/guards.server";
import { listAuditLog } from "~/server/group/audit-log.server";
import type { Route } from "./+types/audit-log";
import { adminMeta } from "~/lib/admin/admin-meta";

export function meta() {
  return adminMeta("Registro de alterações");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPermission(request, context, "audit");
  const searchParams = new URL(request.url).searchParams;
  const type = searchParams.get("tipo");
  const entityType = isAuditEntityType(type) ? type : null;
  const log = await listAuditLog(context.db, { entityType }, pageParam(searchParams));
  return { ...log, entityType };
}

export default function AdminAuditLog({ loaderData }: Route.ComponentProps) {
  const { entries, total, page, pageCount, entityType } = loaderData;
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold">Registro de alterações</h1>
        <p className="text-sm text-slate-600">
          Quem mudou o quê no painel, e quando.{" "}
          {total === 1 ? "1 alteração" : `${total} alterações`}
          {entityType ? ` em ${AUDIT_ENTITY_LABELS[entityType].toLowerCase()}` : ""}.
        </p>
      </div>
      <AuditLogFilter entityType={entityType} />
      {entries.length ? (
        <AuditLogList entries={entries} />
      ) : (
        <p className="rounded-xl bg-white p-10 text-center text-slate-600 shadow-sm">Nenhuma alteração registrada</p>
      )}
      <AdminPagination page={page} pageCount={pageCount} label="Páginas do registro de alterações" />
    </div>
  );
}
