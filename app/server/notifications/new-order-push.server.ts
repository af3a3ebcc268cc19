import type { PushNotice } from "#database/schema";
import { adminOrderPath } from "~/lib/orders/admin-orders";
import { formatBRL } from "~/lib/format/money";
import { PUSH_DEVICES_PATH } from "~/lib/admin/push-devices";
import { variantLabel } from "~/lib/catalog/variants";

type OrderLine = { name: string; shopName: string; size: string | null; color: string | null; quantity: number };

/** A phone shows about four lines of a notification's body; the rest is on the order's page. */
const LINES_SHOWN = 4;

/**
 * "Pedido #A1B2C3D4 – R$ 189,90", the shops and the items: what the clerk needs to start picking. No
 * customer data at all (the lock screen is not the admin list), only the order's address in the admin.
 */
export function newOrderNotice(order: { id: string; code: string; totalCents: number }, lines: OrderLine[]): PushNotice {
  const shops = [...new Set(lines.map((line) => line.shopName))].join(", ");
  const items = lines.map((line) => {
    const variant = variantLabel(line);
    return `${line.quantity}× ${line.name}${variant ? ` (${variant})` : ""}`;
  });
  const more = items.length - LINES_SHOWN;
  const shown = more > 1 ? [...items.slice(0, LINES_SHOWN - 1), `e mais ${more + 1} itens`] : items;
  return {
    title: `Pedido #${order.code} – ${formatBRL(order.totalCents)}`,
    body: [shops, ...shown].join("\n"),
    tag: `pedido-${order.code}`,
    url: adminOrderPath(order.id),
  };
}

/**
 * To the Vendedores of the store an order was moved to ("Loja que atende"): from now on it is theirs to
 * pick, and they heard nothing when it was placed at another store.
 */
export function orderMovedNotice(order: { id: string; code: string }, storeName: string): PushNotice {
  return {
    title: `Pedido #${order.code} passou para ${storeName}`,
    body: "Agora é esta loja que atende o pedido.",
    tag: `pedido-${order.code}`,
    url: adminOrderPath(order.id),
  };
}

/** "Enviar aviso de teste": the same kind of notification, to the staff member's own devices. */
export const TEST_NOTICE: PushNotice = {
  title: "Aviso de teste – Painel Erick",
  body: "Os avisos de novos pedidos chegam neste aparelho.",
  tag: "aviso-de-teste",
  url: PUSH_DEVICES_PATH,
};
