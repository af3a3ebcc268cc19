import { requireStaffPermission } from "~/server/auth/guards.server";
import { orderEventHub, orderEventStream } from "~/server/orders/order-events.server";
import type { Route } from "./+types/order-events";

/**
 * /admin/pedidos/eventos: Server-Sent Events for the open orders pages. The stream lives until the
 * browser goes away (the request's signal), sharing this process's single LISTEN connection.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPermission(request, context, "orders");
  return orderEventStream(orderEventHub(context.db), request.signal);
}
