CREATE TABLE "public_origin" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"origin" text NOT NULL,
	"source" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "public_origin_single_row" CHECK ("public_origin"."id" = 1)
);
--> statement-breakpoint
-- The storefront's share tags and canonical links use this origin: a change drops the page caches (0006).
CREATE TRIGGER "public_origin_storefront_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "public_origin" FOR EACH STATEMENT EXECUTE FUNCTION "erick_notify_storefront_changes"();
