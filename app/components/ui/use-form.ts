import { useState } from "react";
import type { z } from "zod";
import { refusalErrors, type ActionResult } from "~/lib/forms/action-result";
import { fieldErrors, formValues, type FieldErrors } from "~/lib/forms/form-errors";
import type { FormLimits, InputLimits } from "~/lib/forms/form-limits";
import { useOnDemand } from "./use-on-demand";

/**
 * The form's schema, or a function that imports it. A page that should not download zod up front (the
 * product page's review form, the stores page's contact form) passes the import: it starts when the
 * person first focuses or edits the form.
 */
export type SchemaSource<Output> = z.ZodType<Output> | (() => Promise<z.ZodType<Output>>);

type FormOptions<Output> = {
  /** What the action validates with, so the browser gives the same messages before sending. */
  schema?: SchemaSource<Output>;
  /**
   * The action's answer (an ActionResult: `actionData`, or a fetcher's `data`). A refusal's errors are
   * shown by input name, `form` for the whole form; a success's message is `success`. Each new answer
   * (a new object, from a navigation or a fetcher) replaces the errors shown.
   */
  result?: ActionResult<unknown> | null;
  /**
   * The inputs' limits: `formLimits(schema)` (~/lib/form-limits, which reads them from the schema), or,
   * for a form whose schema is an import, a zod-free copy that a unit test holds equal to the schema's.
   * The reader stays out of this module so that pages without zod do not load it.
   */
  limits?: FormLimits;
  /** The schema's input from the form's data; by default, its text fields by name. */
  read?: (data: FormData) => unknown;
  /** The input an error belongs to (default: the input named like the error's path). */
  inputOf?: (errorKey: string) => string;
  /** The error an edit of the input clears (default: the one named like the input). */
  errorOf?: (inputName: string) => string;
  /**
   * For a form that sends itself (a fetcher, a WhatsApp tab, files in a chosen order): called once the
   * check passes, instead of the browser's submit. Without it, a form that passes goes as it is.
   */
  send?: (form: HTMLFormElement, data: Output) => void;
};

/** The limits of the input `name`; a list's items are under `*` (`locations.3.name` finds `locations.*.name`). */
function inputLimits(limits: FormLimits | undefined, name: string): InputLimits | undefined {
  return limits?.[name] ?? limits?.[name.replace(/\.\d+(?=\.|$)/g, ".*")];
}

/** `field` of a form: what an input of it needs (see useForm). */
export type FormField = (name: string) => { name: string; error: string | undefined } & InputLimits;

const sameName = (name: string) => name;
const inputSelector = (name: string) => `[name="${CSS.escape(name)}"]:not([type=hidden]), [name^="${CSS.escape(name)}."]:not([type=hidden])`;

/**
 * The one way a form handles its errors: checked in the browser with the action's own schema before
 * it is sent, the first wrong input focused, a field's message cleared when it is edited (with the
 * form's message), the action's answer (`result`) shown the same way, and each input's limits (`maxLength`,
 * `required`, `min`, `max`) read from the schema. Spread `props` on the form and `field(name)` on
 * each input (Field, TextareaField, SelectField). Without JavaScript the form posts to its action,
 * which validates with the same schema and answers with the same messages.
 */
export function useForm<Output = unknown>({ schema, result, limits, read = formValues, inputOf = sameName, errorOf = sameName, send }: FormOptions<Output> = {}) {
  // Keyed on the refusal's errors: a new answer shows its own, and the same answer keeps what edits cleared.
  const serverErrors = refusalErrors(result);
  const [state, setState] = useState({ source: serverErrors, errors: serverErrors ?? {} });
  if (state.source !== serverErrors) setState({ source: serverErrors, errors: serverErrors ?? {} });
  const { errors } = state;
  const eager = schema && "safeParse" in schema ? schema : null;
  const imported = useOnDemand(schema && !eager ? (schema as () => Promise<z.ZodType<Output>>) : null);
  const showErrors = (found: FieldErrors) => setState({ source: serverErrors, errors: found });

  /** True when the form may go on; otherwise its errors are shown and the first wrong input focused. */
  function check(form: HTMLFormElement, ready: z.ZodType<Output> | null): { ok: true; data: Output } | { ok: false } {
    if (!ready) return { ok: true, data: undefined as Output };
    const parsed = ready.safeParse(read(new FormData(form)));
    if (parsed.success) {
      showErrors({});
      return { ok: true, data: parsed.data };
    }
    const found = fieldErrors(parsed.error);
    showErrors(found);
    const wrong = Object.keys(found).filter((key) => key !== "form").map((key) => inputSelector(inputOf(key)));
    form.querySelector<HTMLElement>(wrong.length ? wrong.join(", ") : "input:not([type=hidden])")?.focus();
    return { ok: false };
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    if (schema && !eager && !imported.loaded()) {
      // The schema has not arrived. A plain form goes to the action, which checks the same way; one that
      // sends itself waits for it (still within the tap's permission to open a tab), or posts when it fails.
      if (!send) return;
      event.preventDefault();
      void imported.load().then((loaded) => {
        if (!loaded) return form.submit();
        const result = check(form, loaded);
        if (result.ok) send(form, result.data);
      });
      return;
    }
    const result = check(form, eager ?? imported.loaded());
    if (!result.ok || send) event.preventDefault();
    if (result.ok && send) send(form, result.data);
  }

  function onChange(event: React.FormEvent<HTMLFormElement>) {
    void imported.load();
    const key = errorOf((event.target as HTMLInputElement).name);
    if (!errors[key] && !errors.form) return;
    const next = { ...errors };
    delete next[key];
    delete next.form;
    showErrors(next);
  }

  return {
    errors,
    /** The message of the action's success answer, if it gave one. */
    success: result?.ok ? result.message : undefined,
    /** For the form element. `onChange` fires on every keystroke (React's change is the input event). */
    props: { noValidate: true, onSubmit, onChange, onFocusCapture: () => void imported.load() },
    /** For an input: its name, its error and the schema's limits. */
    field: ((name) => ({ name, error: errors[name], ...inputLimits(limits, name) })) as FormField,
  };
}
