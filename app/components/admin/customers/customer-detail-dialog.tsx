import { Link } from "react-router";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { OrderStatusBadge } from "~/components/admin/orders/order-status-badge";
import { customerLabel, type CustomerDetail } from "~/lib/account/admin-customers";
import { adminOrderPath } from "~/lib/orders/admin-orders";
import { formatBRL } from "~/lib/format/money";
import { formatShopDate, formatShopDateTime } from "~/lib/format/shop-time";
import { AdminBadge } from "./admin-badge";
import { CustomerRoleControl } from "./customer-role-control";

/** A customer's profile, totals and orders (newest first, each linking to its page). */
export function CustomerDetailDialog({
  detail,
  isSelf,
  canManageStaff,
  onClose,
}: {
  detail: CustomerDetail;
  isSelf: boolean;
  /** Only a Dono gives or takes staff access (the server checks it too). */
  canManageStaff: boolean;
  onClose: () => void;
}) {
  const { customer, orders } = detail;
  const heading = "text-sm font-bold uppercase tracking-wide text-slate-500";
  return (
    <AdminDialog title={customerLabel(customer)} onClose={onClose}>
      <div className="space-y-6 text-sm" data-testid="customer-detail">
        <div className="flex flex-wrap items-center gap-2">
          {customer.role === "admin" ? <AdminBadge /> : <span className="text-slate-600">{customer.hasAccount ? "Cliente" : "Cliente sem cadastro"}</span>}
          <span className="text-slate-600">
            {customer.hasAccount ? "Cadastro em" : "Primeiro pedido em"} {formatShopDate(customer.createdAt)}
          </span>
        </div>

        <CustomerFacts customer={customer} />

        <section aria-labelledby={`pedidos-${customer.id}`}>
          <h3 id={`pedidos-${customer.id}`} className={heading}>
            Pedidos do cliente
          </h3>
          {orders.length ? (
            <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
              {orders.map((order) => (
                <li key={order.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                  <Link to={adminOrderPath(order.id)} className="font-mono font-bold text-brand-700 underline">
                    #{order.code}
                  </Link>
                  <span className="text-slate-600">{formatShopDateTime(order.createdAt)}</span>
                  <OrderStatusBadge status={order.status} deliveryMethod={order.deliveryMethod} />
                  <span className="font-semibold">{formatBRL(order.totalCents)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-slate-600">Nenhum pedido.</p>
          )}
        </section>

        <section aria-labelledby={`permissao-${customer.id}`}>
          <h3 id={`permissao-${customer.id}`} className={heading}>
            Permissão
          </h3>
          <div className="mt-2">
            {customer.hasAccount && !canManageStaff ? (
              <p className="text-slate-600">Só o Dono da loja muda quem tem acesso ao painel.</p>
            ) : customer.hasAccount ? (
              <CustomerRoleControl userId={customer.id} name={customerLabel(customer)} role={customer.role} isSelf={isSelf} />
            ) : (
              <p className="text-slate-600">Sem conta no site: pedidos reunidos pelo telefone e pelo e-mail informados.</p>
            )}
          </div>
        </section>
      </div>
    </AdminDialog>
  );
}

function CustomerFacts({ customer }: { customer: CustomerDetail["customer"] }) {
  return (
    <>
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
        <div>
          <dt className="font-semibold">E-mail</dt>
          <dd>{customer.email || "Não informado"}</dd>
        </div>
        <div>
          <dt className="font-semibold">Telefone</dt>
          <dd>{customer.phone || "Não informado"}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="font-semibold">Endereço</dt>
          <dd className="whitespace-pre-line">{customer.address || "Não informado"}</dd>
        </div>
        <div>
          <dt className="font-semibold">Pedidos</dt>
          <dd>{customer.totalOrders}</dd>
        </div>
        <div>
          <dt className="font-semibold">Total gasto</dt>
          <dd>{formatBRL(customer.totalSpentCents)}</dd>
        </div>
      </dl>
      <p className="-mt-4 text-xs text-slate-500">Totais sem os pedidos cancelados.</p>
    </>
  );
}
