// What every action answers a form with, so one hook (useForm's `result`) reads them all. A success
// that changes the page redirects; one that stays on it (a fetcher, a panel) answers `ok: true` with
// an optional line to show and whatever the form needs back (`data`). A refusal names its reasons by
// input (`errors.<name>`), the whole form's under `errors.form`.
import type { FieldErrors } from "./form-errors";

export type ActionSuccess<Data = undefined> = { ok: true; message?: string; data?: Data };
export type ActionRefusal = { ok: false; errors: FieldErrors };
export type ActionResult<Data = undefined> = ActionSuccess<Data> | ActionRefusal;

export function actionSuccess<Data = undefined>(message?: string, data?: Data): ActionSuccess<Data> {
  return { ok: true, ...(message === undefined ? {} : { message }), ...(data === undefined ? {} : { data }) };
}

/** A refusal: field messages by input name, or one string for the whole form. */
export function actionRefusal(errors: FieldErrors | string): ActionRefusal {
  return { ok: false, errors: typeof errors === "string" ? { form: errors } : errors };
}

/** The field errors of an answer, for useForm's `serverErrors` (none for a success or no answer yet). */
export function refusalErrors(result: ActionResult<unknown> | undefined | null): FieldErrors | undefined {
  return result && !result.ok ? result.errors : undefined;
}
