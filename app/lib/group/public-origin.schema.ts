// The shop's public address as the owner types it in /admin/configuracoes: a scheme and a host (and a
// port), nothing else, so every link the shop sends starts with exactly what the owner confirmed.
import type { ActionResult } from "../forms/action-result";
export const PUBLIC_ORIGIN_MESSAGES = {
  invalid: "Informe o endereço da loja começando com https:// (ex.: https://loja.exemplo.com.br), sem caminho depois do domínio.",
  hint: "Só o começo do endereço pelo qual os clientes acessam a loja, como https://loja.exemplo.com.br.",
  confirm: "Confira o endereço e marque a confirmação para salvar.",
  donoOnly: "Só o Dono pode mudar o endereço público da loja: os links de redefinição de senha e o aviso de Pix do banco vão para ele.",
} as const;

/** `typed` as an origin (`https://loja.exemplo.com.br`), or null when it is anything more or less. */
export function normalizePublicOrigin(typed: string): string | null {
  const text = typed.trim().replace(/\/+$/, "");
  if (text.length > 200 || !/^https?:\/\/[^/?#@\s]+$/i.test(text)) return null;
  try {
    const url = new URL(text);
    if (url.username || url.password || !url.hostname) return null;
    return url.origin;
  } catch {
    return null;
  }
}

/**
 * The public-address form's answer: a refusal (`errors.publicOrigin`), or the normalized address to
 * confirm (`data.pending`). `data.form` tells it from the settings form's answer on the same page.
 */
export type PublicOriginActionResult = ActionResult<{ form: "public-origin"; pending?: string }>;

/** The address links start with, and where it comes from (PUBLIC_URL, the owner's confirmation, or the first start's guess). */
export type PublicAddress = { origin: string; source: "PUBLIC_URL" | "owner" | "guess" };
