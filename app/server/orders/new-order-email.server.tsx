// The e-mail that tells the shop about a new order: what a clerk needs to prepare it (customer, items,
// totals, delivery, payment) and a button to the order in the admin, as HTML with a plain-text part.
import { UNNAMED_CUSTOMER } from "~/lib/orders/admin-orders";
import { formatBRL } from "~/lib/format/money";
import { couponLine, deliveryFeeLabel, paymentLabel, type OrderView } from "~/lib/orders/order-message";
import { oneLine } from "~/lib/format/plain-text";
import { CONSULT_NOTE } from "~/lib/orders/whatsapp";
import type { QueuedEmail } from "../email/email-queue.server";
import { EmailButton, emailDocument, emailStyles } from "../email/email-document.server";

export type NewOrderLinks = { orderUrl: string; adminUrl: string };

export function newOrderEmail(storeName: string, to: string, order: OrderView, links: NewOrderLinks): QueuedEmail {
  const who = oneLine(order.customer.name) || UNNAMED_CUSTOMER;
  const subject = `Novo pedido #${order.code} de ${who} - ${formatBRL(order.totalCents)}`;
  return {
    kind: "new-order",
    to,
    subject,
    text: newOrderText(order, who, links),
    html: emailDocument({ title: subject, storeName, children: <NewOrder order={order} who={who} links={links} /> }),
  };
}

function itemOptions(item: OrderView["items"][number]): string {
  return [item.size && `Tam. ${item.size}`, item.color && item.color].filter(Boolean).join(", ");
}

function itemTotal(item: OrderView["items"][number]): string {
  return item.unitPriceCents === null ? "Consultar preço" : formatBRL(item.unitPriceCents * item.quantity);
}

function deliveryLines(order: OrderView): string[] {
  const { delivery } = order;
  if (delivery.method === "pickup") return [`Retirada na loja: ${delivery.locationName}`, delivery.locationAddress].filter(Boolean);
  if (delivery.method === "delivery") {
    const a = delivery.address;
    return [
      `Entrega: ${a.street}, ${a.number}${a.complement ? ` - ${a.complement}` : ""}`,
      `${a.neighborhood} - ${a.city}/${a.state}${a.cep ? ` - CEP ${a.cep}` : ""}`,
    ];
  }
  return ["Entrega: a combinar"];
}

function paymentText(order: OrderView): string {
  const installments = order.payment.installments > 1 ? ` em ${order.payment.installments}x` : "";
  return `${paymentLabel(order.payment.method)}${installments}`;
}

function contactLine(order: OrderView): string {
  return [order.customer.phone, order.customer.email].filter(Boolean).join(" · ");
}

function newOrderText(order: OrderView, who: string, links: NewOrderLinks): string {
  const lines = [
    `Novo pedido #${order.code}`,
    "",
    `Cliente: ${who}`,
    contactLine(order),
    "",
    "Itens:",
    ...order.items.map((item) => {
      const options = itemOptions(item);
      return `- ${item.quantity} x ${item.name}${options ? ` (${options})` : ""}: ${itemTotal(item)}`;
    }),
    "",
    `Subtotal: ${formatBRL(order.subtotalCents)}`,
    order.coupon ? couponLine(order.coupon) : "",
    order.delivery.method === "arrange" ? "" : `Entrega: ${deliveryFeeLabel(order.delivery.feeCents)}`,
    `Total: ${formatBRL(order.totalCents)}`,
    order.hasConsultItems ? CONSULT_NOTE : "",
    "",
    ...deliveryLines(order),
    `Pagamento: ${paymentText(order)}`,
    order.notes ? `Observações: ${order.notes}` : "",
    "",
    `Abrir o pedido no painel: ${links.adminUrl}`,
    `Página do pedido (a mesma do cliente): ${links.orderUrl}`,
  ];
  return `${lines.filter((line, index) => line !== "" || lines[index - 1] !== "").join("\n").trim()}\n`;
}

