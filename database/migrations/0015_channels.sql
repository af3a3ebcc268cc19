-- The admin's channel choices (database/channels-schema.ts); a change to them changes the feeds, so
-- it is announced like any catalogue change (the feeds' caches follow the storefront's notifications).
CREATE TABLE "channel_category_mappings" (
	"category" text NOT NULL,
	"subcategory" text DEFAULT '' NOT NULL,
	"google_category" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_category_mappings_category_subcategory_pk" PRIMARY KEY("category","subcategory")
);
--> statement-breakpoint
CREATE TABLE "channel_excluded_products" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_excluded_shops" (
	"shop_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_excluded_products" ADD CONSTRAINT "channel_excluded_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_excluded_shops" ADD CONSTRAINT "channel_excluded_shops_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TRIGGER "channel_excluded_products_storefront_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "channel_excluded_products" FOR EACH STATEMENT EXECUTE FUNCTION "erick_notify_storefront_changes"();--> statement-breakpoint
CREATE TRIGGER "channel_excluded_shops_storefront_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "channel_excluded_shops" FOR EACH STATEMENT EXECUTE FUNCTION "erick_notify_storefront_changes"();--> statement-breakpoint
CREATE TRIGGER "channel_category_mappings_storefront_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "channel_category_mappings" FOR EACH STATEMENT EXECUTE FUNCTION "erick_notify_storefront_changes"();
