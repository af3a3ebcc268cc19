import { ORDER_STATUS_LABELS, type OrderStatus } from "~/lib/orders/order-status";

const COLOURS: Record<OrderStatus, string> = {
  pending: "bg-amber-100 text-amber-900",
  processing: "bg-sky-100 text-sky-900",
  shipped: "bg-indigo-100 text-indigo-900",
  delivered: "bg-green-100 text-green-900",
  cancelled: "bg-slate-200 text-slate-700",
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`inline-block whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${COLOURS[status]}`}>
      {ORDER_STATUS_LABELS[status]}
    </span>
  );
}
