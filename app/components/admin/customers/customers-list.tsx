import { Link, useSearchParams } from "react-router";
import { CUSTOMER_PARAM, customerLabel, type CustomerRow } from "~/lib/account/admin-customers";
import { withParams } from "~/lib/lists/admin-list";
import { formatBRL } from "~/lib/format/money";
import { formatShopDate } from "~/lib/format/shop-time";
import { AdminBadge } from "./admin-badge";

const COLUMNS = "sm:grid sm:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_6rem_5rem_7rem] sm:items-center sm:gap-3";

/** Customers (or staff accounts) as the server ordered them; each opens its detail over the list (`?cliente={id}`). */
export function CustomersList({ customers, label }: { customers: CustomerRow[]; label: string }) {
  const [searchParams] = useSearchParams();
  return (
    <div className="overflow-hidden rounded-xl bg-white shadow-sm">
      <div aria-hidden="true" className={`hidden border-b border-slate-200 px-4 py-2 text-xs font-semibold uppercase text-slate-500 ${COLUMNS}`}>
        <span>Cliente</span>
        <span>Telefone</span>
        <span>Último pedido</span>
        <span className="text-right">Pedidos</span>
        <span className="text-right">Total gasto</span>
      </div>
      <ul className="divide-y divide-slate-100" data-testid="customers-list" aria-label={label}>
        {customers.map((customer) => (
          <li key={customer.id} data-testid="customer-row" className={`relative px-4 py-3 text-sm hover:bg-slate-50 ${COLUMNS}`}>
            <div className="flex min-w-0 items-center gap-3">
              {customer.image ? (
                <img src={customer.image} alt="" width={32} height={32} className="h-8 w-8 shrink-0 rounded-full object-cover" />
              ) : (
                <span aria-hidden="true" className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-slate-200 font-bold text-slate-700">
                  {customerLabel(customer).charAt(0).toUpperCase()}
                </span>
              )}
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2">
                  <Link
                    to={withParams(searchParams, { [CUSTOMER_PARAM]: customer.id })}
                    preventScrollReset
                    aria-haspopup="dialog"
                    className="font-semibold text-slate-900 wrap-anywhere after:absolute after:inset-0 hover:underline"
                  >
                    {customerLabel(customer)}
                  </Link>
                  {customer.role === "admin" ? <AdminBadge /> : null}
                  {customer.hasAccount ? null : <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">Sem cadastro</span>}
                </p>
                {customer.email && customer.email !== customerLabel(customer) ? <p className="text-slate-600 wrap-anywhere">{customer.email}</p> : null}
              </div>
            </div>
            <p className="mt-1 text-slate-600 sm:mt-0">{customer.phone || "—"}</p>
            <p className="text-slate-600">
              <span className="sm:hidden">Último pedido: </span>
              {customer.lastOrderAt ? formatShopDate(customer.lastOrderAt) : "—"}
            </p>
            <p className="sm:text-right">
              <span className="sm:hidden">Pedidos: </span>
              {customer.totalOrders}
            </p>
            <p className="font-semibold sm:text-right">
              <span className="font-normal sm:hidden">Total gasto: </span>
              {formatBRL(customer.totalSpentCents)}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
