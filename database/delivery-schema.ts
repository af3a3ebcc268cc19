import { sql } from "drizzle-orm";
import { check, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * Local delivery priced by neighbourhood (/admin/entregas): Barreiros and Sirinhaém have one CEP for the
 * whole town, so the fee follows the bairro the shopper picks from this list, never the CEP. A town is
 * the set of its bairros' rows; a bairro missing from the list is agreed on WhatsApp.
 */
export const deliveryZones = pgTable(
  "delivery_zones",
  {
    id: serial("id").primaryKey(),
    city: text("city").notNull(),
    state: text("state").notNull().default("PE"),
    neighborhood: text("neighborhood").notNull(),
    feeCents: integer("fee_cents").notNull(),
    /** Orders of at least this subtotal go free; null: never free. */
    freeAboveCents: integer("free_above_cents"),
    /** In words, as the shopper reads it: "no mesmo dia", "em até 2 dias úteis". */
    deliveryTime: text("delivery_time").notNull().default(""),
    /** The cut-off, in words: "pedidos até 16h saem hoje". */
    cutoff: text("cutoff").notNull().default(""),
  },
  (table) => [
    check("delivery_zones_fee_not_negative", sql`${table.feeCents} >= 0 and coalesce(${table.freeAboveCents}, 0) >= 0`),
    uniqueIndex("delivery_zones_place_idx").on(sql`lower(${table.city})`, sql`lower(${table.neighborhood})`),
  ],
);

/**
 * What a carrier delivery costs by the shopper's state when Melhor Envio is slow, down or not set up
 * (/admin/entregas): the checkout always has a way to send the order.
 */
export const shippingFallbackRates = pgTable(
  "shipping_fallback_rates",
  {
    state: text("state").primaryKey(),
    feeCents: integer("fee_cents").notNull(),
    deliveryTime: text("delivery_time").notNull().default(""),
  },
  (table) => [check("shipping_fallback_rates_fee_not_negative", sql`${table.feeCents} >= 0`)],
);
