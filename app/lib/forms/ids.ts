// The one way to read a row id from a URL segment, a form field or JSON. Our ids are PostgreSQL
// `integer`s (serial): a number outside 1..2147483647 can name no row, and handing it to the database
// would fail the query ("out of range for type integer") instead of answering "not found".
import { z } from "~/lib/forms/validation";

export const MAX_ID = 2_147_483_647;

/** Digits only, as a URL or a form sends them; leading zeros are tolerated ("007" is 7). */
const ID_TEXT = /^\d{1,10}$/;

/** A positive integer within PostgreSQL's `integer`, else null: the caller answers "not found". */
export function parseId(value: unknown): number | null {
  const id = typeof value === "number" ? value : typeof value === "string" && ID_TEXT.test(value) ? Number(value) : Number.NaN;
  return Number.isInteger(id) && id >= 1 && id <= MAX_ID ? id : null;
}

/** parseId for form and JSON schemas: text or a number in, the id out, else the schema's error. */
export const idSchema = z.union([z.string(), z.number()]).transform((value, context) => {
  const id = parseId(value);
  if (id === null) {
    context.addIssue({ code: "custom", message: "Identificador inválido" });
    return z.NEVER;
  }
  return id;
});
