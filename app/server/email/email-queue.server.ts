// Every e-mail the shop sends goes through the email_queue table (database/email-schema.ts):
//
//   request ──queue()──▶ email_queue ──deliverDueEmails()──▶ SMTP (or DATA_DIR/outbox without SMTP_URL)
//                          ▲    │ failed: retried later, with backoff
//                          └────┘
//
// Queueing is one INSERT, so an SMTP server that is down or slow never fails or delays a request. Each
// app process runs a delivery loop: right after it queues something, and every 30 s for retries and
// for what other processes (or a crash) left behind. A sender takes a message with a lease, in a
// statement that skips messages other senders hold, so several processes never send one message twice
// (unless a send outlives its lease, which the transport's timeouts prevent).
import { and, count, desc, isNotNull, isNull, min, sql } from "drizzle-orm";
import { emailQueue } from "#database/email-schema";
import type { Database, DatabaseOrTransaction } from "../db/database.server";
import { startDeliveryLoop, type DeliveryLoop } from "../db/delivery-loop.server";
import { log } from "../log/logger.server";
import { sendEmail, type EmailConfig, type EmailMessage } from "./send-email.server";

export type EmailKind = "password-reset" | "email-confirmation" | "new-order" | "new-order-digest";
export type QueuedEmail = EmailMessage & { kind: EmailKind };

/** How a queued message leaves: SMTP_URL or the outbox folder (send-email.server.ts); a test may pass its own. */
export type EmailTransport = (message: EmailMessage) => Promise<unknown>;

/** A sender holds a message this long; past it, another sender may take it (the first one died mid-send). */
const LEASE = sql`interval '5 minutes'`;
/** After this many failed sends (about a day with the backoff below) a message waits for the admin. */
export const MAX_SEND_ATTEMPTS = 30;
const RETRY_INTERVAL_MS = 30_000;

/** Waits after the nth failed send: 30 s, 1 min, 2 min, … then hourly. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

/** Writes the message to the queue; `db` may be a transaction, so it is queued only if that commits. */
export async function queueEmail(db: DatabaseOrTransaction, message: QueuedEmail): Promise<number> {
  // A line break in a header field would let a crafted value add headers of its own: refused here,
  // where the caller still can answer, rather than by the transport later.
  for (const field of ["to", "subject"] as const) {
    if (/[\r\n]/.test(message[field])) throw new Error(`queueEmail: line break in "${field}"`);
  }
  const [row] = await db
    .insert(emailQueue)
    .values({ kind: message.kind, recipient: message.to, subject: message.subject, textBody: message.text, htmlBody: message.html ?? null })
    .returning({ id: emailQueue.id });
  return row!.id;
}

/**
 * Sends every message that is due, a few at a time, until none is left; returns how many went and how
 * many failed (those are rescheduled). Throws only when the database itself fails.
 */
export async function deliverDueEmails(db: Database, transport: EmailTransport, { batch = 10 } = {}) {
  let sent = 0;
  let failed = 0;
  for (;;) {
    const { rows: taken } = await db.execute<{ id: number; recipient: string; subject: string; text_body: string; html_body: string | null; attempts: number }>(sql`
      update email_queue set attempts = attempts + 1, next_attempt_at = now() + ${LEASE}
      where id in (
        select id from email_queue
        where sent_at is null and next_attempt_at <= now() and attempts < ${MAX_SEND_ATTEMPTS}
        order by id limit ${batch}
        for update skip locked)
      returning id, recipient, subject, text_body, html_body, attempts`);
    if (taken.length === 0) return { sent, failed };
    for (const message of taken.sort((a, b) => Number(a.id) - Number(b.id))) {
      try {
        await transport({ to: message.recipient, subject: message.subject, text: message.text_body, html: message.html_body ?? undefined });
        await db.execute(sql`update email_queue set sent_at = now(), last_error = null where id = ${message.id}`);
        sent++;
      } catch (error) {
        failed++;
        const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
        const delay = retryDelaySeconds(message.attempts);
        log.warn({ emailId: Number(message.id), attempts: message.attempts, err: reason }, `e-mail "${message.subject}" not sent; retrying in ${delay} s`);
        await db.execute(sql`
          update email_queue set last_error = ${reason}, next_attempt_at = now() + make_interval(secs => ${delay})
          where id = ${message.id}`);
      }
    }
  }
}

export type EmailDelivery = DeliveryLoop;

/** This process's delivery loop on `db`: now, on every deliverSoon(), and every 30 s. */
export function startEmailDelivery(db: Database, transport: EmailTransport, { intervalMs = RETRY_INTERVAL_MS } = {}): EmailDelivery {
  return startDeliveryLoop(() => deliverDueEmails(db, transport), { intervalMs, name: "e-mail" });
}

/** What request handlers are given (the load context's `emails`). */
export type EmailOutbox = {
  /**
   * Queues the message and has it sent soon. Inside a transaction, pass it as `within` (the message is
   * queued only if it commits) and call deliverSoon() after the commit.
   */
  queue(message: QueuedEmail, within?: DatabaseOrTransaction): Promise<void>;
  deliverSoon(): void;
};

const deliveries = new WeakMap<Database, EmailDelivery>();

/**
 * The outbox of `db`, with this process's one delivery loop on it (started on first use, or by
 * connectServices at start so that what an earlier run left is sent).
 */
export function emailOutbox(db: Database, config: EmailConfig): EmailOutbox {
  const delivery = () => {
    let running = deliveries.get(db);
    if (!running) {
      running = startEmailDelivery(db, (message) => sendEmail(config, message));
      deliveries.set(db, running);
    }
    return running;
  };
  return {
    queue: async (message, within) => {
      await queueEmail(within ?? db, message);
      if (!within) delivery().deliverSoon();
    },
    deliverSoon: () => delivery().deliverSoon(),
  };
}

/** Stops `db`'s delivery loop, if one runs, once the round in progress is done (a stop of the app). */
export async function stopEmailDelivery(db: Database): Promise<void> {
  const running = deliveries.get(db);
  deliveries.delete(db);
  await running?.stop();
}

export type PendingEmails = {
  /** Not sent yet: waiting for a retry, or given up after MAX_SEND_ATTEMPTS. */
  pending: number;
  /** Pending messages whose last attempt failed (one being sent for the first time is not failing). */
  failing: number;
  oldestPendingAt: Date | null;
  /** The newest failure, to show the clerk what the SMTP server said. */
  lastError: string | null;
};

/** The admin's view of the queue: what is waiting, and why. */
export async function pendingEmails(db: Database): Promise<PendingEmails> {
  const [totals] = await db
    .select({ pending: count(), oldest: min(emailQueue.createdAt), failing: sql<number>`count(*) filter (where ${emailQueue.lastError} is not null)`.mapWith(Number) })
    .from(emailQueue)
    .where(isNull(emailQueue.sentAt));
  const [failure] = await db
    .select({ lastError: emailQueue.lastError })
    .from(emailQueue)
    .where(and(isNull(emailQueue.sentAt), isNotNull(emailQueue.lastError)))
    .orderBy(desc(emailQueue.id))
    .limit(1);
  return {
    pending: totals?.pending ?? 0,
    failing: totals?.failing ?? 0,
    oldestPendingAt: totals?.oldest ?? null,
    lastError: failure?.lastError ?? null,
  };
}
