import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type { AppConfig } from "../config.server";
import { log } from "../log/logger.server";
import { withDeadline } from "../outbound/deadline.server";

export type EmailMessage = {
  to: string;
  subject: string;
  /** Plain-text body; always sent, so every mail client can show the message. */
  text: string;
  html?: string;
};

/** What an outbox file holds (DATA_DIR/outbox/*.json). */
export type OutboxEmail = EmailMessage & { createdAt: string; from: string | null };

export type SentEmail = { via: "smtp"; messageId: string } | { via: "outbox"; file: string };

export type EmailConfig = Pick<AppConfig, "smtp" | "outboxDir">;

const transports = new Map<string, Transporter>();

/**
 * SMTP's limits per message: a server that does not answer makes the send fail (and the queue retry it)
 * well within the queue's lease (email-queue.server.ts), instead of nodemailer's minutes. Its
 * socketTimeout is idle time only (a server trickling a byte at a time never reaches it), so the whole
 * send also has SEND_DEADLINE_MS (../outbound/deadline.server.ts).
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
const SEND_DEADLINE_MS = 60_000;

/**
 * Sends a message through SMTP_URL; without SMTP, writes it to DATA_DIR/outbox/ as JSON and logs
 * where, so password reset (and new-order mails) work on a laptop with no mail server. The app does
 * not call it directly: messages are queued (email-queue.server.ts) and the queue calls this.
 */
export async function sendEmail(config: EmailConfig, message: EmailMessage): Promise<SentEmail> {
  // A line break in a header field would let a crafted value add headers of its own.
  for (const field of ["to", "subject"] as const) {
    if (/[\r\n]/.test(message[field])) throw new Error(`sendEmail: line break in "${field}"`);
  }
  if (config.smtp) {
    let transport = transports.get(config.smtp.url);
    if (!transport) {
      transport = nodemailer.createTransport({ url: config.smtp.url, ...SMTP_TIMEOUTS });
      transports.set(config.smtp.url, transport);
    }
    const smtp = transport;
    // nodemailer takes no signal: past the deadline the queue stops waiting (and retries later); the
    // connection ends at its own socket timeout.
    const info = await withDeadline("SMTP", SEND_DEADLINE_MS, () => smtp.sendMail({ from: config.smtp!.from, ...message }));
    return { via: "smtp", messageId: String(info.messageId ?? "") };
  }
  return { via: "outbox", file: await writeToOutbox(config.outboxDir, message) };
}

async function writeToOutbox(outboxDir: string, message: EmailMessage): Promise<string> {
  // The messages hold password-reset links: only the app's user may read them.
  await fs.mkdir(outboxDir, { recursive: true, mode: 0o700 });
  const createdAt = new Date();
  const name = `${createdAt.toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.json`;
  const file = path.join(outboxDir, name);
  const body: OutboxEmail = { createdAt: createdAt.toISOString(), from: null, ...message };
  // Written beside the folder and renamed in (one filesystem, so atomic): whoever reads the outbox
  // never finds half a message.
  const partial = path.join(path.dirname(outboxDir), `.outbox-${name}.partial`);
  await fs.writeFile(partial, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600, flag: "wx" });
  await fs.rename(partial, file);
  // Through the server's log, as one of its lines (JSON, or readable on a terminal), not a plain-text line among them.
  log.info({ email: { subject: message.subject, to: message.to, file } }, `e-mail "${message.subject}" written to ${file}`);
  return file;
}
