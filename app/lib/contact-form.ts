// The stores page's contact form: its fields and limits, what every page needs to draw it. The schema
// that checks it is in contact.schema.ts, loaded by the browser only once the form is in use.
import type { ContactMessageInput } from "./whatsapp";

export const CONTACT_FIELDS = ["name", "email", "phone", "store", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactFieldErrors = Partial<Record<ContactField, string>>;

export const CONTACT_LIMITS = { name: 100, email: 200, phone: 30, store: 100, message: 2000 } as const;

export type ContactFormValues = ContactMessageInput;

export type ContactFormResult =
  | { ok: true; values: ContactFormValues }
  | { ok: false; errors: ContactFieldErrors; values: ContactFormValues };
