import { Form, Link } from "react-router";

/** Search by name, e-mail or phone, kept in the URL (a GET form). */
export function CustomerSearch({ q }: { q: string }) {
  return (
    <Form method="get" role="search" className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow-sm">
      <div className="min-w-[14rem] flex-1">
        <label htmlFor="customer-search" className="block text-sm font-semibold text-slate-800">
          Buscar cliente
        </label>
        <input
          id="customer-search"
          type="search"
          name="q"
          defaultValue={q}
          key={q}
          placeholder="Nome, e-mail ou telefone"
          className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-base"
        />
      </div>
      <button type="submit" className="rounded-lg bg-slate-900 px-4 py-2.5 text-sm font-semibold text-white hover:bg-slate-800">
        Buscar
      </button>
      {q ? (
        <Link to="/admin/clientes" className="px-2 py-2.5 text-sm font-semibold text-brand-700 underline">
          Limpar busca
        </Link>
      ) : null}
    </Form>
  );
}
