// The stores page's contact form: its fields and limits, what every page needs to draw it. The schema
// that checks it is in contact.schema.ts, loaded by the browser only once the form is in use.
import type { ActionRefusal, ActionSuccess } from "../forms/action-result";
import type { FormLimits } from "../forms/form-limits";

export const CONTACT_FIELDS = ["name", "email", "phone", "store", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactFieldErrors = Partial<Record<ContactField, string>>;

export const CONTACT_LIMITS = { name: 100, email: 200, phone: 30, store: 100, message: 2000 } as const;

/**
 * The inputs' limits, for the page, which loads the schema only once the form is used;
 * ./contact-form.test.ts holds them equal to what the schema states.
 */
export const CONTACT_INPUT_LIMITS = {
  name: { required: true, maxLength: CONTACT_LIMITS.name },
  email: { required: true, maxLength: CONTACT_LIMITS.email },
  phone: { maxLength: CONTACT_LIMITS.phone },
  store: { maxLength: CONTACT_LIMITS.store },
  message: { required: true, maxLength: CONTACT_LIMITS.message },
} satisfies FormLimits;

/** What the shopper typed: the form's values, and what the WhatsApp message holds. */
export type ContactFormValues = { name: string; email: string; phone: string; store: string; message: string };

/** The form read: an action's answer (ActionResult), which always gives back what was typed (`data`). */
export type ContactFormResult =
  | (ActionSuccess<ContactFormValues> & { data: ContactFormValues })
  | (ActionRefusal<ContactFormValues> & { errors: ContactFieldErrors; data: ContactFormValues });

/** The WhatsApp message the contact form opens (in the browser, or from the action without JavaScript). */
export function contactMessage(input: ContactFormValues): string {
  return [
    "Olá! Mensagem enviada pelo site:",
    "",
    `Nome: ${input.name}`,
    `E-mail: ${input.email}`,
    `Telefone: ${input.phone || "Não informado"}`,
    `Loja de interesse: ${input.store || "Qualquer loja"}`,
    "",
    `Mensagem: ${input.message}`,
  ].join("\n");
}
