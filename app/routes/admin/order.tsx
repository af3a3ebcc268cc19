import { data, isRouteErrorResponse, Link } from "react-router";
import { OrderDetail } from "~/components/admin/orders/order-detail";
import { type AdminOrderPageData, orderStatusWhatsAppUrl, STATUS_MESSAGE_OPENED_INTENT } from "~/lib/orders/admin-orders";
import { ORDER_STATUS_MESSAGES, orderStatusFormSchema, type OrderStatusFormResult } from "~/lib/orders/order-status.schema";
import { requireStaffPermission, staffActionRefusal, staffStoreScope, type StaffUser } from "~/server/auth/guards.server";
import { roleMay } from "~/lib/staff/staff-roles";
import { readFormData } from "~/server/requests/form-data.server";
import { getAdminOrder, orderInStoreScope } from "~/server/orders/admin-order-queries.server";
import { recordStatusMessageOpened, setOrderStatus, setTrackingCode } from "~/server/orders/admin-order-changes.server";
import { normalizeTrackingCode } from "~/lib/delivery/tracking";
import { getSettings } from "~/server/group/settings.server";
import { shopPublicOrigin } from "~/server/group/public-origin.server";
import type { Route } from "./+types/order";
import { log } from "~/server/log/logger.server";
import { adminMeta } from "~/lib/admin/admin-meta";
import { actionRefusal, actionSuccess, type ActionResult } from "~/lib/forms/action-result";
import { fieldErrors, formValues } from "~/lib/forms/form-errors";
import { MARK_PAID_INTENT, REFUND_INTENT, refundFormSchema } from "~/lib/payments/admin-payment";
import { adminOrderPayment, markOrderPaid, refundOrderPayment } from "~/server/payments/admin-order-payment.server";
import { withdrawOrderChargesSoon } from "~/server/payments/order-payment.server";
import { ORDER_STORE_CONFIRMED, ORDER_STORE_INTENT, orderStoreIsFixed, orderStoreSchema, type OrderStoreMovePreview } from "~/lib/stores/store-stock";
import { moveOrderToStore, previewOrderStoreMove } from "~/server/orders/order-store.server";
import { orderWhatsAppMessages } from "~/server/orders/whatsapp-messages.server";
import { manualWhatsAppLinkOffered, whatsappTopicForStatus } from "~/lib/orders/whatsapp-templates";
import { FISCAL_CANCEL_INTENT, FISCAL_REISSUE_INTENT } from "~/lib/fiscal/fiscal-documents";
import { danfePath, orderDanfeKept } from "~/server/fiscal/fiscal-archive.server";
import { cancelFiscalNote, fiscalDocumentsOf, queueFiscalDocumentForStatus, fiscalProviderFor, issueFiscalDocumentsSoon, reissueFiscalDocument } from "~/server/fiscal/fiscal-documents.server";

export async function loader({ request, context, params }: Route.LoaderArgs): Promise<AdminOrderPageData> {
  const user = await requireStaffPermission(request, context, "orders");
  const settings = await getSettings(context.db);
  // Another store's order is not found for a Vendedor, as an unknown one.
  const detail = await getAdminOrder(context.db, settings, params.id, staffStoreScope(user));
  if (!detail) throw data("Pedido não encontrado", { status: 404 });
  const origin = await shopPublicOrigin(context);
  const token = detail.publicPath.split("/").pop() ?? "";
  const danfeUrl = context.config.fiscal && (await orderDanfeKept(context.db, token)) ? `${origin}${danfePath(token)}` : null;
  const whatsappMessages = await orderWhatsAppMessages(context.db, detail.id);
  const manualLink = manualWhatsAppLinkOffered({
    automatic: context.config.whatsapp !== null,
    switchOn: settings.whatsappNotifications,
    topic: whatsappTopicForStatus(detail.order.status, detail.order.delivery.method),
    messages: whatsappMessages,
  });
  return {
    detail,
    whatsappUrl: manualLink ? orderStatusWhatsAppUrl(detail, origin, settings, danfeUrl) : null,
    whatsappMessages,
    payment: await adminOrderPayment(context.db, context.config, detail.id),
    // The window shows only the controls this role may use on this order (the action checks again).
    allowed: {
      changeStore: roleMay(user.staffRole, "order-store") && !orderStoreIsFixed({ channel: detail.order.channel, status: detail.order.status }),
      refund: roleMay(user.staffRole, "refunds"),
    },
    fiscal: context.config.fiscal
      ? { documents: await fiscalDocumentsOf(context.db, detail.id), mayCancel: roleMay(user.staffRole, "fiscal"), now: new Date().toISOString() }
      : null,
  };
}

/** The spec's 'Erro ao atualizar status', and why when known (under the dropdown's name). */
const statusRefusal = (why?: string) => actionRefusal({ form: ORDER_STATUS_MESSAGES.failure, ...(why ? { status: why } : {}) });

