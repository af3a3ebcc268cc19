// Staff devices that receive new-order pushes, and the pushes waiting to go to them. Like the e-mail
// queue (email-schema.ts), a push is a row first, written in the same transaction as the order, and
// sent from here by app/server/notifications/push-queue.server.ts, so a restart loses none.
import { sql } from "drizzle-orm";
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth-schema";
import { orders } from "./orders-schema";

/** What the admin's service worker shows (app/server/notifications/admin-service-worker.js). */
export type PushNotice = { title: string; body: string; tag: string; url: string };

/** One browser of one staff account (several per person: the counter's phone, the office PC). */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The push service's address for this browser; a browser that subscribes again gets the same row. */
    endpoint: text("endpoint").notNull().unique(),
    /** The browser's P-256 public key and auth secret (base64url): the push is encrypted to them. */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** "Android · Chrome", from the user agent, so the clerk can tell the devices apart. */
    deviceLabel: text("device_label").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
  },
  (table) => [index("push_subscriptions_user_idx").on(table.userId)],
);

export const pushQueue = pgTable(
  "push_queue",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** A subscription that goes (removed, or the push service answered 404/410) takes its pushes with it. */
    subscriptionId: bigint("subscription_id", { mode: "number" })
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    /** "new-order", "pix-paid" or "test". */
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<PushNotice>().notNull(),
    /**
     * The order it is about (null: a test push): a Vendedor is sent only their store's orders, checked
     * again when it is sent (the order may have moved to another store, the clerk to another role).
     */
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "cascade" }),
    attempts: integer("attempts").notNull().default(0),
    /** When a sender may take it next: moved ahead while a sender holds it (its lease), backed off after a failure. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [index("push_queue_pending_idx").on(table.nextAttemptAt).where(sql`sent_at is null`)],
);
