// Phone numbers as people type them into forms: the checkout's mask, the "Inclua o DDD" case and the
// shop's WhatsApp in the settings. Apart from ./phone, which every storefront page loads (tel: links).
import { isBrazilianPhone } from "../format/phone";

/** A number typed without its area code: the 8 digits of a landline or the 9 of a mobile. */
export function lacksAreaCode(phone: string): boolean {
  return /^[\d\s()+.-]+$/.test(phone) && /^\d{8,9}$/.test(phone.replace(/\D/g, ""));
}

/**
 * A WhatsApp number as wa.me and the settings keep it: 55, the area code and the number
 * ("(81) 99876-5432", "+55 81 99876-5432" and "81998765432" all give "5581998765432"); null when the
 * text is not a Brazilian number with its area code.
 */
export function whatsAppDigits(phone: string): string | null {
  if (!isBrazilianPhone(phone)) return null;
  return `55${phone.replace(/\D/g, "").replace(/^55(?=\d{10,11}$)/, "")}`;
}

/**
 * The phone as the shopper types it. Ten or eleven digits carry the area code and read
 * "(81) 3675-1995" / "(81) 99999-8888" (the country code is dropped: after a "+", or as the first two
 * of more than eleven digits); fewer are left as typed,
 * since the first two digits of "99123-4567" are not an area code and the mask must not make them one.
 */
export function maskPhone(input: string): string {
  let digits = input.replace(/\D/g, "");
  if (digits.startsWith("55") && (digits.length > 11 || input.trimStart().startsWith("+"))) digits = digits.slice(2);
  digits = digits.slice(0, 11);
  if (digits.length < 10) return input.replace(/[^\d\s()+.-]/g, "");
  const split = digits.length === 11 ? 7 : 6;
  return `(${digits.slice(0, 2)}) ${digits.slice(2, split)}-${digits.slice(split)}`;
}
