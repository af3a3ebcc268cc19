// Goods in from the supplier's NF-e (docs/receiving.md): each note received once (its chave de acesso
// is unique, so two clerks at once give one entry), its items and the units that came in, what the shop
// learnt from each supplier (their code → a size × colour, units per box) and what each size × colour
// cost (last and average, for the margin).
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { productVariants, storeLocations } from "./catalog-schema";

/** A supplier's NF-e received into a store: one row per chave de acesso, ever. */
export const supplierNotes = pgTable(
  "supplier_notes",
  {
    id: serial("id").primaryKey(),
    /** The 44 digits, check digit validated. */
    chave: text("chave").notNull().unique("supplier_notes_chave_key"),
    number: integer("number").notNull(),
    series: integer("series").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    supplierCnpj: text("supplier_cnpj").notNull(),
    supplierName: text("supplier_name").notNull(),
    recipientCnpj: text("recipient_cnpj").notNull().default(""),
    storeLocationId: integer("store_location_id")
      .notNull()
      .references(() => storeLocations.id),
    /** The note's total of goods (vProd), centavos. */
    goodsCents: integer("goods_cents").notNull(),
    /** Some item came short ('faltou 1 caixa'), by the clerk's choice: the lines say how many. */
    partial: boolean("partial").notNull().default(false),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    receivedById: text("received_by_id"),
    receivedByName: text("received_by_name").notNull(),
  },
  (table) => [index("supplier_notes_supplier_idx").on(table.supplierCnpj, table.receivedAt)],
);

/** One item of a received note as the supplier wrote it, the size × colour it went to and the units that came in. */
export const supplierNoteLines = pgTable(
  "supplier_note_lines",
  {
    noteId: integer("note_id")
      .notNull()
      .references(() => supplierNotes.id, { onDelete: "cascade" }),
    /** The item's nItem. */
    item: integer("item").notNull(),
    supplierCode: text("supplier_code").notNull(),
    ean: text("ean").notNull().default(""),
    description: text("description").notNull(),
    ncm: text("ncm").notNull().default(""),
    cfop: text("cfop").notNull().default(""),
    unit: text("unit").notNull(),
    /** qCom as written (up to four decimals). */
    quantity: text("quantity").notNull(),
    /** vProd of the item, centavos. */
    totalCents: integer("total_cents").notNull(),
    variantId: integer("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    unitsPerBox: integer("units_per_box").notNull().default(1),
    /** Units the note says (quantity × units per box) and units that came in: the difference is what was missing. */
    unitsExpected: integer("units_expected").notNull(),
    unitsReceived: integer("units_received").notNull(),
    /** Cost of one unit (vProd / units expected), centavos. */
    unitCostCents: integer("unit_cost_cents").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.noteId, table.item] }),
    check("supplier_note_lines_units", sql`${table.unitsReceived} >= 0 and ${table.unitsReceived} <= ${table.unitsExpected}`),
  ],
);

/** What the shop learnt from a supplier: their code for an item is this size × colour, in boxes of N. */
export const supplierItemMatches = pgTable(
  "supplier_item_matches",
  {
    supplierCnpj: text("supplier_cnpj").notNull(),
    supplierCode: text("supplier_code").notNull(),
    variantId: integer("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    unitsPerBox: integer("units_per_box").notNull().default(1),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.supplierCnpj, table.supplierCode] }), check("supplier_item_matches_box", sql`${table.unitsPerBox} >= 1`)],
);

/** What a size × colour cost: the last note's unit cost and the average over every unit received. */
export const variantCosts = pgTable("variant_costs", {
  variantId: integer("variant_id")
    .primaryKey()
    .references(() => productVariants.id, { onDelete: "cascade" }),
  lastCostCents: integer("last_cost_cents").notNull(),
  averageCostCents: integer("average_cost_cents").notNull(),
  /** Units the average is over. */
  unitsCosted: integer("units_costed").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
