CREATE TABLE "delivery_zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"city" text NOT NULL,
	"state" text DEFAULT 'PE' NOT NULL,
	"neighborhood" text NOT NULL,
	"fee_cents" integer NOT NULL,
	"free_above_cents" integer,
	"delivery_time" text DEFAULT '' NOT NULL,
	"cutoff" text DEFAULT '' NOT NULL,
	CONSTRAINT "delivery_zones_fee_not_negative" CHECK ("delivery_zones"."fee_cents" >= 0 and coalesce("delivery_zones"."free_above_cents", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "shipping_fallback_rates" (
	"state" text PRIMARY KEY NOT NULL,
	"fee_cents" integer NOT NULL,
	"delivery_time" text DEFAULT '' NOT NULL,
	CONSTRAINT "shipping_fallback_rates_fee_not_negative" CHECK ("shipping_fallback_rates"."fee_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_service" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_time" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_code" text;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_zones_place_idx" ON "delivery_zones" USING btree (lower("city"),lower("neighborhood"));