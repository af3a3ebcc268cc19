import { data, isRouteErrorResponse, Link } from "react-router";
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
import { actionRefusal, actionSuccess } from "~/lib/forms/action-result";
import { ORDER_STORE_INTENT, orderStoreSchema } from "~/lib/stores/store-stock";
import { moveOrderToStore } from "~/server/orders/order-store.server";

export async function loader({ request, context, params }: Route.LoaderArgs): Promise<AdminOrderPageData> {
  await requireAdmin(request, context);
  const settings = await getSettings(context.db);
  const detail = await getAdminOrder(context.db, settings, params.id);
  if (!detail) throw data("Pedido não encontrado", { status: 404 });
  return { detail, whatsappUrl: orderStatusWhatsAppUrl(detail, await shopPublicOrigin(context), settings) };
}

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
    return data({ ok: true as const });
  }
  if (form.get("intent") === ORDER_STORE_INTENT) {
    const parsed = orderStoreSchema.safeParse({ storeId: form.get("storeId") });
    if (!parsed.success) return data(actionRefusal("Escolha uma das lojas."), { status: 400 });
    const moved = await moveOrderToStore(context.db, params.id, parsed.data.storeId, admin);
    if (!moved.ok) return data(actionRefusal(moved.message), { status: moved.status });
    return data(actionSuccess(moved.changed ? "Loja mudada: as unidades do pedido estão na nova loja." : "O pedido já é desta loja."));
  }
  if (form.get("intent") === "tracking") {
    const typed = String(form.get("trackingCode") ?? "").trim();
    const code = typed ? normalizeTrackingCode(typed) : null;
    if (typed && !code) return data({ ok: false, message: "Código de rastreio inválido: use só letras e números, como QB123456789BR." }, { status: 400 });
    if (!(await setTrackingCode(context.db, params.id, code, admin))) throw data("Pedido não encontrado", { status: 404 });
    return data({ ok: true, message: code ? "Rastreio salvo." : "Rastreio removido." });
  }
  const parsed = orderStatusFormSchema.safeParse({ status: form.get("status"), confirmCancel: form.get("confirmCancel") ?? undefined });
  if (!parsed.success) {
    return data<OrderStatusFormResult>(
      { ok: false, message: ORDER_STATUS_MESSAGES.failure, detail: parsed.error.issues[0]?.message ?? null },
      { status: 400 },
    );
  }
  try {
    const result = await setOrderStatus(context.db, params.id, parsed.data.status, admin);
    if (result.ok) {
      return data<OrderStatusFormResult>({ ok: true, message: ORDER_STATUS_MESSAGES.success, status: result.status, updatedAt: result.updatedAt });
    }
    return data<OrderStatusFormResult>(
      { ok: false, message: ORDER_STATUS_MESSAGES.failure, detail: result.message },
      { status: result.reason === "not-found" ? 404 : 409 },
    );
  } catch (error) {
    log.error({ err: error }, "admin: order status change failed");
    return data<OrderStatusFormResult>({ ok: false, message: ORDER_STATUS_MESSAGES.failure, detail: null }, { status: 500 });
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
