import { requireStaffPermission, staffStoreScope } from "~/server/auth/guards.server";
import { orderEventHub, orderEventStream } from "~/server/orders/order-events.server";
import type { Route } from "./+types/order-events";

/**
 * /admin/pedidos/eventos: Server-Sent Events for the open orders pages. The stream lives until the
 * browser goes away (the request's signal), sharing this process's single LISTEN connection. A
 * Vendedor hears only of their store's orders.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaffPermission(request, context, "orders");
  return orderEventStream(orderEventHub(context.db), request.signal, { storeId: staffStoreScope(user) });
}
