import { type StoreArticle, withArticle } from "../stores/store-name";

/** Until the shop changes it, the WhatsApp number is this example, which the admin dashboard flags. */
export const PLACEHOLDER_WHATSAPP = "5581900000000";

/** True for the example number, however it is written ("+55 (81) 90000-0000"). */
export function isPlaceholderWhatsApp(number: string): boolean {
  return number.replace(/\D/g, "") === PLACEHOLDER_WHATSAPP;
}

/**
 * The number a store's WhatsApp button opens: its own, or the group's (settings) when it has none or
 * still has the example one (a group that set its number in the settings must not send shoppers to the
 * example).
 */
export function storeWhatsAppNumber(storeNumber: string | null | undefined, groupNumber: string): string {
  return storeNumber && !isPlaceholderWhatsApp(storeNumber) ? storeNumber : groupNumber;
}

/** `https://wa.me/<digits>?text=<encoded>`: the link WhatsApp opens on phones and on the web. */
export function whatsappLink(number: string, text?: string): string {
  const digits = number.replace(/\D/g, "");
  return text ? `https://wa.me/${digits}?text=${encodeURIComponent(text)}` : `https://wa.me/${digits}`;
}

/** The first message of a chat opened from the site: the shop's name with its article, or a store's ("do Erick Calçados Sirinhaém"). */
export function greetingMessage(store: string | { storeName: string; storeArticle: StoreArticle }): string {
  const site = typeof store === "string" ? `do ${store}` : withArticle("de", store);
  return `Olá! Vim pelo site ${site} e gostaria de mais informações.`;
}

export function priceInquiryMessage(product: { name: string; shopName: string }, url: string): string {
  return `Olá! Gostaria de consultar o preço do produto: ${product.name} (${product.shopName}).\n${url}`;
}

export const CONSULT_NOTE = "* Alguns produtos precisam de consulta de preço.";
