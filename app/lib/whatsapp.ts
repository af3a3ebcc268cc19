import type { Cart } from "./cart";
import { cartTotals } from "./cart";
import { formatBRL } from "./money";

/** `https://wa.me/<digits>?text=<encoded>`: the link WhatsApp opens on phones and on the web. */
export function whatsappLink(number: string, text?: string): string {
  const digits = number.replace(/\D/g, "");
  return text ? `https://wa.me/${digits}?text=${encodeURIComponent(text)}` : `https://wa.me/${digits}`;
}

export function greetingMessage(storeName: string): string {
  return `Olá! Vim pelo site do ${storeName} e gostaria de mais informações.`;
}

export function priceInquiryMessage(product: { name: string; shopName: string }, url: string): string {
  return `Olá! Gostaria de consultar o preço do produto: ${product.name} (${product.shopName}).\n${url}`;
}

function itemLines(cart: Cart): string[] {
  return cart.map((item, index) => {
    const options = [item.size && `Tamanho: ${item.size}`, item.color && `Cor: ${item.color}`].filter(Boolean);
    const price =
      item.priceCents === null
        ? `${item.quantity} x Consultar preço`
        : `${item.quantity} x ${formatBRL(item.priceCents)} = ${formatBRL(item.priceCents * item.quantity)}`;
    return [`${index + 1}. ${item.name}`, options.length ? `   ${options.join(" | ")}` : null, `   ${price}`]
      .filter(Boolean)
      .join("\n");
  });
}

export const CONSULT_NOTE = "* Alguns produtos precisam de consulta de preço.";

/** The cart as a message, for the cart's quick 'Finalizar pelo WhatsApp'. */
export function cartMessage(cart: Cart): string {
  const totals = cartTotals(cart);
  return [
    "Olá! Gostaria de fazer o seguinte pedido:",
    "",
    ...itemLines(cart),
    "",
    `Total: ${formatBRL(totals.totalCents)}`,
    totals.hasConsultItems ? CONSULT_NOTE : null,
  ]
    .filter((line) => line !== null)
    .join("\n");
}

export type ContactMessageInput = { name: string; email: string; phone: string; store: string; message: string };

export function contactMessage(input: ContactMessageInput): string {
  return [
    "Olá! Mensagem enviada pelo site:",
    "",
    `Nome: ${input.name}`,
    `E-mail: ${input.email}`,
    `Telefone: ${input.phone || "Não informado"}`,
    `Loja de interesse: ${input.store || "Qualquer loja"}`,
    "",
    `Mensagem: ${input.message}`,
  ].join("\n");
}
