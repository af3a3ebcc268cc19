// What a shopper reads when an order goes past the limits of ./order-holds.ts: the product page and
// the cart say the per-item limit before the checkout, the server says why it refused an order.
import { countLabel } from "../format/plural";

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
