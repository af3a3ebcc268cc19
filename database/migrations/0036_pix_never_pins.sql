ALTER TABLE "pix_charges" DROP CONSTRAINT "pix_charges_status_known";--> statement-breakpoint
ALTER TABLE "pix_charges" ADD CONSTRAINT "pix_charges_status_known" CHECK ("pix_charges"."status" in ('creating','active','paid','mismatch','expired','removed'));--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "attention" text;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "attention_detail" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_attention_known" CHECK ("order_payments"."attention" in ('stock-short','paid-after-cancel','paid-twice'));
