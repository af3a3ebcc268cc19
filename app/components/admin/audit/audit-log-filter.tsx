import { Form, Link } from "react-router";
import { AUDIT_ENTITY_LABELS, AUDIT_ENTITY_TYPES, type AuditEntityType } from "~/lib/admin/audit-log";

/** Which kind of entity to show, kept in the URL (a GET form: works without JavaScript). */
export function AuditLogFilter({ entityType }: { entityType: AuditEntityType | null }) {
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow-sm">
      <div className="min-w-[12rem]">
        <label htmlFor="audit-entity" className="block text-sm font-semibold text-slate-800">
          Mostrar
        </label>
        <select
          id="audit-entity"
          name="tipo"
          defaultValue={entityType ?? ""}
          key={entityType ?? ""}
          className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base"
        >
          <option value="">Todas as alterações</option>
          {AUDIT_ENTITY_TYPES.map((type) => (
            <option key={type} value={type}>
              {AUDIT_ENTITY_LABELS[type]}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="rounded-lg bg-slate-900 px-4 py-2.5 text-sm font-semibold text-white hover:bg-slate-800">
        Filtrar
      </button>
      {entityType ? (
        <Link to="/admin/auditoria" className="px-2 py-2.5 text-sm font-semibold text-brand-700 underline">
          Ver todas
        </Link>
      ) : null}
    </Form>
  );
}
