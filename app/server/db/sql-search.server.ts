// Text search in SQL: the product searches (storefront and admin) against products.search_text, and
// the admin lists (orders, customers), whose names are stored as typed.
import { type AnyColumn, like, type SQL, sql } from "drizzle-orm";
import { normalizeSearchText } from "~/lib/search-text";

/** `%`, `_` and `\` typed by a shopper or a clerk are searched for, not wildcards. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Words past this many are ignored: each one is another scan condition. */
const MAX_SEARCH_WORDS = 8;

/**
 * One condition per typed word (up to MAX_SEARCH_WORDS): the column, a lower-case accent-free copy
 * such as products.search_text, contains it. The words are lower-case already, so LIKE spares ILIKE's
 * case folding of every row a capped count or a page scans (the trigram index serves both).
 */
export function matchesEveryWord(searchText: AnyColumn, query: string): SQL[] {
  return normalizeSearchText(query)
    .split(" ")
    .filter(Boolean)
    .slice(0, MAX_SEARCH_WORDS)
    .map((word) => like(searchText, `%${escapeLike(word)}%`));
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
