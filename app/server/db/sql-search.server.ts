// Text search in SQL for the admin lists (orders, customers), whose names are stored as typed; the
// product search is app/server/catalog/product-search.server.ts.
import { type AnyColumn, type SQL, sql } from "drizzle-orm";

/** `%`, `_` and `\` typed by a shopper or a clerk are searched for, not wildcards. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

const ACCENTED = "áàâãäéèêëíìîïóòôõöúùûüçñ";
const PLAIN = "aaaaaeeeeiiiiooooouuuucn";

/** The column lower-cased and without accents, as normalizeSearchText does in JS: 'joao' finds 'João'. */
export function plainText(column: AnyColumn | SQL): SQL {
  return sql`translate(lower(${column}), ${ACCENTED}, ${PLAIN})`;
}

/** The column's digits only: phones are stored as typed ("(81) 99999-8888"). */
export function digitsOf(column: AnyColumn | SQL): SQL {
  return sql`regexp_replace(coalesce(${column}, ''), '\\D', '', 'g')`;
}

/**
 * A phone's digits without the country code ("(81) 99999-8888" and "+55 81 99999-8888" match), or
 * null. Phones are checked on the way in (digits, spaces and `()+.-`): `translate` drops those, at a
 * tenth of the cost of a regular expression over every order.
 */
export function phoneKey(column: AnyColumn | SQL): SQL {
  const digits = sql`translate(coalesce(${column}, ''), ' ()+.-', '')`;
  return sql`nullif(case when length(${digits}) in (12, 13) and left(${digits}, 2) = '55' then substr(${digits}, 3) else ${digits} end, '')`;
}
