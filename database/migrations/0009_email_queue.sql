-- Every e-mail is queued here before it is sent (database/email-schema.ts): an SMTP server that is down
-- or slow never fails or blocks the request that caused it, and the admin sees what is still pending.
CREATE TABLE "email_queue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "email_queue_pending_idx" ON "email_queue" USING btree ("next_attempt_at") WHERE sent_at is null;