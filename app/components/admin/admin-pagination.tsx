import { Link, useSearchParams } from "react-router";
import { withParams } from "~/lib/lists/admin-list";
import { PAGE_PARAM } from "~/lib/lists/page-param";

/** 'Anterior' / 'Próxima' for the admin lists; keeps the filters in the URL. */
export function AdminPagination({ page, pageCount, label }: { page: number; pageCount: number; label: string }) {
  const [searchParams] = useSearchParams();
  if (pageCount <= 1 && page <= 1) return null;
  const link = "rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold hover:bg-slate-50";
  const disabled = "rounded-lg border border-slate-200 px-3 py-2 text-sm font-semibold text-slate-400";
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={withParams(searchParams, { [PAGE_PARAM]: Math.min(page - 1, pageCount) })} className={link} rel="prev">
          Anterior
        </Link>
      ) : (
        <span className={disabled} aria-disabled="true">
          Anterior
        </span>
      )}
      <span className="text-sm text-slate-600">
        Página {page} de {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={withParams(searchParams, { [PAGE_PARAM]: page + 1 })} className={link} rel="next">
          Próxima
        </Link>
      ) : (
        <span className={disabled} aria-disabled="true">
          Próxima
        </span>
      )}
    </nav>
  );
}
