/**
 * The identifiers a fiscal document carries, checked by their check digits before a provider or the
 * SEFAZ sees them: a store's CNPJ, a product's NCM and EAN (GTIN), a note's chave de acesso. Shared by
 * the fiscal documents the shop issues (docs/fiscal.md) and the supplier notes it receives
 * (docs/receiving.md).
 */
import { onlyDigits } from "~/lib/format/documents";

/** Modulo 11 with weights 2..9 cycling from the right, as the CNPJ and the chave de acesso use it. */
function mod11CheckDigit(digits: string, maxWeight: number): number {
  let sum = 0;
  let weight = 2;
  for (let index = digits.length - 1; index >= 0; index--) {
    sum += Number(digits[index]) * weight;
    weight = weight === maxWeight ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** 14 digits (punctuation ignored) with both check digits right, not all one digit. */
export function isValidCnpj(input: string): boolean {
  const digits = onlyDigits(input);
  if (digits.length !== 14 || /^(\d)\1{13}$/.test(digits)) return false;
  const first = mod11CheckDigit(digits.slice(0, 12), 9);
  const second = mod11CheckDigit(digits.slice(0, 12) + String(first), 9);
  return digits.endsWith(`${first}${second}`);
}

/** 12345678000195 → 12.345.678/0001-95 */
export function formatCnpj(input: string): string {
  const d = onlyDigits(input);
  if (d.length !== 14) return input;
  return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
}

/** An NCM is eight digits (the Mercosul nomenclature: 6403.99.90 written with or without dots). */
export function isValidNcm(input: string): boolean {
  return /^\d{8}$/.test(input.replace(/\./g, ""));
}

/** GTIN-8, -12, -13 or -14 (the EAN under a barcode) with its check digit right. */
export function isValidGtin(input: string): boolean {
  const digits = input.trim();
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length - 1; index++) {
    // Weights 3 and 1 alternate from the digit next to the check digit.
    const fromRight = digits.length - 1 - index;
    sum += Number(digits[index]) * (fromRight % 2 === 1 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10 === Number(digits[digits.length - 1]);
}

/** The 44 digits of an NF-e / NFC-e key with its last (modulo 11) digit right. */
export function isValidChaveAcesso(input: string): boolean {
  const digits = input.replace(/\s/g, "");
  if (!/^\d{44}$/.test(digits)) return false;
  const check = mod11CheckDigit(digits.slice(0, 43), 9);
  return Number(digits[43]) === (check >= 10 ? 0 : check);
}

/** The key as a DANFE prints it: eleven groups of four digits. */
export function formatChaveAcesso(input: string): string {
  return input.replace(/\s/g, "").replace(/(\d{4})(?=\d)/g, "$1 ");
}
