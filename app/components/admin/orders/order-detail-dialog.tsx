import { useEffect } from "react";
import { Link, useFetcher } from "react-router";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { adminOrderPath, type AdminOrderPageData } from "~/lib/orders/admin-orders";
import { OrderDetail } from "./order-detail";

/** The order's detail over the list, loaded from /admin/pedidos/{id} by a fetcher. */
export function OrderDetailDialog({ orderId, code, onClose }: { orderId: string; code: string; onClose: () => void }) {
  const fetcher = useFetcher<AdminOrderPageData>();
  const { load } = fetcher;
  useEffect(() => {
    void load(adminOrderPath(orderId));
  }, [load, orderId]);

  const data = fetcher.data?.detail.id === orderId ? fetcher.data : null;
  return (
    <AdminDialog title={`Pedido #${code}`} onClose={onClose}>
      {data ? (
        <>
          <OrderDetail data={data} />
          <p className="mt-6 text-sm">
            <Link to={adminOrderPath(orderId)} className="font-semibold text-brand-700 underline">
              Abrir em página própria
            </Link>
          </p>
        </>
      ) : (
        <p role="status" className="py-8 text-center text-slate-600">
          Carregando pedido…
        </p>
      )}
    </AdminDialog>
  );
}
