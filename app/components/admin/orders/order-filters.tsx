import { Form, Link, useSubmit } from "react-router";
import type { AdminOrderFilters } from "~/lib/orders/admin-orders";
import { ORDER_STATUS_LABELS, SHOWN_ORDER_STATUSES } from "~/lib/orders/order-status";
import { PAYMENT_LABELS } from "~/lib/payments/admin-payment";
import { PAYMENT_STATUSES } from "~/lib/payments/payment-status";

/** Search by code, name or phone and a status filter, kept in the URL (a GET form). */
export function OrderFilters({ filters }: { filters: AdminOrderFilters }) {
  const submit = useSubmit();
  const filtered = Boolean(filters.q || filters.status || filters.payment);
  return (
    <Form method="get" role="search" className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow-sm">
      <div className="min-w-[14rem] flex-1">
        <label htmlFor="order-search" className="block text-sm font-semibold text-slate-800">
          Buscar pedido
        </label>
        <input
          id="order-search"
          type="search"
          name="q"
          defaultValue={filters.q}
          key={filters.q}
          placeholder="Código, nome ou telefone"
          className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-base"
        />
      </div>
      <div>
        <label htmlFor="order-status-filter" className="block text-sm font-semibold text-slate-800">
          Status
        </label>
        <select
          id="order-status-filter"
          name="status"
          defaultValue={filters.status ?? ""}
          key={filters.status ?? ""}
          onChange={(event) => void submit(event.currentTarget.form)}
          className="mt-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base"
        >
          <option value="">Todos</option>
          {SHOWN_ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {ORDER_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="order-payment-filter" className="block text-sm font-semibold text-slate-800">
          Pagamento
        </label>
        <select
          id="order-payment-filter"
          name="pagamento"
          defaultValue={filters.payment ?? ""}
          key={filters.payment ?? ""}
          onChange={(event) => void submit(event.currentTarget.form)}
          className="mt-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base"
        >
          <option value="">Todos</option>
          {PAYMENT_STATUSES.map((payment) => (
            <option key={payment} value={payment}>
              {PAYMENT_LABELS[payment]}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="rounded-lg bg-slate-900 px-4 py-2.5 text-sm font-semibold text-white hover:bg-slate-800">
        Buscar
      </button>
      {filtered ? (
        <Link to="/admin/pedidos" className="px-2 py-2.5 text-sm font-semibold text-brand-700 underline">
          Limpar filtros
        </Link>
      ) : null}
    </Form>
  );
}
