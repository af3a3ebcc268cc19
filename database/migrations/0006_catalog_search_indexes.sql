DROP INDEX "products_featured_idx";--> statement-breakpoint
CREATE INDEX "products_featured_idx" ON "products" USING btree ("id") WHERE "products"."featured";--> statement-breakpoint
-- Storefront pages are cached whole by each app process (server/page-cache.ts); any change
-- to what they show, by any writer, tells every process to drop its pages. NOTIFY is sent on commit,
-- and PostgreSQL folds a transaction's identical notifications into one.
CREATE FUNCTION "erick_notify_storefront_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('erick_storefront_changes', '');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "products_storefront_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "erick_notify_storefront_changes"();--> statement-breakpoint
CREATE TRIGGER "shops_storefront_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "shops" FOR EACH STATEMENT EXECUTE FUNCTION "erick_notify_storefront_changes"();--> statement-breakpoint
CREATE TRIGGER "store_locations_storefront_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "store_locations" FOR EACH STATEMENT EXECUTE FUNCTION "erick_notify_storefront_changes"();--> statement-breakpoint
CREATE TRIGGER "media_storefront_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "media" FOR EACH STATEMENT EXECUTE FUNCTION "erick_notify_storefront_changes"();--> statement-breakpoint
CREATE TRIGGER "settings_storefront_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "settings" FOR EACH STATEMENT EXECUTE FUNCTION "erick_notify_storefront_changes"();--> statement-breakpoint
CREATE TRIGGER "reviews_storefront_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "reviews" FOR EACH STATEMENT EXECUTE FUNCTION "erick_notify_storefront_changes"();
--> statement-breakpoint
-- Reviews show their author's name.
CREATE TRIGGER "users_storefront_changes" AFTER UPDATE OF "name" ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "erick_notify_storefront_changes"();
