import { Link } from "react-router";
import { adminOrderPath, type AdminOrderRow, CHANNEL_LABELS, DEMO_ORDER_LABEL, orderCustomerLabel } from "~/lib/orders/admin-orders";
import { formatBRL } from "~/lib/format/money";
import { formatShopDateTime } from "~/lib/format/shop-time";
import { OrderStatusBadge } from "./order-status-badge";
import { PaymentBadge } from "./payment-badge";

const COLUMNS = "sm:grid sm:grid-cols-[6.5rem_8.5rem_minmax(0,1fr)_7rem_7rem_7rem_8rem] sm:items-center sm:gap-3";

/**
 * The orders as a list of rows (a grid on wide screens, cards on phones). The code links to the
 * order's page; a plain click opens it in the modal instead.
 */
export function OrdersList({
  orders,
  highlighted,
  onOpen,
}: {
  orders: AdminOrderRow[];
  highlighted: ReadonlySet<string>;
  onOpen: (order: AdminOrderRow) => void;
}) {
  return (
    <div className="overflow-hidden rounded-xl bg-white shadow-sm">
      <div aria-hidden="true" className={`hidden border-b border-slate-200 px-4 py-2 text-xs font-semibold uppercase text-slate-500 ${COLUMNS}`}>
        <span>Pedido</span>
        <span>Data</span>
        <span>Cliente</span>
        <span className="text-right">Total</span>
        <span>Status</span>
        <span>Pagamento</span>
        <span>Canal e loja</span>
      </div>
      <ul className="divide-y divide-slate-100" data-testid="orders-list">
        {orders.map((order) => (
          <li
            key={order.id}
            data-testid="order-row"
            className={`relative px-4 py-3 text-sm hover:bg-slate-50 ${COLUMNS} ${highlighted.has(order.id) ? "bg-amber-50" : ""}`}
          >
            <div className="flex items-center justify-between gap-2 sm:block">
              <Link
                to={adminOrderPath(order.id)}
                onClick={(event) => {
                  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                  event.preventDefault();
                  onOpen(order);
                }}
                aria-haspopup="dialog"
                className="font-mono font-bold text-brand-700 after:absolute after:inset-0 hover:underline"
              >
                #{order.code}
              </Link>
              {highlighted.has(order.id) ? (
                <span className="ml-1 rounded bg-amber-200 px-1.5 py-0.5 text-[0.65rem] font-bold uppercase text-amber-900">Novo</span>
              ) : null}
              {order.demoProducts ? (
                <span className="ml-1 rounded bg-slate-200 px-1.5 py-0.5 text-[0.65rem] font-bold uppercase text-slate-700">{DEMO_ORDER_LABEL}</span>
              ) : null}
              <span className="flex flex-wrap justify-end gap-1 sm:hidden">
                <OrderStatusBadge status={order.status} deliveryMethod={order.deliveryMethod} />
                <PaymentBadge status={order.payment.status} mismatchCents={order.payment.mismatchCents} refundedCents={order.payment.refundedCents} />
              </span>
            </div>
            <p className="text-slate-600">
              <time dateTime={order.createdAt}>{formatShopDateTime(order.createdAt)}</time>
            </p>
            <p className="font-medium wrap-anywhere sm:truncate">
              {orderCustomerLabel(order)}
              {order.customerPhone ? <span className="block text-xs font-normal text-slate-500 sm:truncate">{order.customerPhone}</span> : null}
            </p>
            <p className="font-semibold sm:text-right">
              {formatBRL(order.totalCents)}
              {order.hasConsultItems ? <span className="block text-xs font-normal text-amber-800">+ itens a consultar</span> : null}
            </p>
            <p className="hidden sm:block">
              <OrderStatusBadge status={order.status} deliveryMethod={order.deliveryMethod} />
            </p>
            <p className="hidden sm:block">
              <PaymentBadge status={order.payment.status} mismatchCents={order.payment.mismatchCents} refundedCents={order.payment.refundedCents} />
            </p>
            <p className="text-xs text-slate-500 sm:text-sm">
              {CHANNEL_LABELS[order.channel]}
              {order.storeName ? <span className="block">{order.storeName}</span> : null}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
