import { trackingUrl } from "../delivery/tracking";
// Client-safe pieces of the admin order screens: the list's URL filters, the shapes the server
// sends, and the WhatsApp status message to the customer.
import { pageParam, searchParam } from "../lists/admin-list";
import type { OrderView } from "./order-message";
import type { OrderFiscalPanel } from "../fiscal/fiscal-documents";
import { isShownOrderStatus, type OrderStatus, type ShownOrderStatus } from "./order-status";
import {
  DEFAULT_STATUS_MESSAGES,
  type OrderHistoryEntry,
  pickupPlace,
  renderStatusMessage,
  shopperStatusLabel,
  statusMessageKey,
  type StatusMessages,
} from "./status-messages";
import type { OrderStoreView } from "~/lib/stores/store-stock";
import { whatsappLink } from "./whatsapp";
import type { WhatsAppMessageView } from "./whatsapp-templates";
import { isPaymentFilter, type AdminOrderPayment } from "../payments/admin-payment";
import type { PaymentStatus } from "../payments/payment-status";
import { CHANNEL_LABELS, type OrderChannel } from "./order-channel";
import { parseId } from "../forms/ids";

export type AdminOrderFilters = { status: ShownOrderStatus | null; q: string; page: number; payment: PaymentStatus | null; store: number | null };

/**
 * `/admin/pedidos?status=pending&q=maria&pagina=2` (`status=pickup_ready`: pick-up orders ready at the
 * store; `pagamento=paid`: by payment; `loja=3`: the orders a store serves); unknown values are ignored.
 */
export function parseOrderFilters(searchParams: URLSearchParams): AdminOrderFilters {
  const status = searchParams.get("status");
  const payment = searchParams.get("pagamento");
  return {
    status: isShownOrderStatus(status) ? status : null,
    q: searchParam(searchParams),
    page: pageParam(searchParams),
    payment: isPaymentFilter(payment) ? payment : null,
    store: parseId(searchParams.get("loja")),
  };
}

/** One line of /admin/pedidos. */
export type AdminOrderRow = {
  id: string;
  code: string;
  createdAt: string;
  customerName: string;
  customerPhone: string;
  totalCents: number;
  hasConsultItems: boolean;
  status: OrderStatus;
  /** As recorded ('pickup', 'delivery'): a pick-up order's 'Enviado' reads 'Pronto para retirada'. */
  deliveryMethod: string;
  channel: OrderChannel;
  /** The store that serves it (null: none recorded). */
  storeName: string | null;
  /** A counter sale's clerk (null for other orders). */
  clerkName: string | null;
  /** It had demo products (removed since): kept, but no sale, and shown as such. */
  demoProducts: boolean;
  /** The payment state beside the status; mismatchCents: a Pix of another amount arrived ("valor diferente"). */
  payment: { status: PaymentStatus; mismatchCents: number | null; refundedCents: number };
};

export type AdminOrderList = { orders: AdminOrderRow[]; total: number; page: number; pageCount: number };

/** An order as the admin detail (page and modal) shows it. */
export type AdminOrderDetail = {
  id: string;
  order: OrderView;
  updatedAt: string;
  /** The signed-in account that placed it, if any. */
  account: { id: string; name: string; email: string } | null;
  /** Order phone, else the account's: where 'Avisar cliente no WhatsApp' goes. */
  contactPhone: string | null;
  publicPath: string;
  /** Whether the order's units are currently taken from stock. */
  stockApplied: boolean;
  /** The pick-up store's opening hours ('' for other orders). */
  pickupHours: string;
  /** Status changes and WhatsApp messages opened, oldest first, with who did them. */
  history: OrderHistoryEntry[];
  /** The store that serves it (its units are on that store's shelf) and the stores it may move to. */
  store: OrderStoreView;
  /** A counter sale's clerk: the name recorded with the sale, else the account's name or e-mail. */
  clerkName: string | null;
  /** It had demo products (removed since): kept, but no sale, and shown as such. */
  demoProducts: boolean;
};

/** The badge of an order that had demo products: out of every figure, kept for the record. */
export const DEMO_ORDER_LABEL = "Demonstração";

export { CHANNEL_LABELS };

/**
 * The one name of the cart's quick orders, which carry no customer data (it is agreed in the chat):
 * in the orders list, the order page, the dashboard and the shop's e-mails.
 */
export const UNNAMED_CUSTOMER = "Cliente pelo carrinho";

/** One of the dashboard's latest orders. */
export type RecentOrder = {
  id: string;
  code: string;
  customerName: string;
  channel: OrderChannel;
  clerkName: string | null;
  totalCents: number;
  status: OrderStatus;
  deliveryMethod: string;
  createdAt: string;
};

/** What a counter sale is called where a web order names its customer (issue 51: it is not a web order). */
export const COUNTER_SALE_LABEL = "Venda no balcão";

/**
 * Who an order is for in the staff's lists and order window: the customer's name; a counter sale with
 * none, "Venda no balcão · Ana" (its clerk); a quick order from the cart, "Cliente pelo carrinho".
 */
