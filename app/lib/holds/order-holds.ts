// How much a shopper's order may take off the shelf, and for how long while nobody confirms it
// (docs/decisions/0027-bounded-holds.md). The owner's numbers live in the settings (/admin/configuracoes);
// the units one client holds at once is an order limit of the environment (ORDER_LIMIT_HELD_UNITS),
// beside the number of orders. A counter sale is a clerk's, not a shopper's, and none of these apply to it.
import { countLabel } from "../format/plural";

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

/** Why the shop cancelled an order by itself (order_history.reason). */
export const HOLD_EXPIRED_REASON = "hold-expired";
export const HOLD_EXPIRED_LABEL = "Cancelado automaticamente: reserva expirada";

/** What the shopper's page says under an order the shop cancelled because its hold expired. */
export const HOLD_EXPIRED_EXPLANATION =
  "Ninguém confirmou este pedido a tempo, então a reserva dos produtos expirou e eles voltaram para a venda. Se ainda quiser os produtos, faça um novo pedido ou fale com a loja pelo WhatsApp.";

/** The history's words for a reason it records; null for a reason it does not know. */
export function historyReasonLabel(reason: string | null): string | null {
  return reason === HOLD_EXPIRED_REASON ? HOLD_EXPIRED_LABEL : null;
}

const ASK_THE_SHOP = "Para quantidades maiores, fale com a loja pelo WhatsApp.";

export function tooManyOfOneItemMessage(itemName: string, max: number): string {
  return `Cada pedido pelo site leva até ${countLabel(max, "unidade", "unidades")} de cada item: diminua ${itemName}. ${ASK_THE_SHOP}`;
}

/** The same limit as a product page or the cart says it, before the shopper gets to the checkout. */
export function lineLimitMessage(max: number): string {
  return `Cada pedido pelo site leva até ${countLabel(max, "unidade", "unidades")} de cada item. ${ASK_THE_SHOP}`;
}

export function tooManyUnitsMessage(units: number, max: number): string {
  return `Cada pedido pelo site leva até ${countLabel(max, "unidade", "unidades")} ao todo, e este tem ${units.toLocaleString("pt-BR")}. ${ASK_THE_SHOP}`;
}

export function tooManyHeldMessage(who: "phone" | "address", held: number, max: number): string {
  const holder = who === "phone" ? "Este telefone" : "Esta conexão";
  return `${holder} já tem ${countLabel(held, "unidade reservada", "unidades reservadas")} em pedidos aguardando a loja (o limite é ${max.toLocaleString("pt-BR")} ao mesmo tempo). Aguarde a loja confirmar os pedidos anteriores ou fale com a loja pelo WhatsApp.`;
}
