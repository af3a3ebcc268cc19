import type { ReactNode } from "react";
import { Form, Link } from "react-router";

/**
 * An admin list's search, kept in the URL (a GET form): the box, 'Buscar', and a link back to the whole
 * list while a search is on. `before` and `after`: fields sent with it, around the box (the store to
 * look in, a status filter); `filtered` says whether any of them narrows the list.
 */
export function AdminSearchForm({
  id,
  label,
  placeholder,
  q,
  clearTo,
  before,
  after,
  filtered = q !== "",
  clearLabel = "Limpar busca",
  boxClassName = "min-w-[14rem] flex-1",
}: {
  id: string;
  label: string;
  placeholder: string;
  q: string;
  /** The list without the search. */
  clearTo: string;
  before?: ReactNode;
  after?: ReactNode;
  filtered?: boolean;
  clearLabel?: string;
  boxClassName?: string;
}) {
  return (
    <Form method="get" role="search" className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow-sm">
      {before}
      <div className={boxClassName}>
        <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
          {label}
        </label>
        <input
          id={id}
          type="search"
          name="q"
          defaultValue={q}
          key={q}
          placeholder={placeholder}
          className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-base"
        />
      </div>
      {after}
      <button type="submit" className="rounded-lg bg-slate-900 px-4 py-2.5 text-sm font-semibold text-white hover:bg-slate-800">
        Buscar
      </button>
      {filtered ? (
        <Link to={clearTo} className="px-2 py-2.5 text-sm font-semibold text-brand-700 underline">
          {clearLabel}
        </Link>
      ) : null}
    </Form>
  );
}