function NewOrder({ order, who, links }: { order: OrderView; who: string; links: NewOrderLinks }) {
  const cell = emailStyles.cell;
  return (
    <>
      <h1 style={{ fontSize: 20, margin: "0 0 4px" }}>Novo pedido #{order.code}</h1>
      <p style={{ margin: "0 0 16px" }}>
        <strong>{who}</strong>
        {contactLine(order) ? (
          <>
            <br />
            <span style={emailStyles.muted}>{contactLine(order)}</span>
          </>
        ) : null}
      </p>
      <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ borderCollapse: "collapse", fontSize: 14 }}>
        <thead>
          <tr>
            <th align="left" style={cell}>Produto</th>
            <th align="center" style={cell}>Qtd.</th>
            <th align="right" style={cell}>Valor</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item, index) => (
            <tr key={index}>
              <td style={cell}>
                {item.name}
                {itemOptions(item) ? (
                  <>
                    <br />
                    <span style={emailStyles.muted}>{itemOptions(item)}</span>
                  </>
                ) : null}
              </td>
              <td align="center" style={cell}>{item.quantity}</td>
              <td align="right" style={cell}>{itemTotal(item)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={2} align="right" style={cell}>Subtotal</td>
            <td align="right" style={cell}>{formatBRL(order.subtotalCents)}</td>
          </tr>
          {order.coupon ? (
            <tr>
              <td colSpan={3} align="right" style={cell}>{couponLine(order.coupon)}</td>
            </tr>
          ) : null}
          {order.delivery.method === "arrange" ? null : (
            <tr>
              <td colSpan={2} align="right" style={cell}>Entrega</td>
              <td align="right" style={cell}>{deliveryFeeLabel(order.delivery.feeCents)}</td>
            </tr>
          )}
          <tr>
            <td colSpan={2} align="right" style={{ ...cell, fontWeight: "bold" }}>Total</td>
            <td align="right" style={{ ...cell, fontWeight: "bold" }}>{formatBRL(order.totalCents)}</td>
          </tr>
        </tfoot>
      </table>
      {order.hasConsultItems ? <p style={emailStyles.muted}>{CONSULT_NOTE}</p> : null}
      <p style={{ margin: "16px 0 0" }}>
        {deliveryLines(order).map((line, index) => (
          <span key={index}>
            {line}
            <br />
          </span>
        ))}
        Pagamento: {paymentText(order)}
      </p>
      {order.notes ? <p style={{ margin: "12px 0 0" }}>Observações: {order.notes}</p> : null}
      <EmailButton href={links.adminUrl}>Abrir o pedido no painel</EmailButton>
      <p style={emailStyles.muted}>
        Página do pedido (a mesma que o cliente vê): <a href={links.orderUrl}>{links.orderUrl}</a>
      </p>
    </>
  );
}

export type DigestOrder = { id: string; code: string; name: string; totalCents: number };

/** Several orders in one e-mail, when more came in a minute than NEW_ORDER_EMAILS allows. */
export function newOrderDigestEmail(storeName: string, to: string, orders: DigestOrder[], origin: string): QueuedEmail {
  const totalCents = orders.reduce((sum, order) => sum + order.totalCents, 0);
  const subject = `${orders.length} novos pedidos - ${formatBRL(totalCents)}`;
  const intro = `Chegaram ${orders.length} pedidos em pouco tempo; para não encher sua caixa de entrada, eles vêm juntos neste e-mail.`;
  const adminUrl = (order: DigestOrder) => `${origin}/admin/pedidos/${order.id}`;
  const who = (order: DigestOrder) => oneLine(order.name) || UNNAMED_CUSTOMER;
  const cell = emailStyles.cell;
  return {
    kind: "new-order-digest",
    to,
    subject,
    text: `${intro}\n\n${orders.map((order) => `#${order.code} - ${who(order)} - ${formatBRL(order.totalCents)}\n${adminUrl(order)}`).join("\n\n")}\n\nTodos estão em ${origin}/admin/pedidos\n`,
    html: emailDocument({
      title: subject,
      storeName,
      children: (
        <>
          <h1 style={{ fontSize: 20, margin: "0 0 8px" }}>{orders.length} novos pedidos</h1>
          <p>{intro}</p>
          <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ borderCollapse: "collapse", fontSize: 14 }}>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id}>
                  <td style={cell}>
                    <a href={adminUrl(order)}>#{order.code}</a>
                  </td>
                  <td style={cell}>{who(order)}</td>
                  <td align="right" style={cell}>{formatBRL(order.totalCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <EmailButton href={`${origin}/admin/pedidos`}>Ver todos os pedidos</EmailButton>
        </>
      ),
    }),
  };
}
