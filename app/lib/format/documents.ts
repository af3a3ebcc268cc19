/** Brazilian document helpers for the checkout: CPF check digits and input masks. */

export function onlyDigits(text: string): string {
  return text.replace(/\D/g, "");
}

/** True when the 11 digits carry valid check digits (and are not all the same digit). */
export function isValidCpf(input: string): boolean {
  const digits = onlyDigits(input);
  if (digits.length !== 11 || /^(\d)\1{10}$/.test(digits)) return false;
  const numbers = [...digits].map(Number);
  for (const length of [9, 10]) {
    let sum = 0;
    for (let index = 0; index < length; index++) sum += numbers[index]! * (length + 1 - index);
    const check = ((sum * 10) % 11) % 10;
    if (check !== numbers[length]) return false;
  }
  return true;
}

/** 12345678901 → 123.456.789-01, as the shopper types. */
export function maskCpf(input: string): string {
  const d = onlyDigits(input).slice(0, 11);
  return d
    .replace(/^(\d{3})(\d)/, "$1.$2")
    .replace(/^(\d{3})\.(\d{3})(\d)/, "$1.$2.$3")
    .replace(/\.(\d{3})(\d{1,2})$/, ".$1-$2");
}

/** 55560000 → 55560-000 */
export function maskCep(input: string): string {
  const d = onlyDigits(input).slice(0, 8);
  return d.length > 5 ? `${d.slice(0, 5)}-${d.slice(5)}` : d;
}
