import { Link } from "react-router";
import { OrderStatusBadge } from "~/components/admin/orders/order-status-badge";
import { formatBRL } from "~/lib/format/money";
import { formatShopDateTime } from "~/lib/format/shop-time";
import { orderCustomerLabel, type RecentOrder } from "~/lib/orders/admin-orders";

export type { RecentOrder };

/** The 5 newest orders, each opening its page in the admin. */
export function RecentOrders({ orders }: { orders: RecentOrder[] }) {
  return (
    <section aria-labelledby="pedidos-recentes" className="rounded-2xl bg-white p-5 shadow-sm">
      <div className="flex items-center justify-between gap-3">
        <h2 id="pedidos-recentes" className="text-lg font-bold">
          Pedidos recentes
        </h2>
        <Link to="/admin/pedidos" className="text-sm font-semibold text-brand-700 hover:underline">
          Ver todos
        </Link>
      </div>
      {orders.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">Nenhum pedido ainda</p>
      ) : (
        <div className="mt-4 sm:overflow-x-auto">
          <table className="table-stacked w-full text-left text-sm sm:min-w-[36rem]">
            <thead>
              <tr className="border-b border-slate-200 text-slate-600">
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Pedido
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Cliente
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-semibold">
                  Total
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Status
                </th>
                <th scope="col" className="py-2 font-semibold">
                  Data
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id} className="border-b border-slate-100 last:border-0">
                  <th scope="row" className="py-2 pr-3 font-mono font-semibold">
                    <Link to={`/admin/pedidos/${order.id}`} className="text-brand-700 hover:underline">
                      #{order.code}
                    </Link>
                  </th>
                  <td data-label="Cliente" className="py-2 pr-3">{orderCustomerLabel(order)}</td>
                  <td data-label="Total" className="whitespace-nowrap py-2 pr-3 text-right tabular-nums">{formatBRL(order.totalCents)}</td>
                  <td data-label="Status" className="py-2 pr-3">
                    <OrderStatusBadge status={order.status} deliveryMethod={order.deliveryMethod} />
                  </td>
                  <td data-label="Data" className="whitespace-nowrap py-2 text-slate-600">{formatShopDateTime(order.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
