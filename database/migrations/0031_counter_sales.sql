CREATE TABLE "stock_count_lines" (
	"count_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"counted" integer NOT NULL,
	"stock_at_count" integer NOT NULL,
	"counted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_count_lines_count_id_variant_id_pk" PRIMARY KEY("count_id","variant_id"),
	CONSTRAINT "stock_count_lines_counted_not_negative" CHECK ("stock_count_lines"."counted" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_counts" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_location_id" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_by_id" text,
	"started_by_name" text DEFAULT '' NOT NULL,
	"applied_at" timestamp with time zone,
	"applied_by_id" text,
	"applied_by_name" text
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_channel_known";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "clerk_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "clerk_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cash_received_cents" integer;--> statement-breakpoint
ALTER TABLE "stock_count_lines" ADD CONSTRAINT "stock_count_lines_count_id_stock_counts_id_fk" FOREIGN KEY ("count_id") REFERENCES "public"."stock_counts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_lines" ADD CONSTRAINT "stock_count_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_counts" ADD CONSTRAINT "stock_counts_store_location_id_store_locations_id_fk" FOREIGN KEY ("store_location_id") REFERENCES "public"."store_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_counts_open_idx" ON "stock_counts" USING btree ("store_location_id") WHERE "stock_counts"."applied_at" is null;--> statement-breakpoint
CREATE INDEX "stock_counts_store_idx" ON "stock_counts" USING btree ("store_location_id","started_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_channel_known" CHECK ("orders"."channel" in ('checkout','cart','balcao'));