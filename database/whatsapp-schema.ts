// The shopper's WhatsApp messages sent by the shop itself through the WhatsApp Business Platform
// (app/server/orders/whatsapp-*.server.ts, docs/whatsapp.md):
//
//   an order placed / its status changed ──in that transaction──▶ whatsapp_messages (one row per order and topic)
//        ──the sender, leased──▶ Graph API ──▶ wamid kept ──Meta's webhook──▶ whatsapp_webhook_inbox ──▶ the row's state
//
// The unique (order_id, topic) decides "once per order and status" across restarts and instances.
import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { orders } from "./orders-schema";

export const whatsappMessages = pgTable(
  "whatsapp_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** What the message tells (app/lib/orders/whatsapp-templates.ts): pending, pixPaid, shipped, pickupReady, delivered, cancelled. */
    topic: text("topic").notNull(),
    /** queued → accepted (the API took it, wamid kept) → sent → delivered → read; or failed; skipped (switch off, no consent, stopped, too old). */
    state: text("state").notNull().default("queued"),
    /** The recipient in E.164 digits (5581999998888), as sent. */
    phone: text("phone").notNull().default(""),
    template: text("template").notNull().default(""),
    /** The body parameters sent, in the template's order. */
    parameters: jsonb("parameters").$type<string[]>(),
    /** Meta's message id (wamid.…): what the webhook's statuses name. */
    wamid: text("wamid"),
    /** Meta's error code when failed (131026 undeliverable, 132001 template missing, 131047 outside the 24-hour window…). */
    errorCode: integer("error_code"),
    errorTitle: text("error_title"),
    attempts: integer("attempts").notNull().default(0),
    /** Due now, or leased by a sender until then, or waiting for the next retry. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When Meta last changed the state (its own timestamp when it gave one). */
    stateAt: timestamp("state_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("whatsapp_messages_order_topic_idx").on(table.orderId, table.topic),
    uniqueIndex("whatsapp_messages_wamid_idx").on(table.wamid),
    index("whatsapp_messages_due_idx").on(table.nextAttemptAt).where(sql`state = 'queued'`),
    index("whatsapp_messages_failed_idx").on(table.createdAt).where(sql`state = 'failed'`),
    check("whatsapp_messages_state_check", sql`${table.state} in ('queued', 'accepted', 'sent', 'delivered', 'read', 'failed', 'skipped')`),
  ],
);

/**
 * Meta's webhook calls, kept as they came (signature checked) and read by a queue: the call is answered
 * at once, and a replayed call (the same bytes) is kept once.
 */
export const whatsappWebhookInbox = pgTable(
  "whatsapp_webhook_inbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    body: text("body").notNull(),
    /** sha256 of the body: the same call twice is one row. */
    bodyHash: text("body_hash").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    processedAt: timestamp("processed_at", { withTimezone: true }),
  },
  (table) => [uniqueIndex("whatsapp_webhook_inbox_hash_idx").on(table.bodyHash), index("whatsapp_webhook_inbox_due_idx").on(table.nextAttemptAt).where(sql`processed_at is null`)],
);

/** Phones that answered "PARAR" (or asked to stop): no automatic message goes to them until a new checkout's consent. */
export const whatsappOptOuts = pgTable("whatsapp_opt_outs", {
  /** The phone's digits without the country code, as orders.customer_phone_key. */
  phoneKey: text("phone_key").primaryKey(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
