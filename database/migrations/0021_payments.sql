CREATE TABLE "order_payments" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'awaiting' NOT NULL,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone,
	"confirmed_by" text,
	"actor_id" text,
	"actor_name" text DEFAULT '' NOT NULL,
	"mismatch_cents" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_payments_status_known" CHECK ("order_payments"."status" in ('awaiting','paid','expired','refunded')),
	CONSTRAINT "order_payments_amounts" CHECK ("order_payments"."paid_cents" >= 0 and "order_payments"."refunded_cents" >= 0 and "order_payments"."refunded_cents" <= "order_payments"."paid_cents")
);
--> statement-breakpoint
CREATE TABLE "pix_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"txid" text NOT NULL,
	"provider" text NOT NULL,
	"provider_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"copy_paste" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_check_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_checked_at" timestamp with time zone,
	CONSTRAINT "pix_charges_txid_unique" UNIQUE("txid"),
	CONSTRAINT "pix_charges_status_known" CHECK ("pix_charges"."status" in ('active','paid','mismatch','expired')),
	CONSTRAINT "pix_charges_amount_positive" CHECK ("pix_charges"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "pix_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"charge_id" integer NOT NULL,
	"end_to_end_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pix_receipts_end_to_end_id_unique" UNIQUE("end_to_end_id")
);
--> statement-breakpoint
CREATE TABLE "pix_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"receipt_id" integer NOT NULL,
	"refund_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"actor_id" text,
	"actor_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pix_refunds_refund_id_unique" UNIQUE("refund_id"),
	CONSTRAINT "pix_refunds_amount_positive" CHECK ("pix_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "pix_webhook_registrations" (
	"pix_key" text PRIMARY KEY NOT NULL,
	"ok" boolean NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_charges" ADD CONSTRAINT "pix_charges_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_receipts" ADD CONSTRAINT "pix_receipts_charge_id_pix_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."pix_charges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_refunds" ADD CONSTRAINT "pix_refunds_receipt_id_pix_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."pix_receipts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_payments_status_idx" ON "order_payments" USING btree ("status");--> statement-breakpoint
CREATE INDEX "pix_charges_open_idx" ON "pix_charges" USING btree ("next_check_at") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "pix_charges_order_idx" ON "pix_charges" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "pix_receipts_charge_idx" ON "pix_receipts" USING btree ("charge_id");