import { useSubmit } from "react-router";
import { AdminSearchForm } from "~/components/admin/admin-search-form";
import type { AdminOrderFilters } from "~/lib/orders/admin-orders";
import { ORDER_STATUS_LABELS, SHOWN_ORDER_STATUSES } from "~/lib/orders/order-status";
import { PAYMENT_LABELS } from "~/lib/payments/admin-payment";
import { PAYMENT_STATUSES } from "~/lib/payments/payment-status";

/** Search by code, name or phone and the status, payment and store filters, kept in the URL (a GET form). */
export function OrderFilters({ filters, stores }: { filters: AdminOrderFilters; stores: { id: number; name: string }[] }) {
  const filtered = Boolean(filters.q || filters.status || filters.payment || filters.store);
  const storeIds = stores.map((store) => String(store.id));
  const storeNames = Object.fromEntries(stores.map((store) => [String(store.id), store.name]));
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
          <SubmittingSelect id="order-status-filter" label="Status" name="status" value={filters.status} options={SHOWN_ORDER_STATUSES} labels={ORDER_STATUS_LABELS} />
          <SubmittingSelect id="order-payment-filter" label="Pagamento" name="pagamento" value={filters.payment} options={PAYMENT_STATUSES} labels={PAYMENT_LABELS} />
          {stores.length > 1 ? (
            <SubmittingSelect id="order-store-filter" label="Loja" name="loja" value={filters.store === null ? null : String(filters.store)} options={storeIds} labels={storeNames} />
          ) : null}
        </>
      }
    />
  );
}

/** A filter of the list that applies itself when changed ("Todos": none); `key` resets it when the URL changes. */
function SubmittingSelect<T extends string>({
  id,
  label,
  name,
  value,
  options,
  labels,
}: {
  id: string;
  label: string;
  name: string;
  value: T | null | undefined;
  options: readonly T[];
  labels: Record<T, string>;
}) {
  const submit = useSubmit();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={value ?? ""}
        key={value ?? ""}
        onChange={(event) => void submit(event.currentTarget.form)}
        className="mt-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base"
      >
        <option value="">Todos</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {labels[option]}
          </option>
        ))}
      </select>
    </div>
  );
}
