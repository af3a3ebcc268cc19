// Discount codes the owner runs himself (/admin/cupons). A coupon's uses are not counted here: they are
// the orders that carry it and are not cancelled, counted inside each order's transaction while the
// coupon's row is locked (app/server/coupons), so a limit holds under concurrent checkouts and a
// cancelled order gives its use back by being cancelled.
import { sql } from "drizzle-orm";
import { boolean, check, date, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

export const coupons = pgTable(
  "coupons",
  {
    id: serial("id").primaryKey(),
    /** Letters and digits, stored upper-case: shoppers type it in any case. */
    code: text("code").notNull().unique(),
    description: text("description").notNull().default(""),
    /** percent | fixed | free_delivery */
    kind: text("kind").notNull(),
    /** 1–100, for kind percent. */
    percentOff: integer("percent_off"),
    /** For kind fixed: off the order (its eligible lines), never below zero. */
    amountOffCents: integer("amount_off_cents"),
    /**
     * A percentage or a fixed amount that also waives the delivery fee ("10% + entrega grátis");
     * false for kind free_delivery, which waives it by its kind.
     */
    freeDelivery: boolean("free_delivery").notNull().default(false),
    minSubtotalCents: integer("min_subtotal_cents").notNull().default(0),
    /** Empty: every shop. A line must match every list that is not empty. */
    shopIds: integer("shop_ids").array().notNull().default(sql`'{}'::integer[]`),
    categories: text("categories").array().notNull().default(sql`'{}'::text[]`),
    productIds: integer("product_ids").array().notNull().default(sql`'{}'::integer[]`),
    /** Calendar days in America/Recife, both included ("até 31/12" is until 23:59:59 that day). */
    validFrom: date("valid_from", { mode: "string" }),
    validUntil: date("valid_until", { mode: "string" }),
    /** Null: no limit. */
    maxUses: integer("max_uses"),
    /** Per shopper, by phone number and by account. Null: no limit. */
    maxUsesPerShopper: integer("max_uses_per_shopper"),
    firstPurchaseOnly: boolean("first_purchase_only").notNull().default(false),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("coupons_kind_known", sql`${table.kind} in ('percent','fixed','free_delivery')`),
    check("coupons_code_shape", sql`${table.code} ~ '^[A-Z0-9]{1,30}$'`),
    check(
      "coupons_amount_fits_kind",
      sql`(${table.kind} <> 'percent' or ${table.percentOff} between 1 and 100) and (${table.kind} <> 'fixed' or ${table.amountOffCents} > 0)`,
    ),
    check("coupons_limits_positive", sql`coalesce(${table.maxUses}, 1) > 0 and coalesce(${table.maxUsesPerShopper}, 1) > 0 and ${table.minSubtotalCents} >= 0`),
  ],
);
