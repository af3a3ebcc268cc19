// Client-safe pieces of the admin order screens: the list's URL filters, the shapes the server
// sends, and the WhatsApp status message to the customer.
import { pageParam, searchParam } from "./admin-list";
import type { OrderView } from "./order-message";
import { isOrderStatus, ORDER_STATUS_LABELS, type OrderStatus } from "./order-status";
import { whatsappLink } from "./whatsapp";

export type AdminOrderFilters = { status: OrderStatus | null; q: string; page: number };

/** `/admin/pedidos?status=pending&q=maria&pagina=2`; unknown values are ignored. */
export function parseOrderFilters(searchParams: URLSearchParams): AdminOrderFilters {
  const status = searchParams.get("status");
  return { status: isOrderStatus(status) ? status : null, q: searchParam(searchParams), page: pageParam(searchParams) };
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
  channel: "checkout" | "cart";
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
};

export const CHANNEL_LABELS: Record<AdminOrderRow["channel"], string> = { checkout: "Checkout", cart: "Carrinho" };

/**
 * The one name of the cart's quick orders, which carry no customer data (it is agreed in the chat):
 * in the orders list, the order page, the dashboard and the shop's e-mails.
 */
export const UNNAMED_CUSTOMER = "Cliente pelo carrinho";

/** wa.me digits for a Brazilian phone typed any way ("(81) 99999-8888", "+55 81 …"); null when too short. */
export function customerWhatsAppNumber(phone: string | null): string | null {
  const digits = (phone ?? "").replace(/\D/g, "");
  if (digits.length < 10) return null;
  return digits.startsWith("55") && digits.length >= 12 ? digits : `55${digits}`;
}

const STATUS_NOTES: Record<OrderStatus, string> = {
  pending: "Recebemos o seu pedido e já vamos cuidar dele.",
  processing: "Estamos separando os seus produtos.",
  shipped: "Ele já está a caminho.",
  delivered: "Obrigado pela preferência!",
  cancelled: "Se tiver alguma dúvida, é só responder esta mensagem.",
};

/** 'Olá, {nome}! Seu pedido #{code} está: {status}. …' with the link to the order page. */
export function orderStatusMessage(input: { name: string; code: string; status: OrderStatus; orderUrl: string; storeName: string }): string {
  const firstName = input.name.trim().split(/\s+/)[0] ?? "";
  const greeting = firstName ? `Olá, ${firstName}!` : "Olá!";
  return [
    `${greeting} Seu pedido #${input.code} está: ${ORDER_STATUS_LABELS[input.status]}. ${STATUS_NOTES[input.status]}`,
    "",
    `Acompanhe o pedido: ${input.orderUrl}`,
    input.storeName,
  ].join("\n");
}

/** The 'Avisar cliente no WhatsApp' link, or null when there is no phone to write to. */
export function orderStatusWhatsAppUrl(detail: AdminOrderDetail, origin: string, storeName: string): string | null {
  const number = customerWhatsAppNumber(detail.contactPhone);
  if (!number) return null;
  const name = detail.order.customer.name || detail.account?.name || "";
  return whatsappLink(
    number,
    orderStatusMessage({ name, code: detail.order.code, status: detail.order.status, orderUrl: `${origin}${detail.publicPath}`, storeName }),
  );
}

/** What /admin/pedidos/{id} loads; the list's modal loads the same through a fetcher. */
export type AdminOrderPageData = { detail: AdminOrderDetail; whatsappUrl: string | null };

/** The live stream of order events (app/routes/admin/order-events.ts). */
export const ORDER_EVENTS_PATH = "/admin/pedidos/eventos";

export function adminOrderPath(id: string): string {
  return `/admin/pedidos/${id}`;
}

/** What the live stream says about an order (sent by PostgreSQL NOTIFY, see order-events.server.ts). */
export type OrderEvent =
  | { type: "created"; id: string; code: string }
  | { type: "updated"; id: string; code: string; status: OrderStatus };
