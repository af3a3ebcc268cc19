// A PIX key as the owner types it in /admin/configuracoes, turned into the one form the Central
// Bank's directory knows it by: a bank app looks the key up exactly as the BR Code carries it, so
// "(81) 99876-5432" in a code is a key that exists nowhere even though the code's checksum is valid.
import { isValidCpf } from "../format/documents";

export type PixKeyKind = "phone" | "cpf" | "cnpj" | "email" | "random";

export const PIX_KEY_KIND_LABELS: Record<PixKeyKind, string> = {
  phone: "celular",
  cpf: "CPF",
  cnpj: "CNPJ",
  email: "e-mail",
  random: "chave aleatória",
};

export const PIX_KEY_MESSAGES = {
  none: "Chave PIX inválida: informe o celular com DDD, o CPF, o CNPJ, o e-mail ou a chave aleatória cadastrada no banco",
  cpf: "CPF inválido: confira os dígitos da chave PIX",
  cnpj: "CNPJ inválido: confira os dígitos da chave PIX",
  email: "E-mail inválido para chave PIX",
  phone: "Celular inválido para chave PIX: informe o DDD e os 9 dígitos (ex.: (81) 99876-5432)",
  ambiguous:
    "Estes 11 dígitos podem ser um CPF ou um celular: escreva o CPF com pontos (123.456.789-09) ou o celular com DDD entre parênteses ((81) 99876-5432)",
  tooLong: "Chave PIX longa demais (máximo 77 caracteres)",
} as const;

export type PixKeyResult = { ok: true; key: string; kind: PixKeyKind } | { ok: false; message: string; ambiguousDigits?: string };

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A Brazilian mobile: DDD (no zeros) then a 9 and eight digits, the only phones a PIX key can be. */
const MOBILE = /^[1-9][1-9]9\d{8}$/;

/** True when the 14 digits carry valid CNPJ check digits (and are not all the same digit). */
export function isValidCnpj(digits: string): boolean {
  if (!/^\d{14}$/.test(digits) || /^(\d)\1{13}$/.test(digits)) return false;
  const numbers = [...digits].map(Number);
  for (const length of [12, 13]) {
    let sum = 0;
    for (let index = 0; index < length; index++) sum += numbers[index]! * ((length - index - 1) % 8 + 2);
    const check = sum % 11 < 2 ? 0 : 11 - (sum % 11);
    if (check !== numbers[length]) return false;
  }
  return true;
}

function phoneKey(nationalDigits: string): PixKeyResult {
  return MOBILE.test(nationalDigits) ? { ok: true, key: `+55${nationalDigits}`, kind: "phone" } : { ok: false, message: PIX_KEY_MESSAGES.phone };
}

/**
 * The key in its directory form: a phone "+5581998765432", a CPF or CNPJ digits only (check digits
 * verified), an e-mail lower-case, a random key a lower-case UUID; or why the text is none of them.
 * An empty text is no key (ok with key "").
 */
export function normalizePixKey(typed: string): PixKeyResult {
  const text = typed.trim();
  if (text === "") return { ok: true, key: "", kind: "random" };
  if (text.length > 77) return { ok: false, message: PIX_KEY_MESSAGES.tooLong };
  if (text.includes("@")) {
    const email = text.toLowerCase();
    return EMAIL.test(email) ? { ok: true, key: email, kind: "email" } : { ok: false, message: PIX_KEY_MESSAGES.email };
  }
  if (UUID.test(text)) {
    const hex = text.toLowerCase().replace(/-/g, "");
    return { ok: true, key: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`, kind: "random" };
  }
  if (!/^[\d\s().+\-/]+$/.test(text)) return { ok: false, message: PIX_KEY_MESSAGES.none };
  const digits = text.replace(/\D/g, "");
  if (text.startsWith("+")) return digits.startsWith("55") ? phoneKey(digits.slice(2)) : { ok: false, message: PIX_KEY_MESSAGES.phone };
  // How it was written tells a CPF from a phone when the digits alone cannot.
  if (text.includes("(")) return phoneKey(digits.replace(/^0/, ""));
  if (/^\d{3}\.\d{3}\.\d{3}-\d{2}$/.test(text)) return isValidCpf(digits) ? { ok: true, key: digits, kind: "cpf" } : { ok: false, message: PIX_KEY_MESSAGES.cpf };
  if (digits.length === 14) return isValidCnpj(digits) ? { ok: true, key: digits, kind: "cnpj" } : { ok: false, message: PIX_KEY_MESSAGES.cnpj };
  if (digits.length === 13 && digits.startsWith("55")) return phoneKey(digits.slice(2));
  if (digits.length === 12 && digits.startsWith("0")) return phoneKey(digits.slice(1));
  if (digits.length === 11) {
    const cpf = isValidCpf(digits);
    const mobile = MOBILE.test(digits);
    if (cpf && mobile) return { ok: false, message: PIX_KEY_MESSAGES.ambiguous, ambiguousDigits: digits };
    if (cpf) return { ok: true, key: digits, kind: "cpf" };
    if (mobile) return phoneKey(digits);
    return { ok: false, message: /[\s-]/.test(text) && !text.includes(".") ? PIX_KEY_MESSAGES.phone : PIX_KEY_MESSAGES.cpf };
  }
  return { ok: false, message: PIX_KEY_MESSAGES.none };
}

/**
 * The key a BR Code may carry, from what the settings hold (keys saved before they were normalised
 * included): the directory form, or the bare digits the owner stored when they could be a CPF as well
 * as a phone (what codes carried so far); null when the text is no key at all, so no unusable code is
 * ever shown to a shopper.
 */
export function usablePixKey(stored: string): string | null {
  const result = normalizePixKey(stored);
  if (result.ok) return result.key || null;
  return result.ambiguousDigits ?? null;
}
