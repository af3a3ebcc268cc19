ALTER TABLE "pix_charges" DROP CONSTRAINT "pix_charges_status_known";--> statement-breakpoint
ALTER TABLE "pix_charges" ADD COLUMN "creation_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pix_refunds" ADD COLUMN "next_check_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "pix_charges_creating_idx" ON "pix_charges" USING btree ("next_check_at") WHERE status = 'creating';--> statement-breakpoint
CREATE INDEX "pix_refunds_processing_idx" ON "pix_refunds" USING btree ("next_check_at") WHERE status = 'processing';--> statement-breakpoint
ALTER TABLE "pix_charges" ADD CONSTRAINT "pix_charges_status_known" CHECK ("pix_charges"."status" in ('creating','active','paid','mismatch','expired'));