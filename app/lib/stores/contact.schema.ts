// The contact form's schema (the earlier site's fields and rules), shared by the stores route's
// action and the browser, which imports it when the shopper starts filling the form in (it brings
// zod with it).
import { fieldErrors } from "~/lib/forms/form-errors";
import { z } from "~/lib/forms/validation";
import { CONTACT_FIELDS, CONTACT_LIMITS, type ContactFieldErrors, type ContactFormResult, type ContactFormValues } from "./contact-form";
import { oneLine, withoutControlCharacters } from "../format/plain-text";

/**
 * Looser than an order's phone (~/lib/phone: isBrazilianPhone): a local number without the area code
 * ("3675-1995") is enough for a store to call back.
 */
function plausiblePhone(phone: string): boolean {
  const digits = phone.replace(/\D/g, "").length;
  return phone === "" || (digits >= 8 && digits <= 13 && /^[\d\s()+.-]+$/.test(phone));
}

/** The stores page's contact form: name, e-mail and message required; phone and store optional. */
export const contactFormSchema = z.object({
  name: z
    .string()
    .overwrite(oneLine)
    .min(1, "Nome é obrigatório")
    .max(CONTACT_LIMITS.name, `Use no máximo ${CONTACT_LIMITS.name} caracteres`),
  email: z
    .string()
    .trim()
    .min(1, "E-mail é obrigatório")
    .max(CONTACT_LIMITS.email, "Informe um e-mail válido")
    .pipe(z.email("Informe um e-mail válido")),
  phone: z
    .string()
    .overwrite(oneLine)
    .max(CONTACT_LIMITS.phone, "Informe um telefone válido")
    .refine(plausiblePhone, "Informe um telefone válido"),
  store: z.string().overwrite(oneLine).max(CONTACT_LIMITS.store),
  message: z
    .string()
    .overwrite((text) => withoutControlCharacters(text).trim())
    .min(1, "Mensagem é obrigatória")
    .max(CONTACT_LIMITS.message, `Use no máximo ${CONTACT_LIMITS.message} caracteres`),
}) satisfies z.ZodType<ContactFormValues>;

/** Reads the form as submitted (FormData on the server, or the form element's data in the browser). */
export function parseContactForm(data: FormData | Record<string, unknown>): ContactFormResult {
  const raw = Object.fromEntries(
    CONTACT_FIELDS.map((field) => {
      const value = data instanceof FormData ? data.get(field) : data[field];
      return [field, typeof value === "string" ? value : ""];
    }),
  ) as ContactFormValues;
  const parsed = contactFormSchema.safeParse(raw);
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, errors: fieldErrors(parsed.error) as ContactFieldErrors, data: raw };
}
