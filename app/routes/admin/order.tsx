import { data, isRouteErrorResponse, Link } from "react-router";
import { actionRefusal, actionSuccess } from "~/lib/forms/action-result";
import { OrderDetail } from "~/components/admin/orders/order-detail";
import { type AdminOrderPageData, orderStatusWhatsAppUrl, STATUS_MESSAGE_OPENED_INTENT } from "~/lib/orders/admin-orders";
import { ORDER_STATUS_MESSAGES, orderStatusFormSchema, type OrderStatusFormResult } from "~/lib/orders/order-status.schema";
import { requireAdmin } from "~/server/auth/guards.server";
import { readFormData } from "~/server/requests/form-data.server";
import { getAdminOrder } from "~/server/orders/admin-order-queries.server";
import { recordStatusMessageOpened, setOrderStatus, setTrackingCode } from "~/server/orders/admin-order-changes.server";
import { normalizeTrackingCode } from "~/lib/delivery/tracking";
import { getSettings } from "~/server/group/settings.server";
import { shopPublicOrigin } from "~/server/group/public-origin.server";
import type { Route } from "./+types/order";
import { log } from "~/server/log/logger.server";
import { adminMeta } from "~/lib/admin/admin-meta";

export async function loader({ request, context, params }: Route.LoaderArgs): Promise<AdminOrderPageData> {
  await requireAdmin(request, context);
  const settings = await getSettings(context.db);
  const detail = await getAdminOrder(context.db, settings, params.id);
  if (!detail) throw data("Pedido não encontrado", { status: 404 });
  return { detail, whatsappUrl: orderStatusWhatsAppUrl(detail, await shopPublicOrigin(context), settings) };
}

/** The spec's 'Erro ao atualizar status', and why when known (under the dropdown's name). */
const statusRefusal = (why?: string) => actionRefusal({ form: ORDER_STATUS_MESSAGES.failure, ...(why ? { status: why } : {}) });

/**
 * The status dropdown (fetcher POST): any status may be set; stock follows (order-admin.server.ts).
 * Also 'Avisar cliente no WhatsApp' opened (intent), for the order's history.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const form = await readFormData(request);
  if (form.get("intent") === STATUS_MESSAGE_OPENED_INTENT) {
    const recorded = await recordStatusMessageOpened(context.db, params.id, admin);
    if (!recorded) throw data("Pedido não encontrado", { status: 404 });
    return data(actionSuccess());
  }
  if (form.get("intent") === "tracking") {
    const typed = String(form.get("trackingCode") ?? "").trim();
    const code = typed ? normalizeTrackingCode(typed) : null;
    if (typed && !code) return data(actionRefusal("Código de rastreio inválido: use só letras e números, como QB123456789BR."), { status: 400 });
    if (!(await setTrackingCode(context.db, params.id, code, admin))) throw data("Pedido não encontrado", { status: 404 });
    return data(actionSuccess(code ? "Rastreio salvo." : "Rastreio removido."));
  }
  const parsed = orderStatusFormSchema.safeParse({ status: form.get("status"), confirmCancel: form.get("confirmCancel") ?? undefined });
  if (!parsed.success) {
    return data<OrderStatusFormResult>(statusRefusal(parsed.error.issues[0]?.message), { status: 400 });
  }
  try {
    const result = await setOrderStatus(context.db, params.id, parsed.data.status, admin);
    if (result.ok) {
      return data<OrderStatusFormResult>(actionSuccess(ORDER_STATUS_MESSAGES.success, { status: result.status, updatedAt: result.updatedAt }));
    }
    return data<OrderStatusFormResult>(statusRefusal(result.message), { status: result.reason === "not-found" ? 404 : 409 });
  } catch (error) {
    log.error({ err: error }, "admin: order status change failed");
    return data<OrderStatusFormResult>(statusRefusal(), { status: 500 });
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return adminMeta(loaderData ? `Pedido #${loaderData.detail.order.code}` : "Pedido");
}

export default function AdminOrder({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <Link to="/admin/pedidos" className="text-sm font-semibold text-brand-700 underline">
        ← Voltar para pedidos
      </Link>
      <h1 className="text-2xl font-bold">Pedido #{loaderData.detail.order.code}</h1>
      <div className="rounded-xl bg-white p-5 shadow-sm">
        <OrderDetail data={loaderData} headingLevel={2} />
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto max-w-xl rounded-xl bg-white p-8 text-center shadow-sm">
      <h1 className="text-xl font-bold">{notFound ? "Pedido não encontrado" : "Erro ao carregar pedido"}</h1>
      <Link to="/admin/pedidos" className="mt-4 inline-block font-semibold text-brand-700 underline">
        Voltar para pedidos
      </Link>
    </div>
  );
}