/**
 * The status dropdown (fetcher POST): any status may be set; stock follows (order-admin.server.ts).
 * Also 'Avisar cliente no WhatsApp' opened (intent), for the order's history.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireStaffPermission(request, context, "orders");
  // A Vendedor changes their store's orders only; another store's is not found, as an unknown one.
  const stores = staffStoreScope(admin);
  if (stores !== null && !(await orderInStoreScope(context.db, params.id, stores))) throw data("Pedido não encontrado", { status: 404 });
  const form = await readFormData(request);
  const intent = form.get("intent");
  if (intent === MARK_PAID_INTENT || intent === REFUND_INTENT) return paymentAction(context, params.id, intent, form, admin);
  if (intent === FISCAL_CANCEL_INTENT || intent === FISCAL_REISSUE_INTENT) return fiscalAction(context, params.id, intent, form, admin);
  if (intent === STATUS_MESSAGE_OPENED_INTENT) {
    const recorded = await recordStatusMessageOpened(context.db, params.id, admin);
    if (!recorded) throw data("Pedido não encontrado", { status: 404 });
    return data(actionSuccess());
  }
  if (form.get("intent") === ORDER_STORE_INTENT) {
    if (!roleMay(admin.staffRole, "order-store")) return staffActionRefusal(admin);
    const parsed = orderStoreSchema.safeParse({ storeId: form.get("storeId") });
    if (!parsed.success) return data(actionRefusal("Escolha uma das lojas."), { status: 400 });
    // Asked first: without the confirmation the answer is what would move where, and nothing moves.
    if (form.get(ORDER_STORE_CONFIRMED) !== "on") {
      const previewed = await previewOrderStoreMove(context.db, params.id, parsed.data.storeId);
      if (!previewed.ok) return data(actionRefusal(previewed.message), { status: previewed.status });
      if (!previewed.changed) return data(actionSuccess("O pedido já é desta loja."));
      return data(actionSuccess<{ storeMove: OrderStoreMovePreview }>(undefined, { storeMove: previewed.preview }));
    }
    const moved = await moveOrderToStore(context.db, params.id, parsed.data.storeId, admin);
    if (!moved.ok) return data(actionRefusal(moved.message), { status: moved.status });
    return data(actionSuccess(moved.changed ? "Loja mudada: as unidades do pedido estão na nova loja." : "O pedido já é desta loja."));
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
    const result = await setOrderStatus(context.db, params.id, parsed.data.status, admin, context.config.fiscal ? { withStatusChange: queueFiscalDocumentForStatus } : {});
    if (result.ok && context.config.fiscal) issueFiscalDocumentsSoon(context.db);
    // A cancelled order's Pix can no longer be paid: withdrawn at the provider, in the background.
    if (result.ok && result.status === "cancelled") withdrawOrderChargesSoon(context, params.id);
    if (result.ok) {
      return data<OrderStatusFormResult>(actionSuccess(ORDER_STATUS_MESSAGES.success, { status: result.status, updatedAt: result.updatedAt }));
    }
    return data<OrderStatusFormResult>(statusRefusal(result.message), { status: result.reason === "not-found" ? 404 : 409 });
  } catch (error) {
    log.error({ err: error }, "admin: order status change failed");
    return data<OrderStatusFormResult>(statusRefusal(), { status: 500 });
  }
}

/** "Marcar como pago" and "Devolver" in the order window (fetchers: the window stays). */
async function paymentAction(context: Route.ActionArgs["context"], orderId: string, intent: string, form: FormData, admin: StaffUser) {
  let result: ActionResult;
  if (intent === MARK_PAID_INTENT) {
    result = await markOrderPaid(context.db, context.config, orderId, admin);
    if (result.ok) withdrawOrderChargesSoon(context, orderId);
  } else {
    if (!roleMay(admin.staffRole, "refunds")) return staffActionRefusal(admin);
    const parsed = refundFormSchema.safeParse(formValues(form));
    if (!parsed.success) return data(actionRefusal(fieldErrors(parsed.error)), { status: 400 });
    result = await refundOrderPayment(context.db, context.config, orderId, { amountCents: parsed.data.amount, reason: parsed.data.reason }, admin);
  }
  return result.ok ? data(result) : data(result, { status: 400 });
}

/** The order window's "Emitir de novo" (any role that sees the order) and "Cancelar nota" (capability "fiscal"). */
async function fiscalAction(context: Route.ActionArgs["context"], orderId: string, intent: string, form: FormData, admin: StaffUser) {
  if (!context.config.fiscal) return data(actionRefusal("A loja não emite notas fiscais (FISCAL_PROVIDER não está definido)."), { status: 409 });
  const model = form.get("model") === "55" ? "55" : "65";
  if (intent === FISCAL_REISSUE_INTENT) {
    if (!(await reissueFiscalDocument(context.db, orderId, model, admin))) return data(actionRefusal("Esta nota não está rejeitada: nada a emitir de novo."), { status: 409 });
    issueFiscalDocumentsSoon(context.db);
    return data(actionSuccess("Nota enviada de novo: o resultado aparece aqui em instantes."));
  }
  if (!roleMay(admin.staffRole, "fiscal")) return staffActionRefusal(admin);
  const cancelled = await cancelFiscalNote(context.db, fiscalProviderFor(context.config.fiscal), orderId, model, String(form.get("reason") ?? ""), admin);
  return cancelled.ok ? data(actionSuccess("Nota cancelada na SEFAZ; a venda foi cancelada e as unidades voltaram ao estoque.")) : data(actionRefusal(cancelled.message), { status: 409 });
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
