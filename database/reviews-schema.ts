// What signed-in shoppers keep on their account besides the profile: favourite products and
// product reviews.
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth-schema";
import { products } from "./catalog-schema";

/** A shopper's favourite products; the browser keeps a copy in localStorage (app/lib/favorites.ts). */
export const favorites = pgTable(
  "favorites",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.productId], name: "favorites_pk" }),
    index("favorites_product_idx").on(table.productId),
  ],
);

/** The same limit as the form's (app/lib/review-form.ts), kept by the database too. */
const REVIEW_COMMENT_MAX = 1000;

/** One review per shopper per product; sending it again edits it. */
export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    /** Plain text, shown as text (never as HTML); empty when the shopper only gave stars. */
    comment: text("comment").notNull().default(""),
    /** Hidden by staff: kept, but neither listed to shoppers nor counted in the average. */
    hidden: boolean("hidden").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("reviews_rating_range", sql`${table.rating} between 1 and 5`),
    check("reviews_comment_length", sql`char_length(${table.comment}) <= ${sql.raw(String(REVIEW_COMMENT_MAX))}`),
    uniqueIndex("reviews_product_user_idx").on(table.productId, table.userId),
    // The product page's average and list read the visible reviews of one product.
    index("reviews_product_visible_idx").on(table.productId, table.updatedAt).where(sql`not ${table.hidden}`),
    index("reviews_user_idx").on(table.userId),
  ],
);
