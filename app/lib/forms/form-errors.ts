// Turning a submitted form into per-field messages. Kept apart from the schemas (and free of zod at
// run time) so a page can show a form's errors without downloading zod until the form is used.
import type { z } from "zod";

export type FieldErrors = Partial<Record<string, string>>;

/** First message per field, for showing beside each input. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "form";
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The string fields of a submitted form, for the schemas (files are ignored). */
export function formValues(form: FormData): Record<string, string> {
  return Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}
