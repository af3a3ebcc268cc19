/**
 * A `tel:` link in international form. Numbers stored without the country code ("(81) 3675-1995") are
 * Brazilian; numbers that already carry it ("5581900000000") are kept as they are.
 */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return digits.startsWith("55") && digits.length >= 12 ? `tel:+${digits}` : `tel:+55${digits}`;
}
