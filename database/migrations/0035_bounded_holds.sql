ALTER TABLE "orders" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "order_history" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "stock_count_lines" ADD COLUMN "held_at_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_held_by_address_idx" ON "orders" USING btree ("client_address") WHERE "orders"."status" = 'pending' and "orders"."stock_applied";--> statement-breakpoint
CREATE INDEX "orders_held_since_idx" ON "orders" USING btree ("created_at") WHERE "orders"."status" = 'pending' and "orders"."stock_applied";--> statement-breakpoint
ALTER TABLE "stock_count_lines" ADD COLUMN "units_before" integer;--> statement-breakpoint
ALTER TABLE "stock_count_lines" ADD COLUMN "units_after" integer;
