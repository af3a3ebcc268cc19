import { useSubmit } from "react-router";
import { AdminSearchForm } from "~/components/admin/admin-search-form";
import type { AdminOrderFilters } from "~/lib/orders/admin-orders";
import { ORDER_STATUS_LABELS, SHOWN_ORDER_STATUSES } from "~/lib/orders/order-status";
import { PAYMENT_LABELS } from "~/lib/payments/admin-payment";
import { PAYMENT_STATUSES } from "~/lib/payments/payment-status";

/** Search by code, name or phone and a status filter, kept in the URL (a GET form). */
export function OrderFilters({ filters }: { filters: AdminOrderFilters }) {
  const submit = useSubmit();
  const filtered = Boolean(filters.q || filters.status || filters.payment);
  return (
    <AdminSearchForm
      id="order-search"
      label="Buscar pedido"
      placeholder="Código, nome ou telefone"
      q={filters.q}
      clearTo="/admin/pedidos"
      filtered={filtered}
      clearLabel="Limpar filtros"
      after={
        <>
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
        </>
      }
    />
  );
}
