import { useState } from "react";
import type { z } from "zod";
import { useOnDemand } from "~/components/ui/use-on-demand";
import { fieldErrors, type FieldErrors, formValues } from "~/lib/form-errors";

/**
 * The form's schema, or a function that imports it. A page that should not download zod up front (the
 * product page's review form) passes the import: it starts when the shopper first focuses or edits the
 * form, and a submit that comes before it has arrived goes to the action unchecked, which validates with
 * the same schema and answers with the same messages.
 */
export type SchemaSource = z.ZodType | (() => Promise<z.ZodType>);

/**
 * Errors for a form validated by `schema` in the browser before it is sent, and by the action after:
 * a new answer from the action replaces them, editing a field clears that field's message.
 * Give the form `onSubmit`, `onChange` and, when `schema` is an import, `onFocusCapture` (the first
 * focus starts loading it, so it has usually arrived by the first submit).
 */
export function useFormErrors(schema: SchemaSource, serverErrors: FieldErrors | undefined) {
  const [state, setState] = useState({ source: serverErrors, errors: serverErrors ?? {} });
  if (state.source !== serverErrors) setState({ source: serverErrors, errors: serverErrors ?? {} });
  const { errors } = state;
  // With an import, a submit before it has arrived goes to the action, which validates the same way.
  const imported = useOnDemand("safeParse" in schema ? null : schema);
  const loadSchema = () => void imported.load();

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const ready = "safeParse" in schema ? schema : imported.loaded();
    if (!ready) return;
    const parsed = ready.safeParse(formValues(new FormData(form)));
    if (parsed.success) return;
    event.preventDefault();
    const found = fieldErrors(parsed.error);
    setState({ source: serverErrors, errors: found });
    const first = Object.keys(found).find((key) => key !== "form");
    (first ? form.querySelector<HTMLElement>(`[name="${first}"]`) : form.querySelector<HTMLElement>("input:not([type=hidden])"))?.focus();
  }

  function onChange(event: React.FormEvent<HTMLFormElement>) {
    loadSchema();
    const name = (event.target as HTMLInputElement).name;
    if (!errors[name] && !errors.form) return;
    const next = { ...errors };
    delete next[name];
    delete next.form;
    setState({ source: serverErrors, errors: next });
  }

  return { errors, onSubmit, onChange, onFocusCapture: loadSchema };
}
