import { Link } from "react-router";
import { ChevronRightIcon } from "~/components/ui/icons";
import { formatBRL } from "~/lib/format/money";
import { orderStatusLabel, type OrderStatus } from "~/lib/orders/order-status";

export type MyOrder = { code: string; token: string; status: OrderStatus; deliveryMethod: string; totalCents: number; createdAt: string };

// The shops are in Pernambuco: the date reads the same wherever the server or the shopper is.
const orderDate = new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeStyle: "short", timeZone: "America/Recife" });

/** 'Meus pedidos' on /conta: the orders placed while signed in, newest first. */
export function MyOrders({ orders }: { orders: MyOrder[] }) {
  return (
    <section id="pedidos" aria-labelledby="pedidos-titulo" className="mt-8 scroll-mt-44 rounded-2xl border border-slate-200 p-6">
      <h2 id="pedidos-titulo" className="text-lg font-bold">
        Meus pedidos
      </h2>
      {orders.length === 0 ? (
        <p className="mt-2 text-slate-600">
          Você ainda não fez pedidos.{" "}
          <Link to="/produtos" className="font-semibold text-brand-700 underline">
            Ver produtos
          </Link>
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200" data-testid="my-orders">
          {orders.map((order) => (
            <li key={order.token}>
              <Link to={`/pedido/${order.token}`} className="flex items-center gap-3 p-4 hover:bg-slate-50">
                <div className="min-w-0 flex-1">
                  <p className="font-semibold text-slate-900">Pedido #{order.code}</p>
                  <p className="text-sm text-slate-600">
                    <time dateTime={order.createdAt}>{orderDate.format(new Date(order.createdAt))}</time>
                    {" · "}
                    {orderStatusLabel(order.status, order.deliveryMethod)}
                  </p>
                </div>
                <p className="shrink-0 font-semibold text-slate-900">{formatBRL(order.totalCents)}</p>
                <ChevronRightIcon className="h-5 w-5 shrink-0 text-slate-400" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
