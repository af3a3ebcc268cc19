/**
 * A `tel:` link in international form. Numbers stored without the country code ("(81) 3675-1995") are
 * Brazilian; numbers that already carry it ("5581900000000") are kept as they are.
 */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return digits.startsWith("55") && digits.length >= 12 ? `tel:+${digits}` : `tel:+55${digits}`;
}

/** The area codes (DDD) in use in Brazil. */
const AREA_CODES = new Set([
  11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37, 38, 41, 42, 43, 44, 45, 46, 47, 48, 49,
  51, 53, 54, 55, 61, 62, 63, 64, 65, 66, 67, 68, 69, 71, 73, 74, 75, 77, 79, 81, 82, 83, 84, 85, 86, 87, 88, 89,
  91, 92, 93, 94, 95, 96, 97, 98, 99,
]);

/**
 * A Brazilian phone number as people write it ("(81) 99999-8888", "+55 81 3675-1995", "81999998888"):
 * only digits, spaces and `()+-.`; 10 digits (a landline) or 11 (a mobile, 9 after the area code)
 * with an area code in use, optionally after the country code 55.
 */
export function isBrazilianPhone(phone: string): boolean {
  if (!/^[\d\s()+.-]+$/.test(phone)) return false;
  const digits = phone.replace(/\D/g, "").replace(/^55(?=\d{10,11}$)/, "");
  if (!AREA_CODES.has(Number(digits.slice(0, 2)))) return false;
  if (digits.length === 11) return digits[2] === "9";
  return digits.length === 10 && /[2-8]/.test(digits[2]!);
}

/** The same number however it was written, without the country code: "(81) 99999-8888" → "81999998888". */
export function phoneKey(phone: string): string {
  return phone.replace(/\D/g, "").replace(/^55(?=\d{10,11}$)/, "");
}

/**
 * A stored Brazilian number as people write it: "5581987654321" → "(81) 98765-4321", "558136751995"
 * → "(81) 3675-1995". What is no Brazilian number stays as it is. The forms show it this way and keep
 * the digits (a number typed as "(81) 98765-4321" was shown back as 5581987654321).
 */
export function brazilianPhoneText(phone: string): string {
  if (!isBrazilianPhone(phone)) return phone;
  const digits = phoneKey(phone);
  const local = digits.slice(2);
  return `(${digits.slice(0, 2)}) ${local.slice(0, local.length - 4)}-${local.slice(-4)}`;
}
