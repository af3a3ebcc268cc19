// An e-mail outbox for tests of what the app queues: it keeps each message instead of writing it to
// the email_queue table (tests of the queue itself use the real one, email-queue.test.ts).
import type { EmailOutbox, QueuedEmail } from "~/server/email/email-queue.server";

export function recordingOutbox(): { emails: EmailOutbox; sent: QueuedEmail[] } {
  const sent: QueuedEmail[] = [];
  return {
    sent,
    emails: {
      queue: async (message) => {
        sent.push(message);
      },
      deliverSoon: () => {},
    },
  };
}
