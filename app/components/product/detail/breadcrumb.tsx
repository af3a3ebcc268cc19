import { Link } from "react-router";
import { ChevronRightIcon } from "~/components/ui/icons";

export type Crumb = { label: string; to?: string };

/** Início > Produtos > shop > product; the last crumb is the current page. */
export function Breadcrumb({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label="Trilha de navegação" className="text-sm text-slate-600">
      <ol className="flex flex-wrap items-center gap-x-1 gap-y-1">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={`${index}-${crumb.label}`} className="flex min-w-0 items-center gap-1">
              {crumb.to && !last ? (
                <Link to={crumb.to} className="hover:text-brand-700 hover:underline">
                  {crumb.label}
                </Link>
              ) : (
                <span aria-current={last ? "page" : undefined} className="truncate font-medium text-slate-900">
                  {crumb.label}
                </span>
              )}
              {last ? null : <ChevronRightIcon className="h-3.5 w-3.5 shrink-0 text-slate-400" />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
