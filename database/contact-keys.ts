// How an order's contact is matched to a person (app/server/auth/customers.server.ts): the same
// expressions make the orders' stored keys (generated columns, computed once when an order is
// written) and the accounts' phone key (computed over the few accounts at query time).
import { type SQL, sql } from "drizzle-orm";

/**
 * A phone's digits without the country code ("(81) 99999-8888" and "+55 81 99999-8888" match), or
 * null. Phones are checked on the way in (digits, spaces and `()+.-`): `translate` drops those, at a
 * tenth of the cost of a regular expression.
 */
export function phoneKey(column: SQL): SQL {
  const digits = sql`translate(coalesce(${column}, ''), ' ()+.-', '')`;
  return sql`nullif(case when length(${digits}) in (12, 13) and left(${digits}, 2) = '55' then substr(${digits}, 3) else ${digits} end, '')`;
}

/** An e-mail as accounts store it (trimmed, lower-case), or null. */
export function emailKey(column: SQL): SQL {
  return sql`nullif(lower(btrim(${column})), '')`;
}
