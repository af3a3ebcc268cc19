ALTER TABLE "pix_refunds" ALTER COLUMN "receipt_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "pix_refunds" ADD COLUMN "order_id" uuid;--> statement-breakpoint
UPDATE "pix_refunds" SET "order_id" = c."order_id" FROM "pix_receipts" r JOIN "pix_charges" c ON c."id" = r."charge_id" WHERE r."id" = "pix_refunds"."receipt_id";--> statement-breakpoint
ALTER TABLE "pix_refunds" ALTER COLUMN "order_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "pix_refunds" ADD CONSTRAINT "pix_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pix_refunds_order_idx" ON "pix_refunds" USING btree ("order_id","created_at");
