import { formatBRL } from "../format/money";
import type { OrderStatus } from "./order-status";
import { PAYMENT_METHODS } from "../payments/payment-methods";
import { CONSULT_NOTE } from "./whatsapp";
import type { OrderChannel } from "./order-channel";
import { transferText, type PickupTransfer } from "../stores/store-transfer";

/** A recorded order as pages and messages show it (client-safe; built by app/server/orders/order-reading.server.ts). */
export type OrderView = {
  code: string;
  token: string;
  status: OrderStatus;
  channel: OrderChannel;
  createdAt: string;
  customer: { name: string; email: string; phone: string; cpf: string };
  delivery:
    | {
        method: "pickup";
        locationName: string;
        locationAddress: string;
        feeCents: 0;
        /** Units coming from another store to this one (a transfer made with the order), while it is not ready. */
        transfer?: PickupTransfer | null;
      }
    | {
        method: "delivery";
        address: { street: string; number: string; complement: string; neighborhood: string; city: string; state: string; cep: string };
        /** null: 'A combinar' (outside the delivery cities). */
        feeCents: number | null;
        /** How it travels ("Entrega da loja — Centro", "SEDEX (Correios)") and the time promised; null on older orders. */
        service?: string | null;
        time?: string | null;
        /** The carrier's tracking code, once the clerk typed it. */
        trackingCode?: string | null;
      }
    | { method: "arrange"; feeCents: null };
  payment: { method: string | null; installments: number };
  items: { name: string; size: string | null; color: string | null; quantity: number; unitPriceCents: number | null; category: string }[];
  subtotalCents: number;
  /** The coupon the order was placed with, and what it took off (decided by the server). */
  coupon: OrderCoupon | null;
  /** A counter sale's discount, given by the clerk (no coupon); 0 or absent: none. */
  counterDiscountCents?: number;
  totalCents: number;
  hasConsultItems: boolean;
  notes: string;
  /** PIX 'copia e cola' for the exact total, when paid by PIX and the shop has a key. */
  pixCode: string | null;
  /** Paid by a provider's Pix whose code is on the order page (made after the order): the message says it waits for the Pix. */
  pixAwaitingOnPage?: boolean;
};

export type OrderCoupon = {
  code: string;
  /** Lines' discounts plus a waived delivery fee. */
  totalCents: number;
  /** The items' discounts (what "Desconto" takes off the subtotal). */
  linesCents: number;
  /** One per item, in order. */
  lineDiscountsCents: number[];
  /** A free-delivery coupon's fee waived ("Entrega: Grátis" then). */
  deliveryWaivedCents: number;
};

/**
 * "Desconto (CUPOM10): −R$ 15,99", for free delivery "Cupom FRETE: entrega grátis (−R$ 10,00)", both
 * together "Desconto (VERAO): −R$ 15,99 + entrega grátis (−R$ 10,00)".
 */
export function couponLine(coupon: OrderCoupon): string {
  if (coupon.linesCents > 0 && coupon.deliveryWaivedCents > 0) {
    return `Desconto (${coupon.code}): −${formatBRL(coupon.linesCents)} + ${waivedText(coupon)}`;
  }
  return coupon.linesCents > 0 ? `Desconto (${coupon.code}): −${formatBRL(coupon.linesCents)}` : couponDeliveryLine(coupon);
}

/** "Cupom FRETE: entrega grátis (−R$ 10,00)": the fee a coupon waived, told beside the order's totals. */
export function couponDeliveryLine(coupon: OrderCoupon): string {
  return `Cupom ${coupon.code}: ${waivedText(coupon)}`;
}

const waivedText = (coupon: OrderCoupon) =>
  coupon.deliveryWaivedCents > 0 ? `entrega grátis (−${formatBRL(coupon.deliveryWaivedCents)})` : "entrega grátis";

export function paymentLabel(method: string | null): string {
  return PAYMENT_METHODS.find((candidate) => candidate.value === method)?.label ?? "A combinar";
}

export function deliveryFeeLabel(feeCents: number | null): string {
  if (feeCents === null) return "A combinar";
  return feeCents === 0 ? "Grátis" : formatBRL(feeCents);
}

/** The WhatsApp text of a recorded order (the earlier site's order text), with its code and a link to its page. */
export function orderMessage(order: OrderView, orderUrl: string): string {
  const lines: (string | null)[] = [`Olá! Gostaria de fazer o pedido *#${order.code}*:`, ""];

  if (order.channel === "checkout") {
    lines.push(
      "*Dados do cliente*",
      `Nome: ${order.customer.name}`,
      order.customer.email ? `E-mail: ${order.customer.email}` : null,
      `Telefone: ${order.customer.phone}`,
      order.customer.cpf ? `CPF: ${order.customer.cpf}` : null,
      "",
    );
  }

  if (order.delivery.method === "delivery") {
    const a = order.delivery.address;
    lines.push(
      "*Entrega*",
      `${a.street}, ${a.number}${a.complement ? ` - ${a.complement}` : ""}`,
      `${a.neighborhood} - ${a.city}/${a.state}${a.cep ? ` - CEP ${a.cep}` : ""}`,
      ...(order.delivery.service ? [`Envio: ${order.delivery.service}${order.delivery.time ? ` (${order.delivery.time})` : ""}`] : []),
      "",
    );
  } else if (order.delivery.method === "pickup") {
    lines.push(
      "*Retirada na loja*",
      `${order.delivery.locationName} - ${order.delivery.locationAddress}`,
      ...(order.delivery.transfer ? [transferText(order.delivery.transfer)] : []),
      "",
    );
  }

  lines.push("*Itens*");
  order.items.forEach((item, index) => {
    const options = [item.size && `Tamanho: ${item.size}`, item.color && `Cor: ${item.color}`].filter(Boolean).join(" | ");
    lines.push(`${index + 1}. ${item.name}`);
    if (options) lines.push(`   ${options}`);
    lines.push(
      item.unitPriceCents === null
        ? `   ${item.quantity} x Consultar preço`
        : `   ${item.quantity} x ${formatBRL(item.unitPriceCents)} = ${formatBRL(item.unitPriceCents * item.quantity)}`,
    );
  });
  lines.push("", `Subtotal: ${formatBRL(order.subtotalCents)}`);
  if (order.coupon) lines.push(couponLine(order.coupon));
  if (order.delivery.method !== "arrange") lines.push(`Entrega: ${deliveryFeeLabel(order.delivery.feeCents)}`);

  if (order.payment.method) {
    const installments = order.payment.installments > 1 ? ` em ${order.payment.installments}x` : "";
    lines.push(`Pagamento: ${paymentLabel(order.payment.method)}${installments}`);
  }
  lines.push(`*Total: ${formatBRL(order.totalCents)}*`);
  if (order.hasConsultItems) lines.push(CONSULT_NOTE);
  if (order.pixCode) lines.push("", "PIX copia e cola:", order.pixCode);
  else if (order.pixAwaitingOnPage) lines.push("", "Aguardando o pagamento por PIX: o código está no link do pedido.");
  if (order.notes) lines.push("", `Observações: ${order.notes}`);
  lines.push("", `Acompanhe o pedido: ${orderUrl}`);

  return lines.filter((line) => line !== null).join("\n");
}
