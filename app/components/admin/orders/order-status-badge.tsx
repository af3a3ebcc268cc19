import { ORDER_STATUS_LABELS, type OrderStatus, type ShownOrderStatus, shownOrderStatus } from "~/lib/orders/order-status";

const COLOURS: Record<ShownOrderStatus, string> = {
  pending: "bg-amber-100 text-amber-900",
  processing: "bg-sky-100 text-sky-900",
  shipped: "bg-indigo-100 text-indigo-900",
  pickup_ready: "bg-violet-100 text-violet-900",
  delivered: "bg-green-100 text-green-900",
  cancelled: "bg-slate-200 text-slate-700",
};

/** The status by its one name: a pick-up order's 'Enviado' reads 'Pronto para retirada'. */
export function OrderStatusBadge({ status, deliveryMethod }: { status: OrderStatus; deliveryMethod: string }) {
  const shown = shownOrderStatus(status, deliveryMethod);
  return (
    <span className={`inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${COLOURS[shown]}`}>
      {ORDER_STATUS_LABELS[shown]}
    </span>
  );
}