export function orderCustomerLabel(order: { customerName: string; channel: OrderChannel; clerkName?: string | null }): string {
  if (order.customerName) return order.customerName;
  if (order.channel === "balcao") return order.clerkName ? `${COUNTER_SALE_LABEL} · ${order.clerkName}` : COUNTER_SALE_LABEL;
  return UNNAMED_CUSTOMER;
}

/** wa.me digits for a Brazilian phone typed any way ("(81) 99999-8888", "+55 81 …"); null when too short. */
export function customerWhatsAppNumber(phone: string | null): string | null {
  const digits = (phone ?? "").replace(/\D/g, "");
  if (digits.length < 10) return null;
  return digits.startsWith("55") && digits.length >= 12 ? digits : `55${digits}`;
}

type StatusMessageInput = {
  name: string;
  code: string;
  status: OrderStatus;
  orderUrl: string;
  /** The group's name: what {loja} says unless the order is picked up at a store. */
  storeName: string;
  deliveryMethod?: OrderView["delivery"]["method"];
  /** The store a pick-up order waits at. */
  pickup?: { name: string; address: string; hours: string } | null;
  /** The shop's texts (settings), else the defaults. */
  templates?: StatusMessages;
  /** The carrier's tracking code: its link goes at the end of every message once the clerk typed it. */
  trackingCode?: string | null;
};

/** 'Olá, {nome}! Seu pedido #{pedido} está: {status}. …' from the shop's text for the order's status. */
export function orderStatusMessage(input: StatusMessageInput): string {
  const method = input.deliveryMethod ?? "delivery";
  const templates = input.templates ?? DEFAULT_STATUS_MESSAGES;
  const pickup = method === "pickup" ? input.pickup : null;
  const message = renderStatusMessage(templates[statusMessageKey(input.status, method)], {
    nome: input.name.trim().split(/\s+/)[0] ?? "",
    pedido: input.code,
    status: shopperStatusLabel(input.status, method),
    link: input.orderUrl,
    loja: pickup?.name ?? input.storeName,
    endereco_loja: pickup ? pickupPlace(pickup.address, pickup.hours) : "",
  });
  return input.trackingCode ? `${message}\n\nRastreie a entrega (${input.trackingCode}): ${trackingUrl(input.trackingCode)}` : message;
}

/** The settings' fields the status message uses, named here rather than picked from Settings: the group's settings sit above orders. */
export type OrderMessageSettings = { storeName: string; statusMessages: StatusMessages };

/** The 'Avisar cliente no WhatsApp' link, or null when there is no phone to write to. */
/** `danfeUrl`: the NF-e's DANFE (absolute), added to the message once the note is authorised and kept. */
export function orderStatusWhatsAppUrl(detail: AdminOrderDetail, origin: string, settings: OrderMessageSettings, danfeUrl: string | null = null): string | null {
  const number = customerWhatsAppNumber(detail.contactPhone);
  if (!number) return null;
  const { order } = detail;
  return whatsappLink(
    number,
    orderStatusMessage({
      name: order.customer.name || detail.account?.name || "",
      code: order.code,
      status: order.status,
      orderUrl: `${origin}${detail.publicPath}`,
      storeName: settings.storeName,
      deliveryMethod: order.delivery.method,
      pickup: order.delivery.method === "pickup" ? { name: order.delivery.locationName, address: order.delivery.locationAddress, hours: detail.pickupHours } : null,
      templates: settings.statusMessages,
      trackingCode: order.delivery.method === "delivery" ? order.delivery.trackingCode : null,
    }) + (danfeUrl ? `\n\nNota fiscal (DANFE): ${danfeUrl}` : ""),
  );
}

/** The form field that tells /admin/pedidos/{id} the clerk opened the WhatsApp message. */
export const STATUS_MESSAGE_OPENED_INTENT = "whatsapp-opened";

/** What /admin/pedidos/{id} loads; the list's modal loads the same through a fetcher. */
export type AdminOrderPageData = {
  detail: AdminOrderDetail;
  /** The clerk's manual message (wa.me), when offered (manualWhatsAppLinkOffered). */
  whatsappUrl: string | null;
  /** The shop's own WhatsApp messages to the shopper (the Business Platform), oldest first. */
  whatsappMessages: WhatsAppMessageView[];
  payment: AdminOrderPayment | null;
  /** The controls the signed-in role may use on this order: the others are not shown (the server refuses them too). */
  allowed: { changeStore: boolean; refund: boolean };
  /** The order's NFC-e / NF-e (app/server/fiscal); null or absent when the shop issues no fiscal documents. */
  fiscal?: OrderFiscalPanel | null;
};

/** The live stream of order events (app/routes/admin/order-events.ts). */
export const ORDER_EVENTS_PATH = "/admin/pedidos/eventos";

export function adminOrderPath(id: string): string {
  return `/admin/pedidos/${id}`;
}

/** What the live stream says about an order (sent by PostgreSQL NOTIFY, see order-events.server.ts). */
export type OrderEvent =
  | { type: "created"; id: string; code: string }
  | { type: "updated"; id: string; code: string; status: OrderStatus };
