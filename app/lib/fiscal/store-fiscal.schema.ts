// A store's fiscal identity as the Dono types it in /admin/configuracoes ("Dados fiscais das lojas"):
// the same schema runs in the browser and in the action, so a request that skips the browser gets the
// same pt-BR messages and nothing is saved while any field is wrong. The CSC token is a secret the
// page never sends back: an empty token field keeps the stored one.
import { z } from "~/lib/forms/validation";
import { onlyDigits } from "../format/documents";
import { isValidCnpj } from "./identifiers";
import { TAX_REGIMES } from "./store-fiscal";

export const STORE_FISCAL_MESSAGES = {
  cnpj: "CNPJ inválido: confira os 14 números (ex.: 12.345.678/0001-95)",
  stateRegistration: "Inscrição Estadual: só os números (de 8 a 14), ou ISENTO",
  taxRegime: "Escolha Simples Nacional ou Regime normal",
  series: "Série: um número de 0 a 999",
  cscId: "Identificador do CSC: só números, até 6 (ex.: 000001)",
  cscToken: "Token do CSC: letras e números, de 16 a 36",
  store: "Loja não encontrada",
  donoOnly: "Só o Dono pode ver e mudar os dados fiscais das lojas. Nada foi salvo.",
  saved: "Dados fiscais salvos.",
  saveFailed: "Erro ao salvar os dados fiscais. Tente novamente.",
} as const;

const series = z
  .string()
  .trim()
  .regex(/^\d{1,3}$/, STORE_FISCAL_MESSAGES.series)
  .transform(Number);

export const storeFiscalFormSchema = z.object({
  storeId: z.coerce.number({ error: STORE_FISCAL_MESSAGES.store }).int(STORE_FISCAL_MESSAGES.store).positive(STORE_FISCAL_MESSAGES.store),
  /** Empty: not registered yet (no notes from this store). Kept as its 14 digits. */
  cnpj: z
    .string()
    .trim()
    .refine((typed) => typed === "" || isValidCnpj(typed), STORE_FISCAL_MESSAGES.cnpj)
    .transform(onlyDigits),
  stateRegistration: z
    .string()
    .trim()
    .transform((typed) => (/^isento$/i.test(typed) ? "ISENTO" : typed))
    .refine((typed) => typed === "" || typed === "ISENTO" || /^[\d./-]+$/.test(typed), STORE_FISCAL_MESSAGES.stateRegistration)
    .transform((typed) => (typed === "ISENTO" ? typed : onlyDigits(typed)))
    .refine((typed) => typed === "" || typed === "ISENTO" || (typed.length >= 8 && typed.length <= 14), STORE_FISCAL_MESSAGES.stateRegistration),
  taxRegime: z.enum(TAX_REGIMES, { error: STORE_FISCAL_MESSAGES.taxRegime }),
  nfceSeries: series,
  nfeSeries: series,
  cscId: z
    .string()
    .trim()
    .regex(/^\d{0,6}$/, STORE_FISCAL_MESSAGES.cscId),
  /** Empty: keep the stored token (the page never holds it). */
  cscToken: z
    .string()
    .trim()
    .regex(/^([A-Za-z0-9-]{16,36})?$/, STORE_FISCAL_MESSAGES.cscToken),
});
export type StoreFiscalInput = z.output<typeof storeFiscalFormSchema>;
