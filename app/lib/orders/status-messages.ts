// The shopper's side of an order's status: the words a pick-up order uses, the WhatsApp texts the
// clerk sends (editable in /admin/configuracoes) and the history the order page shows.
import { type DeliveryMethod, ORDER_STATUS_LABELS, orderStatusLabel, type OrderStatus, PICKUP_READY_LABEL } from "./order-status";

export type { DeliveryMethod };
export { PICKUP_READY_LABEL };

/** The status as the shopper reads it: the one name every page uses (order-status.ts). */
export const shopperStatusLabel: (status: OrderStatus, deliveryMethod: DeliveryMethod) => string = orderStatusLabel;

export const STATUS_MESSAGE_KEYS = ["pending", "processing", "shipped", "pickupReady", "delivered", "cancelled"] as const;
export type StatusMessageKey = (typeof STATUS_MESSAGE_KEYS)[number];
export type StatusMessages = Record<StatusMessageKey, string>;

export const STATUS_MESSAGE_LABELS: Record<StatusMessageKey, string> = {
  pending: ORDER_STATUS_LABELS.pending,
  processing: ORDER_STATUS_LABELS.processing,
  shipped: `${ORDER_STATUS_LABELS.shipped} (entrega)`,
  pickupReady: `${PICKUP_READY_LABEL} (retirada na loja)`,
  delivered: ORDER_STATUS_LABELS.delivered,
  cancelled: ORDER_STATUS_LABELS.cancelled,
};

export const DEFAULT_STATUS_MESSAGES: StatusMessages = {
  pending: "Olá, {nome}! Seu pedido #{pedido} está: {status}. Recebemos o seu pedido e já vamos cuidar dele.\n\nAcompanhe o pedido: {link}\n{loja}",
  processing: "Olá, {nome}! Seu pedido #{pedido} está: {status}. Estamos separando os seus produtos.\n\nAcompanhe o pedido: {link}\n{loja}",
  shipped: "Olá, {nome}! Seu pedido #{pedido} está: {status}. Ele já está a caminho.\n\nAcompanhe o pedido: {link}\n{loja}",
  pickupReady: "Olá, {nome}! Seu pedido #{pedido} está: {status}. Pode vir buscar na {loja}: {endereco_loja}.\n\nAcompanhe o pedido: {link}",
  delivered: "Olá, {nome}! Seu pedido #{pedido} está: {status}. Obrigado pela preferência!\n\nAcompanhe o pedido: {link}\n{loja}",
  cancelled: "Olá, {nome}! Seu pedido #{pedido} está: {status}. Se tiver alguma dúvida, é só responder esta mensagem.\n\nAcompanhe o pedido: {link}\n{loja}",
};

export const STATUS_MESSAGE_PLACEHOLDERS = ["nome", "pedido", "status", "link", "loja", "endereco_loja"] as const;
export type StatusMessageValues = Record<(typeof STATUS_MESSAGE_PLACEHOLDERS)[number], string>;

export const STATUS_MESSAGE_PLACEHOLDER_HINTS: StatusMessageValues = {
  nome: "primeiro nome do cliente",
  pedido: "código do pedido",
  status: "status, como o cliente lê",
  link: "página do pedido",
  loja: "loja da retirada, ou o nome do grupo",
  endereco_loja: "endereço e horário da loja da retirada",
};

/** Which text an order's status uses: a pick-up order's 'Enviado' is 'Pronto para retirada'. */
export function statusMessageKey(status: OrderStatus, deliveryMethod: DeliveryMethod): StatusMessageKey {
  return status === "shipped" && deliveryMethod === "pickup" ? "pickupReady" : status;
}

/** The template with each known {placeholder} filled in; any other braces are the shop's own text. */
export function renderStatusMessage(template: string, values: StatusMessageValues): string {
  // "Olá, {nome}!" without a name (a quick order from the cart) reads "Olá!".
  const text = values.nome ? template : template.replace(/,\s*\{nome\}/g, "");
  return text.replace(/\{([a-z_]+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? values[name as keyof StatusMessageValues] : whole,
  );
}

/** "Rua X, 10 – Barreiros (horário: Seg. a Sáb., 8h às 18h)": where and when to pick the order up. */
export function pickupPlace(address: string, hours: string): string {
  return hours ? `${address} (horário: ${hours})` : address;
}

/** A sample order for the settings preview. */
export const PREVIEW_VALUES: Record<"delivery" | "pickup", StatusMessageValues> = {
  delivery: { nome: "Maria", pedido: "A1B2C3D4", status: "", link: "https://loja.exemplo.com.br/pedido/…", loja: "Grupo Erick", endereco_loja: "" },
  pickup: {
    nome: "Maria",
    pedido: "A1B2C3D4",
    status: PICKUP_READY_LABEL,
    link: "https://loja.exemplo.com.br/pedido/…",
    loja: "Erick Calçados Barreiros",
    endereco_loja: pickupPlace("Rua Exemplo, 100 – Centro, Barreiros", "Segunda a Sábado, 8h às 18h"),
  },
};

/**
 * One line of an order's history: a status change, a clerk opening the WhatsApp message, or (admin
 * only) the payment received: marked by a clerk ("Marcar como pago") or confirmed by the Pix provider.
 */
export type OrderHistoryEntry =
  | {
      kind: "status" | "whatsapp";
      status: OrderStatus;
      at: string;
      /** Who did it (admin only; empty on the shopper's page). */
      actorName: string;
      /** Why, when the shop did it by itself ("Cancelado automaticamente: reserva expirada"). */
      note?: string;
    }
  | { kind: "paid"; by: "clerk" | "pix"; at: string; actorName: string };
