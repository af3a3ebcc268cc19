import { useId, useState } from "react";
import { useFetcher } from "react-router";
import { useHydrated } from "~/components/ui/use-hydrated";
import { adminOrderPath } from "~/lib/admin-orders";
import { ORDER_STATUSES, isOrderStatus, type OrderStatus } from "~/lib/order-status";
import { type DeliveryMethod, shopperStatusLabel } from "~/lib/status-messages";
import type { OrderStatusFormResult } from "~/lib/order-status.schema";

/**
 * The status dropdown: a change is saved at once (fetcher POST to /admin/pedidos/{id}) and answered
 * with the spec's 'Status atualizado com sucesso!' or 'Erro ao atualizar status'. Before the page's
 * script runs, a 'Salvar' button submits the same form.
 */
export function OrderStatusControl({ orderId, status, deliveryMethod }: { orderId: string; status: OrderStatus; deliveryMethod: DeliveryMethod }) {
  const fetcher = useFetcher<OrderStatusFormResult>();
  const hydrated = useHydrated();
  const id = useId();
  // Each answer shows until the next change is made.
  const [dismissed, setDismissed] = useState<OrderStatusFormResult | null>(null);
  const shownResult = fetcher.state === "idle" && fetcher.data && fetcher.data !== dismissed ? fetcher.data : null;

  const pending = fetcher.formData?.get("status");
  const value = isOrderStatus(pending) ? pending : status;

  return (
    <fetcher.Form method="post" action={adminOrderPath(orderId)} className="space-y-2">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        Status do pedido
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <select
          id={id}
          name="status"
          value={value}
          disabled={fetcher.state !== "idle"}
          onChange={(event) => {
            setDismissed(fetcher.data ?? null);
            void fetcher.submit(event.currentTarget.form);
          }}
          className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-base"
        >
          {ORDER_STATUSES.map((option) => (
            <option key={option} value={option}>
              {/* A pick-up order is never 'Enviado': the clerk picks what the shopper will read. */}
              {shopperStatusLabel(option, deliveryMethod)}
            </option>
          ))}
        </select>
        {hydrated ? null : (
          <button type="submit" className="rounded-lg bg-slate-900 px-4 py-2 text-sm font-semibold text-white">
            Salvar
          </button>
        )}
        {fetcher.state !== "idle" ? <span className="text-sm text-slate-600">Salvando…</span> : null}
      </div>
      <p role="status" className="text-sm font-semibold text-green-800">
        {shownResult?.ok ? shownResult.message : null}
      </p>
      {shownResult && !shownResult.ok ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          <p className="font-semibold">{shownResult.message}</p>
          {shownResult.detail ? <p className="mt-1">{shownResult.detail}</p> : null}
        </div>
      ) : null}
    </fetcher.Form>
  );
}
