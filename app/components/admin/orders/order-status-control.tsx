import { useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useHydrated } from "~/components/ui/use-hydrated";
import { adminOrderPath } from "~/lib/orders/admin-orders";
import { type DeliveryMethod, ORDER_STATUSES, isOrderStatus, orderStatusLabel, type OrderStatus } from "~/lib/orders/order-status";
import { CONFIRM_CANCEL_FIELD, type OrderStatusFormResult } from "~/lib/orders/order-status.schema";

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

  const confirmDialog = useRef<HTMLDialogElement>(null);
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
            // Cancelling gives the stock back and tells nobody: asked first. The select stays on the
            // current status (it is controlled) until the clerk confirms.
            if (event.currentTarget.value === "cancelled") confirmDialog.current?.showModal();
            else void fetcher.submit(event.currentTarget.form);
          }}
          className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-base"
        >
          {ORDER_STATUSES.map((option) => (
            <option key={option} value={option}>
              {/* A pick-up order is never 'Enviado': the clerk picks what the shopper will read. */}
              {orderStatusLabel(option, deliveryMethod)}
            </option>
          ))}
        </select>
        {hydrated ? null : (
          // Before the script runs there is no dialog: the same confirmation is a checkbox the server requires.
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name={CONFIRM_CANCEL_FIELD} value="1" className="h-4 w-4" />
            Confirmo o cancelamento (se for Cancelado)
          </label>
        )}
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
          <p className="font-semibold">{shownResult.errors.form}</p>
          {shownResult.errors.status ? <p className="mt-1">{shownResult.errors.status}</p> : null}
        </div>
      ) : null}
      <dialog ref={confirmDialog} aria-labelledby={`${id}-cancelar`} className="m-auto max-w-sm rounded-xl p-5 backdrop:bg-slate-900/50">
        <h2 id={`${id}-cancelar`} className="text-lg font-bold">
          Cancelar este pedido?
        </h2>
        <p className="mt-2 text-sm text-slate-700">Os produtos voltam para o estoque. O cliente não é avisado automaticamente.</p>
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <button type="button" onClick={() => confirmDialog.current?.close()} className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold">
            Voltar
          </button>
          <button
            type="button"
            onClick={() => {
              confirmDialog.current?.close();
              void fetcher.submit({ status: "cancelled", [CONFIRM_CANCEL_FIELD]: "1" }, { method: "post", action: adminOrderPath(orderId) });
            }}
            className="rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white"
          >
            Cancelar pedido
          </button>
        </div>
      </dialog>
    </fetcher.Form>
  );
}
