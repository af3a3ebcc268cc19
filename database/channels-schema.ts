// The sales channels (Meta and Google catalogue feeds, app/server/channels): what the admin decided
// about them on /admin/canais. A product or a shop can be left out of the feeds; the Google product
// category of each category × subcategory of the shop can be corrected.
import { sql } from "drizzle-orm";
import { integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { products, shops } from "./catalog-schema";

export const channelExcludedProducts = pgTable("channel_excluded_products", {
  productId: integer("product_id")
    .primaryKey()
    .references(() => products.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const channelExcludedShops = pgTable("channel_excluded_shops", {
  shopId: integer("shop_id")
    .primaryKey()
    .references(() => shops.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The admin's correction of the Google product category suggested for a category and subcategory
 * (subcategory '' covers the whole category). Without a row, app/lib/channels.ts suggests one.
 */
export const channelCategoryMappings = pgTable(
  "channel_category_mappings",
  {
    category: text("category").notNull(),
    subcategory: text("subcategory").notNull().default(sql`''`),
    googleCategory: text("google_category").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.category, table.subcategory] })],
);
