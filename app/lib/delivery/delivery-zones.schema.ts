import { z } from "~/lib/forms/validation";
import { BRAZILIAN_STATES } from "./zones";
import { MONEY_TOO_LARGE_MESSAGE, PRICE_FORMAT_MESSAGE, readMoneyAmount } from "../forms/price-input";
import { oneLine } from "../format/plain-text";

function text(label: string, max: number, required: boolean) {
  const base = z.preprocess((value) => value ?? "", z.string().overwrite(oneLine).max(max, `Use no máximo ${max} caracteres`));
  return required ? base.pipe(z.string().min(1, `${label} é obrigatório`)) : base;
}

function cents(message: string) {
  return z.preprocess((value) => value ?? "", z.string()).transform((value, ctx) => {
    const price = readMoneyAmount(value);
    if (!price.ok) {
      ctx.addIssue({ code: "custom", message: price.problem === "format" ? PRICE_FORMAT_MESSAGE : price.problem === "too-large" ? MONEY_TOO_LARGE_MESSAGE : message });
      return z.NEVER;
    }
    return price.cents;
  });
}

/** Blank: none. */
function optionalCents(message: string) {
  return z.preprocess((value) => (typeof value === "string" && value.trim() !== "" ? value : null), cents(message).nullable());
}

/** A bairro of /admin/entregas as its form sends it (money typed as "8,00"). */
export const deliveryZoneFormSchema = z.object({
  city: text("Cidade", 100, true),
  state: z.enum(BRAZILIAN_STATES, { error: "Escolha o estado" }).default("PE"),
  neighborhood: text("Bairro", 100, true),
  feeCents: cents("Informe a taxa, como 8,00"),
  freeAboveCents: optionalCents("Informe o valor, como 200,00, ou deixe em branco"),
  deliveryTime: text("Prazo", 80, false),
  cutoff: text("Horário de corte", 80, false),
});
export type DeliveryZoneForm = z.infer<typeof deliveryZoneFormSchema>;

/** A state's line of the fallback table. */
export const fallbackRateFormSchema = z.object({
  state: z.enum(BRAZILIAN_STATES, { error: "Escolha o estado" }),
  feeCents: cents("Informe o frete, como 35,00"),
  deliveryTime: text("Prazo", 80, false),
});
export type FallbackRateForm = z.infer<typeof fallbackRateFormSchema>;
