// Which moment of the catalogue a feed is: the storefront's change counter (migration 0021), read in
// the feed's own snapshot. Every statement that changes what the storefront or the feeds show adds a
// row to storefront_changes in its transaction; a later snapshot sees every row an earlier one saw, so
// the count grows with each change committed and is the same for every process and instance that reads
// the same catalogue. A conditional request is then answered by one query, whichever worker takes it,
// without building the feed.
import { sql } from "drizzle-orm";
import type { DatabaseOrTransaction } from "../db/database.server";

/** Past this many rows the count is folded into storefront_changes_folded (one cheap statement). */
const FOLD_AFTER = 1_000;

/** The count of changes this snapshot sees (the transaction's, or the statement's). */
export async function storefrontChangeCount(db: DatabaseOrTransaction): Promise<{ count: number; unfolded: number }> {
  const { rows } = await db.execute<{ folded: string; unfolded: string }>(
    // No folded row until the first fold (a restore loads the backup's).
    sql`select coalesce((select "count" from "storefront_changes_folded" where "id" = 1), 0) as folded, (select count(*) from "storefront_changes") as unfolded`,
  );
  const unfolded = Number(rows[0]?.unfolded ?? 0);
  return { count: Number(rows[0]?.folded ?? 0) + unfolded, unfolded };
}

/**
 * Folds the rows every snapshot can see into the number: one statement, so a snapshot sees them either
 * as rows or in the number, never both or neither. Rows of a transaction still running are not seen,
 * so not deleted, and count when it commits.
 */
export async function foldStorefrontChanges(db: DatabaseOrTransaction) {
  await db.execute(sql`
    with "folded" as (delete from "storefront_changes" returning 1)
    insert into "storefront_changes_folded" ("id", "count") select 1, count(*) from "folded"
    on conflict ("id") do update set "count" = "storefront_changes_folded"."count" + excluded."count"`);
}

/** Folds when the rows grew past FOLD_AFTER; never in the way of the request that noticed. */
export function foldWhenLong(db: DatabaseOrTransaction, unfolded: number, onError: (error: unknown) => void) {
  if (unfolded > FOLD_AFTER) void foldStorefrontChanges(db).catch(onError);
}
