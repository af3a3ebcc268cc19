// The one source of an order's status names. The database records five statuses; a person reads six,
// because a pick-up order's 'shipped' means the goods wait at the store: 'Pronto para retirada'.
// Every badge, list, filter, chart, audit line, WhatsApp text and the shopper's pages name a status
// through orderStatusLabel (or the shown status it labels), never the recorded code alone.
export const ORDER_STATUSES = ["pending", "processing", "shipped", "delivered", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export type DeliveryMethod = "pickup" | "delivery" | "arrange";

/** The statuses as people read them, in the order an order moves through them. */
export const SHOWN_ORDER_STATUSES = ["pending", "processing", "shipped", "pickup_ready", "delivered", "cancelled"] as const;
export type ShownOrderStatus = (typeof SHOWN_ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<ShownOrderStatus, string> = {
  pending: "Pendente",
  processing: "Processando",
  shipped: "Enviado",
  pickup_ready: "Pronto para retirada",
  delivered: "Entregue",
  cancelled: "Cancelado",
};

/** The status a pick-up order reaches instead of 'Enviado': the goods wait at the chosen store. */
export const PICKUP_READY_LABEL = ORDER_STATUS_LABELS.pickup_ready;

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);
}

export function isShownOrderStatus(value: unknown): value is ShownOrderStatus {
  return typeof value === "string" && (SHOWN_ORDER_STATUSES as readonly string[]).includes(value);
}

/** The status as people read it: a pick-up order's 'shipped' is 'pickup_ready'. */
export function shownOrderStatus(status: OrderStatus, deliveryMethod: DeliveryMethod | string | null | undefined): ShownOrderStatus {
  return status === "shipped" && deliveryMethod === "pickup" ? "pickup_ready" : status;
}

/** 'Pronto para retirada' for a pick-up order's 'shipped', the status's own name otherwise. */
export function orderStatusLabel(status: OrderStatus, deliveryMethod: DeliveryMethod | string | null | undefined): string {
  return ORDER_STATUS_LABELS[shownOrderStatus(status, deliveryMethod)];
}

/** The recorded status (and delivery side) a shown status filters on. */
export function recordedStatusOf(shown: ShownOrderStatus): { status: OrderStatus; pickup: boolean | null } {
  if (shown === "pickup_ready") return { status: "shipped", pickup: true };
  if (shown === "shipped") return { status: "shipped", pickup: false };
  return { status: shown, pickup: null };
}
