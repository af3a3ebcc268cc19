import { auditActionLabel, auditFieldLabel, formatAuditValue, type AuditEntry } from "~/lib/admin/audit-log";
import { formatShopDateTime } from "~/lib/format/shop-time";

/** Newest first: when, who, what, and each changed field as before → after (a creation or deletion: its one side). */
export function AuditLogList({ entries }: { entries: AuditEntry[] }) {
  return (
    <ol className="space-y-3">
      {entries.map((entry) => (
        <li key={entry.id} className="rounded-xl bg-white p-4 shadow-sm">
          {/* wrap-anywhere: a long e-mail or product name wraps instead of widening the page on a phone. */}
          <p className="text-sm text-slate-600 wrap-anywhere">
            <time dateTime={entry.at}>{formatShopDateTime(entry.at)}</time> ·{" "}
            <span className="font-semibold text-slate-800">{entry.actorName || entry.actorEmail}</span>
            {entry.actorEmail && entry.actorName ? <span> ({entry.actorEmail})</span> : null}
          </p>
          <p className="mt-1 font-semibold text-slate-900 wrap-anywhere">
            {auditActionLabel(entry.action)}
            {entry.entityLabel ? <span className="font-normal"> — {entry.entityLabel}</span> : null}
          </p>
          {entry.changes.length ? (
            <dl className="mt-2 grid grid-cols-1 gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
              {entry.changes.map((change) => (
                <div key={change.field} className="contents">
                  <dt className="font-semibold text-slate-700">{auditFieldLabel(change.field, entry.entityType)}</dt>
                  <dd className="text-slate-800 wrap-anywhere">
                    {entry.kind === "create" ? (
                      formatAuditValue(change.field, change.after, entry.orderDeliveryMethod)
                    ) : entry.kind === "delete" ? (
                      formatAuditValue(change.field, change.before, entry.orderDeliveryMethod)
                    ) : (
                      <>
                        <span className="text-slate-500 line-through decoration-slate-400">{formatAuditValue(change.field, change.before, entry.orderDeliveryMethod)}</span>
                        <span aria-hidden="true"> → </span>
                        <span className="sr-only"> mudou para </span>
                        <span>{formatAuditValue(change.field, change.after, entry.orderDeliveryMethod)}</span>
                      </>
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
