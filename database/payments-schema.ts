// Money an order received, beside its delivery status (orders.status). With a Pix provider the shop
// makes a charge per order and learns it was paid by reading the charge back from the provider; the
// unique end-to-end id records each transfer once however often it is announced. Without one, a
// clerk marks the order paid. See app/server/payments/ and docs/payments.md.
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { orders } from "./orders-schema";

/**
 * An order's payment state: 'awaiting' (Aguardando), 'paid' (Pago), 'expired' (Expirado: the Pix
 * charge ran out unpaid and the order's units went back to the shelf), 'refunded' (Devolvido: all of it
 * given back). A part given back leaves it 'paid' with refunded_cents saying how much. An order without
 * a row is awaiting.
 */
export const orderPayments = pgTable(
  "order_payments",
  {
    orderId: uuid("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("awaiting"),
    paidCents: integer("paid_cents").notNull().default(0),
    refundedCents: integer("refunded_cents").notNull().default(0),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** 'pix' (the provider said so) or 'clerk' ("Marcar como pago"). */
    confirmedBy: text("confirmed_by"),
    actorId: text("actor_id"),
    actorName: text("actor_name").notNull().default(""),
    /** A transfer arrived for another amount than the order's: shown to the clerk, not paid. */
    mismatchCents: integer("mismatch_cents"),
    /**
     * Money the clerk must sort out: 'stock-short' (paid after the Pix expired and its units were sold
     * meanwhile; attention_detail names them), 'paid-after-cancel' (a cancelled order's Pix paid: give
     * it back), 'paid-twice' (two charges of one order paid). Null: nothing to do.
     */
    attention: text("attention"),
    attentionDetail: text("attention_detail").notNull().default(""),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("order_payments_status_known", sql`${table.status} in ('awaiting','paid','expired','refunded')`),
    check("order_payments_attention_known", sql`${table.attention} in ('stock-short','paid-after-cancel','paid-twice')`),
    check("order_payments_amounts", sql`${table.paidCents} >= 0 and ${table.refundedCents} >= 0 and ${table.refundedCents} <= ${table.paidCents}`),
    index("order_payments_status_idx").on(table.status),
  ],
);

/** A dynamic Pix charge at the provider, for one order (a new one when an expired order is renewed). */
export const pixCharges = pgTable(
  "pix_charges",
  {
    id: serial("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** Ours, derived from the order (26–35 letters and digits, as the Banco Central's API asks). */
    txid: text("txid").notNull().unique(),
    provider: text("provider").notNull(),
    /** The provider's id for it (Mercado Pago's payment id; the txid for the Banco Central's API). */
    providerId: text("provider_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    copyPaste: text("copy_paste").notNull(),
    /**
     * 'creating' (committed with the order, not yet made at the provider: provider_id and copy_paste
     * are empty until it is), 'active', 'paid', 'mismatch' (money arrived, not the amount), 'expired',
     * 'removed' (withdrawn at the provider: the order was cancelled or paid otherwise).
     */
    status: text("status").notNull().default("active"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the poller reads it next; a sender holds it by moving this ahead (its lease). */
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }).notNull().defaultNow(),
    lastCheckedAt: timestamp("last_checked_at", { withTimezone: true }),
    /** The last try at making a 'creating' charge failed then: the order page shows the static code meanwhile. */
    creationFailedAt: timestamp("creation_failed_at", { withTimezone: true }),
  },
  (table) => [
    check("pix_charges_status_known", sql`${table.status} in ('creating','active','paid','mismatch','expired','removed')`),
    check("pix_charges_amount_positive", sql`${table.amountCents} > 0`),
    index("pix_charges_open_idx").on(table.nextCheckAt).where(sql`status = 'active'`),
    index("pix_charges_creating_idx").on(table.nextCheckAt).where(sql`status = 'creating'`),
    index("pix_charges_order_idx").on(table.orderId, table.createdAt),
  ],
);

/** A transfer the provider reports for a charge: recorded once per end-to-end id. */
export const pixReceipts = pgTable(
  "pix_receipts",
  {
    id: serial("id").primaryKey(),
    chargeId: integer("charge_id")
      .notNull()
      .references(() => pixCharges.id, { onDelete: "cascade" }),
    endToEndId: text("end_to_end_id").notNull().unique(),
    amountCents: integer("amount_cents").notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }).notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("pix_receipts_charge_idx").on(table.chargeId)],
);

/**
 * Money given back to the shopper, from the order window, with who and why: through the provider from a
 * received transfer (receipt_id), or by hand for an order a clerk marked paid (cash, card; no receipt).
 */
export const pixRefunds = pgTable(
  "pix_refunds",
  {
    id: serial("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The transfer given back through the provider; null: given back by the shop itself. */
    receiptId: integer("receipt_id").references(() => pixReceipts.id, { onDelete: "cascade" }),
    /** Ours, sent to the provider: a retried refund is the same refund. */
    refundId: text("refund_id").notNull().unique(),
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason").notNull(),
    /** 'processing', 'done', 'failed'. */
    status: text("status").notNull(),
    actorId: text("actor_id"),
    actorName: text("actor_name").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the poller next reads a 'processing' refund back from the provider; a reader holds it by moving this ahead. */
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("pix_refunds_amount_positive", sql`${table.amountCents} > 0`),
    index("pix_refunds_order_idx").on(table.orderId, table.createdAt),
    index("pix_refunds_processing_idx").on(table.nextCheckAt).where(sql`status = 'processing'`),
  ],
);

/** The last time the shop told the provider where to call for a key, and what it answered (shown in settings). */
export const pixWebhookRegistrations = pgTable("pix_webhook_registrations", {
  pixKey: text("pix_key").primaryKey(),
  ok: boolean("ok").notNull(),
  message: text("message").notNull().default(""),
  registeredAt: timestamp("registered_at", { withTimezone: true }).notNull().defaultNow(),
});
