import { useState } from "react";
import type { z } from "zod";
import { formValues } from "~/lib/account-forms";
import { fieldErrors, type FieldErrors } from "~/lib/checkout-form";

/**
 * Errors for a form validated by `schema` in the browser before it is sent, and by the action after:
 * a new answer from the action replaces them, editing a field clears that field's message.
 */
export function useFormErrors(schema: z.ZodType, serverErrors: FieldErrors | undefined) {
  const [state, setState] = useState({ source: serverErrors, errors: serverErrors ?? {} });
  if (state.source !== serverErrors) setState({ source: serverErrors, errors: serverErrors ?? {} });
  const { errors } = state;

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const parsed = schema.safeParse(formValues(new FormData(form)));
    if (parsed.success) return;
    event.preventDefault();
    const found = fieldErrors(parsed.error);
    setState({ source: serverErrors, errors: found });
    const first = Object.keys(found).find((key) => key !== "form");
    (first ? form.querySelector<HTMLElement>(`[name="${first}"]`) : form.querySelector<HTMLElement>("input:not([type=hidden])"))?.focus();
  }

  function onInput(event: React.FormEvent<HTMLFormElement>) {
    const name = (event.target as HTMLInputElement).name;
    if (!errors[name] && !errors.form) return;
    const next = { ...errors };
    delete next[name];
    delete next.form;
    setState({ source: serverErrors, errors: next });
  }

  return { errors, onSubmit, onInput };
}
