// E-mails waiting to go out, and the ones that went: every message the shop sends (password resets,
// new-order e-mails and digests) is written here first, in the same transaction as what caused it
// when there is one, and sent from here by app/server/email/email-queue.server.ts. A dead SMTP server
// therefore never fails a request: the message waits and is retried, and the admin shows it pending.
import { sql } from "drizzle-orm";
import { bigserial, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const emailQueue = pgTable(
  "email_queue",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** What it is, for the admin's list: "password-reset", "new-order", "new-order-digest". */
    kind: text("kind").notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    attempts: integer("attempts").notNull().default(0),
    /** When a sender may take it next; a sender taking it moves this ahead (its lease), a failure backs off. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** The last failure's message (SMTP's answer), for the admin; cleared once sent. */
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [index("email_queue_pending_idx").on(table.nextAttemptAt).where(sql`sent_at is null`)],
);
