// Notices to the shop's staff about an order, written in the order's transaction (so an order never
// exists without them, and a process that dies after the commit loses none) and sent by one leased sender per channel
// (e-mail: app/server/orders/order-notifications.server.ts). The push channel fans out per
// device in push_queue (push-schema.ts); the e-mail channel is a row here, one per new order.
import { bigserial, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { orders } from "./orders-schema";

export const staffNoticeOutbox = pgTable(
  "staff_notice_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** How the notice leaves: "email" (the new-order e-mail, or the digest past the minute's limit). */
    channel: text("channel").notNull(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Due now, or leased by a sender until then, or waiting for the e-mail limit's next minute. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
  },
  (table) => [index("staff_notice_outbox_due_idx").on(table.channel, table.nextAttemptAt), index("staff_notice_outbox_order_idx").on(table.orderId)],
);
export const STAFF_NOTICE_CHANNELS = ["email"] as const;
export type StaffNoticeChannel = (typeof STAFF_NOTICE_CHANNELS)[number];
