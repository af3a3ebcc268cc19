// A store's stock count ("balanço"), typed on a phone shelf by shelf and applied at the end. Each line
// keeps what the system said the shelf held when it was counted, so units that moved between the
// count and its application (a sale at the counter, an online order) are not overwritten.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { productVariants, storeLocations } from "./catalog-schema";

/** One count of one store; open until applied (one open count per store). */
export const stockCounts = pgTable(
  "stock_counts",
  {
    id: serial("id").primaryKey(),
    storeLocationId: integer("store_location_id")
      .notNull()
      .references(() => storeLocations.id, { onDelete: "cascade" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    startedById: text("started_by_id"),
    startedByName: text("started_by_name").notNull().default(""),
    appliedAt: timestamp("applied_at", { withTimezone: true }),
    appliedById: text("applied_by_id"),
    appliedByName: text("applied_by_name"),
  },
  (table) => [
    uniqueIndex("stock_counts_open_idx").on(table.storeLocationId).where(sql`${table.appliedAt} is null`),
    index("stock_counts_store_idx").on(table.storeLocationId, table.startedAt),
  ],
);

/** "Counted N at time T" for one size × colour; typing it again replaces it. */
export const stockCountLines = pgTable(
  "stock_count_lines",
  {
    countId: integer("count_id")
      .notNull()
      .references(() => stockCounts.id, { onDelete: "cascade" }),
    variantId: integer("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    counted: integer("counted").notNull(),
    /** The stock the system had for this shelf at `counted_at`: what moved after it is added to `counted` when applied. */
    stockAtCount: integer("stock_at_count").notNull(),
    /**
     * Units of this shelf held then by open orders (pending, processing): still on the shelf, so counted,
     * but already off the system's number. The shelf becomes counted − held (+ what moved since).
     */
    heldAtCount: integer("held_at_count").notNull().default(0),
    /** The shelf's units in the system just before and after the count was applied (null until then). */
    unitsBefore: integer("units_before"),
    unitsAfter: integer("units_after"),
    countedAt: timestamp("counted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.countId, table.variantId] }),
    check("stock_count_lines_counted_not_negative", sql`${table.counted} >= 0`),
  ],
);
