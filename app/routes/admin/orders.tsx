import { useCallback, useState } from "react";
import { useRevalidator } from "react-router";
import { AdminPagination } from "~/components/admin/admin-pagination";
import { LiveOrdersStatus } from "~/components/admin/orders/live-orders-status";
import { OrderDetailDialog } from "~/components/admin/orders/order-detail-dialog";
import { OrderFilters } from "~/components/admin/orders/order-filters";
import { OrdersList } from "~/components/admin/orders/orders-list";
import { useLiveOrderEvents } from "~/components/admin/orders/live-order-events";
import { type AdminOrderRow, type OrderEvent, parseOrderFilters } from "~/lib/orders/admin-orders";
import { requireStaffPermission, staffStoreScope } from "~/server/auth/guards.server";
import { hasAnyOrder, listAdminOrders } from "~/server/orders/admin-order-queries.server";
import { listStores } from "~/server/auth/staff.server";
import type { Route } from "./+types/orders";
import { countLabel, pluralForm } from "~/lib/format/plural";
import { adminMeta } from "~/lib/admin/admin-meta";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaffPermission(request, context, "orders");
  const filters = parseOrderFilters(new URL(request.url).searchParams);
  const stores = staffStoreScope(user);
  const list = await listAdminOrders(context.db, filters, stores);
  const anyOrder = list.total > 0 || (await hasAnyOrder(context.db, stores));
  // The Loja filter, for whoever sees every store's orders.
  const storeOptions = stores === null ? (await listStores(context.db)).map((store) => ({ id: store.id, name: store.name })) : [];
  return { ...list, filters, anyOrder, storeOptions };
}

export function meta() {
  return adminMeta("Pedidos");
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { orders, total, page, pageCount, filters, anyOrder, storeOptions } = loaderData;
  const revalidator = useRevalidator();
  const [open, setOpen] = useState<Pick<AdminOrderRow, "id" | "code"> | null>(null);
  const [newOrders, setNewOrders] = useState(0);
  const [highlighted, setHighlighted] = useState<ReadonlySet<string>>(() => new Set());

  const { revalidate } = revalidator;
  const onEvent = useCallback(
    (event: OrderEvent) => {
      if (event.type === "created") {
        setNewOrders((count) => count + 1);
        setHighlighted((ids) => new Set(ids).add(event.id));
      }
      void revalidate();
    },
    [revalidate],
  );
  const onResync = useCallback(() => void revalidate(), [revalidate]);
  // The admin layout's stream, which also chimes and badges the tab title on every admin page.
  const liveState = useLiveOrderEvents({ onEvent, onResync });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Pedidos</h1>
          <p className="text-sm text-slate-600">
            {countLabel(total, "pedido", "pedidos")}
            {filters.q || filters.status || filters.payment || filters.store ? ` ${pluralForm(total, "encontrado", "encontrados")}` : ""}
          </p>
        </div>
        <LiveOrdersStatus
          state={liveState}
          newOrders={newOrders}
          onDismiss={() => {
            setNewOrders(0);
            setHighlighted(new Set());
          }}
        />
      </div>

      <OrderFilters filters={filters} stores={storeOptions} />

      {orders.length ? (
        <OrdersList orders={orders} highlighted={highlighted} onOpen={(order) => setOpen({ id: order.id, code: order.code })} />
      ) : (
        <p className="rounded-xl bg-white p-10 text-center text-slate-600 shadow-sm">
          {anyOrder ? "Nenhum pedido encontrado" : "Nenhum pedido ainda"}
        </p>
      )}

      <AdminPagination page={page} pageCount={pageCount} label="Páginas de pedidos" />

      {open ? <OrderDetailDialog key={open.id} orderId={open.id} code={open.code} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
