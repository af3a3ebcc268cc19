CREATE TABLE "staff_notice_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"order_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_notice_outbox" ADD CONSTRAINT "staff_notice_outbox_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_notice_outbox_due_idx" ON "staff_notice_outbox" USING btree ("channel","next_attempt_at");--> statement-breakpoint
CREATE INDEX "staff_notice_outbox_order_idx" ON "staff_notice_outbox" USING btree ("order_id");