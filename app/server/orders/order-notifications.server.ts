import { formatBRL } from "~/lib/money";
import { orderMessage, type OrderView } from "~/lib/order-message";
import type { Settings } from "~/lib/settings";
import type { SendEmail } from "../email/send-email.server";

/** Whether the shop asked to be told of new orders by e-mail (settings: both switches on). */
export function wantsNewOrderEmail(settings: Settings): boolean {
  return settings.emailNotifications && settings.orderNotifications && settings.storeEmail.includes("@");
}

/** Tells the shop's e-mail about a new order; the same text the shopper sends by WhatsApp. */
export async function emailNewOrder(sendEmail: SendEmail, settings: Settings, order: OrderView, orderUrl: string) {
  const who = order.customer.name || "cliente pelo carrinho";
  await sendEmail({
    to: settings.storeEmail,
    subject: `Novo pedido #${order.code} de ${who.replace(/[\r\n]+/g, " ")} - ${formatBRL(order.totalCents)}`,
    text: `${orderMessage(order, orderUrl)}\n`,
  });
}
