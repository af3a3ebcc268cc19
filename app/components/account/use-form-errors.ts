import { useRef, useState } from "react";
import type { z } from "zod";
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
 * Give the form `onSubmit`, `onInput` and, when `schema` is an import, `onFocusCapture` (focus does
 * not bubble, so the capture phase is what reaches the form in both React and Preact).
 */
export function useFormErrors(schema: SchemaSource, serverErrors: FieldErrors | undefined) {
  const [state, setState] = useState({ source: serverErrors, errors: serverErrors ?? {} });
  if (state.source !== serverErrors) setState({ source: serverErrors, errors: serverErrors ?? {} });
  const { errors } = state;
  const loaded = useRef<z.ZodType | null>("safeParse" in schema ? schema : null);
  const loading = useRef<Promise<void> | null>(null);

  function loadSchema() {
    if (loaded.current || loading.current || "safeParse" in schema) return;
    loading.current = schema().then(
      (found) => {
        loaded.current = found;
      },
      () => {
        // Offline or a new deploy replaced the file: the action still validates; try again next time.
        loading.current = null;
      },
    );
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const ready = loaded.current;
    if (!ready) return;
    const parsed = ready.safeParse(formValues(new FormData(form)));
    if (parsed.success) return;
    event.preventDefault();
    const found = fieldErrors(parsed.error);
    setState({ source: serverErrors, errors: found });
    const first = Object.keys(found).find((key) => key !== "form");
    (first ? form.querySelector<HTMLElement>(`[name="${first}"]`) : form.querySelector<HTMLElement>("input:not([type=hidden])"))?.focus();
  }

  function onInput(event: React.FormEvent<HTMLFormElement>) {
    loadSchema();
    const name = (event.target as HTMLInputElement).name;
    if (!errors[name] && !errors.form) return;
    const next = { ...errors };
    delete next[name];
    delete next.form;
    setState({ source: serverErrors, errors: next });
  }

  return { errors, onSubmit, onInput, onFocusCapture: loadSchema };
}
