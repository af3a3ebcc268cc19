// What every action answers a form with, so one hook (useForm's `result`) reads them all. A success
// that changes the page redirects; one that stays on it (a fetcher, a panel) answers `ok: true` with
// an optional line to show and whatever the form needs back (`data`). A refusal names its reasons by
// input (`errors.<name>`), the whole form's under `errors.form`, and may carry what the page needs to
// show the form again without JavaScript (`data`: the typed values, which of several forms was sent).
import type { FieldErrors } from "./form-errors";

export type ActionSuccess<Data = undefined> = { ok: true; message?: string; data?: Data };
export type ActionRefusal<Data = undefined> = { ok: false; errors: FieldErrors; data?: Data };
export type ActionResult<Data = undefined> = ActionSuccess<Data> | ActionRefusal<Data>;

export function actionSuccess<Data = undefined>(message?: string, data?: Data): ActionSuccess<Data> {
  return { ok: true, ...(message === undefined ? {} : { message }), ...(data === undefined ? {} : { data }) };
}

/** A refusal: field messages by input name, or one string for the whole form; `data` for the page to show the form again. */
export function actionRefusal<Data = undefined>(errors: FieldErrors | string, data?: Data): ActionRefusal<Data> {
  return { ok: false, errors: typeof errors === "string" ? { form: errors } : errors, ...(data === undefined ? {} : { data }) };
}

/** The field errors of an answer (none for a success or no answer yet). */
export function refusalErrors(result: ActionResult<unknown> | undefined | null): FieldErrors | undefined {
  return result && !result.ok ? result.errors : undefined;
}

/** The line an answer gives to show: a success's message, or a refusal's whole-form error. */
export function resultMessage(result: ActionResult<unknown> | undefined | null): string | undefined {
  if (!result) return undefined;
  return result.ok ? result.message : result.errors.form;
}
