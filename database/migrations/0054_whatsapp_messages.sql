ALTER TABLE "orders" ADD COLUMN "whatsapp_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "whatsapp_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"topic" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"template" text DEFAULT '' NOT NULL,
	"parameters" jsonb,
	"wamid" text,
	"error_code" integer,
	"error_title" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state_at" timestamp with time zone,
	CONSTRAINT "whatsapp_messages_state_check" CHECK ("whatsapp_messages"."state" in ('queued', 'accepted', 'sent', 'delivered', 'read', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "whatsapp_webhook_inbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"body" text NOT NULL,
	"body_hash" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "whatsapp_opt_outs" (
	"phone_key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_messages_order_topic_idx" ON "whatsapp_messages" USING btree ("order_id","topic");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_messages_wamid_idx" ON "whatsapp_messages" USING btree ("wamid");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_due_idx" ON "whatsapp_messages" USING btree ("next_attempt_at") WHERE state = 'queued';--> statement-breakpoint
CREATE INDEX "whatsapp_messages_failed_idx" ON "whatsapp_messages" USING btree ("created_at") WHERE state = 'failed';--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_webhook_inbox_hash_idx" ON "whatsapp_webhook_inbox" USING btree ("body_hash");--> statement-breakpoint
CREATE INDEX "whatsapp_webhook_inbox_due_idx" ON "whatsapp_webhook_inbox" USING btree ("next_attempt_at") WHERE processed_at is null;
