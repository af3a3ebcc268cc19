// How much a shopper's order may take off the shelf, and for how long while nobody confirms it
// (docs/decisions/0027-bounded-holds.md). The owner's numbers live in the settings (/admin/configuracoes);
// the units one client holds at once is an order limit of the environment (ORDER_LIMIT_HELD_UNITS),
// beside the number of orders. A counter sale is a clerk's, not a shopper's, and none of these apply to it.
// The words for an order whose hold expired are in ./hold-expiry.ts, the shopper's words for the limits in
// ./order-limit-messages.ts: the storefront's first-load code (its shell) needs one of those, and would
// carry this file's settings texts with it if they were one module (docs/benchmarks.md).

/** The settings' fields, with what a small shop starts with and the range the form accepts. */
export const ORDER_HOLD_FIELDS = {
  orderHoldHours: { label: "Reserva de pedidos não confirmados (horas)", default: 2, min: 1, max: 168 },
  maxUnitsPerLine: { label: "Máximo de unidades de cada item por pedido", default: 10, min: 1, max: 999 },
  maxUnitsPerOrder: { label: "Máximo de unidades por pedido", default: 30, min: 1, max: 9_999 },
} as const;
export type OrderHoldField = keyof typeof ORDER_HOLD_FIELDS;
export const ORDER_HOLD_FIELD_NAMES = Object.keys(ORDER_HOLD_FIELDS) as OrderHoldField[];

export const ORDER_HOLD_HINTS: Record<OrderHoldField, string> = {
  orderHoldHours:
    "Um pedido do site que ninguém confirmou nem pagou é cancelado depois disso, e as unidades voltam para a prateleira. Um pedido com Pix automático fica reservado enquanto o Pix vale.",
  maxUnitsPerLine: "O que uma família compra de um mesmo tamanho e cor. Para mais, o cliente fala com a loja pelo WhatsApp.",
  maxUnitsPerOrder: "Somando todos os itens do pedido. Não vale para as vendas no balcão.",
};

export function orderHoldFieldMessage(field: OrderHoldField): string {
  const { min, max } = ORDER_HOLD_FIELDS[field];
  return `Informe um número inteiro de ${min.toLocaleString("pt-BR")} a ${max.toLocaleString("pt-BR")}`;
}
