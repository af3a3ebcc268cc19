// What a product search box finds, and in which order: the storefront list and the admin's products.
//
// A product matches when every typed word is in it, one of two ways, each served by its own GIN index:
//   - as a Portuguese word form, prefix included, in products.search_vector ("infantis" → infantil,
//     "calçado" → Calçados, "esporte" → Esportivo): the text search document the database writes
//     (migration 0010) from the name, categories, brand, shop name and description;
//   - as a piece of text in products.search_text ("tên" while typing, "sapatenis" for "tenis"), the
//     trigram index.
// Matches are ranked: the name counts most, then categories, brand and shop, then the description.
// A search that finds nothing is tried again with each unknown word replaced by the catalogue's most
// similar word (search_words, trigram similarity), for "Você quis dizer …?".
import { type SQL, sql } from "drizzle-orm";
import { products, productVariants } from "#database/catalog-schema";
import { normalizeSearchText } from "~/lib/format/search-text";
import type { DatabaseOrTransaction } from "../db/database.server";
import { escapeLike } from "../db/sql-search.server";

/** Words past this many are ignored: each one is another index condition. */
const MAX_SEARCH_WORDS = 8;

/**
 * The typed words, lower-case and accent-free, as typed otherwise ("%tenis" stays "%tenis"). Control
 * characters part words, whichever box sent them: PostgreSQL refuses a NUL in a query's text.
 */
export function searchWords(query: string): string[] {
  return normalizeSearchText(query.replace(/\p{Cc}/gu, " ")).split(" ").filter(Boolean).slice(0, MAX_SEARCH_WORDS);
}

/** The words' letters and digits, for the text search ("t_nis" → "tnis"); words of punctuation only are dropped. */
function lexemes(query: string | string[]): string[] {
  return (typeof query === "string" ? searchWords(query) : query)
    .map((word) => word.replace(/[^\p{L}\p{N}]+/gu, ""))
    .filter(Boolean);
}

/** A word that names a size: a number up to two digits ("41", "8") or a letter size (PP to EGG), as typed lower-case. */
const SIZE_WORD = /^(?:\d{1,2}|pp|p|m|g|gg|xg|xgg|eg|egg)$/;

/** Every word as a prefix, all required: "calcado infantis" → `calcado:* & infantis:*` (stemmed by PostgreSQL). */
function prefixQuery(words: string[]): SQL {
  return sql`to_tsquery('portuguese', ${words.map((word) => `${word}:*`).join(" & ")})`;
}

/**
 * The condition for products matching the whole query, or null for an empty one. `%`, `_` and `\`
 * are never wildcards: in the text they are searched for as typed, in the word forms left out.
 */
export function productSearchCondition(query: string): SQL | null {
  const words = searchWords(query);
  if (words.length === 0) return null;
  // "tênis 41": a size word also matches a product with that size on the shelf (in any colour), so
  // it is a condition of its own; the other words match the text together, through the indexes.
  const sizes = words.filter((word) => SIZE_WORD.test(word));
  const others = words.filter((word) => !SIZE_WORD.test(word));
  const conditions = sizes.map(
    (size) =>
      sql`(${wordsCondition([size])} or ${products.id} in (select v.product_id from ${productVariants} v where v.size = ${size.toUpperCase()} and v.stock > 0))`,
  );
  if (others.length > 0) conditions.unshift(wordsCondition(others));
  return sql`(${sql.join(conditions, sql` and `)})`;
}

/** Every word matches, as a word form (colours included: migration 0049) or as a piece of the text. */
function wordsCondition(words: string[]): SQL {
  const asText = sql.join(
    words.map((word) => sql`${products.searchText} like ${`%${escapeLike(word)}%`}`),
    sql` and `,
  );
  const forms = lexemes(words);
  return forms.length > 0 ? sql`(${products.searchVector} @@ ${prefixQuery(forms)} or (${asText}))` : sql`(${asText})`;
}

/** Best first: how well the words match (name, then categories and brand, then description). */
export function productSearchRank(query: string): SQL | null {
  const forms = lexemes(query);
  if (forms.length === 0) return null;
  return sql`ts_rank(${products.searchVector}, ${prefixQuery(forms)})`;
}

export type SearchSuggestion = {
  /** What to search instead, accent-free ("tenis"). */
  query: string;
  /** The same as the shop writes it ("tênis"), to show. */
  display: string;
};

/**
 * For a search that found nothing: the query with each word the catalogue does not know replaced by
 * its most similar known word, or null when no word has a close enough one.
 */
export async function suggestSearch(db: DatabaseOrTransaction, query: string): Promise<SearchSuggestion | null> {
  const words = lexemes(query);
  if (words.length === 0) return null;
  let changed = false;
  const replaced: { word: string; display: string }[] = [];
  for (const word of words) {
    // `%`: similar by pg_trgm's threshold (0.3 unless configured), through the trigram index.
    const { rows } = await db.execute<{ word: string; display: string; exact: boolean }>(sql`
      select word, display, word = ${word} as exact from search_words
      where word % ${word}
      order by word = ${word} desc, similarity(word, ${word}) desc, word
      limit 1`);
    const best = rows[0];
    if (best && !best.exact) {
      changed = true;
      replaced.push({ word: best.word, display: best.display });
    } else {
      replaced.push({ word, display: word });
    }
  }
  if (!changed) return null;
  return { query: replaced.map((entry) => entry.word).join(" "), display: replaced.map((entry) => entry.display).join(" ") };
}
