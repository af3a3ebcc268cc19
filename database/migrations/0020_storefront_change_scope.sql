-- A change to products, their variants (stock) or their reviews names the products it touched and
-- their shops, so that each app process marks only those products' pages and their shops' lists stale
-- (server/page-cache.ts) instead of every page: a shop changes prices and stock most in its busiest hour.
-- Payload: `products=1,2;shops=calcados,sports`. A statement touching more than 200 products or 2,000
-- rows (an import, a bulk edit) names none (empty payload): every page goes stale, as for any other table.
CREATE FUNCTION "erick_notify_product_scope"("touched" integer[], "shop_ids" integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  "ids" integer[];
BEGIN
  IF "touched" IS NULL THEN
    RETURN;
  END IF;
  -- The callers pass at most 2,001 rows' ids: more rows than 2,000 is a bulk change.
  IF cardinality("touched") > 2000 THEN
    PERFORM pg_notify('erick_storefront_changes', '');
    RETURN;
  END IF;
  "ids" := ARRAY(SELECT DISTINCT "id" FROM unnest("touched") AS "id" ORDER BY "id");
  IF cardinality("ids") > 200 THEN
    PERFORM pg_notify('erick_storefront_changes', '');
    RETURN;
  END IF;
  PERFORM pg_notify(
    'erick_storefront_changes',
    'products=' || array_to_string("ids", ',') || ';shops=' ||
      coalesce((SELECT string_agg("slug", ',' ORDER BY "slug") FROM "shops" WHERE "id" = ANY ("shop_ids")), '')
  );
END;
$$;--> statement-breakpoint
-- Statement triggers with transition tables: one notification per statement. Only the first 2,001 rows
-- are read, so a bulk statement (the stock of a whole import) costs nothing more than before.
CREATE FUNCTION "erick_notify_products_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "touched" integer[];
  "shop_ids" integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg("id"), array_agg("shop_id") INTO "touched", "shop_ids" FROM (SELECT "id", "shop_id" FROM "new_rows" LIMIT 2001) AS "rows";
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg("id"), array_agg("shop_id") INTO "touched", "shop_ids" FROM (SELECT "id", "shop_id" FROM "new_rows" LIMIT 2001) AS "rows";
    -- A product moved to another shop leaves one shop's lists and joins another's.
    "shop_ids" := "shop_ids" || ARRAY(SELECT "shop_id" FROM "old_rows" LIMIT 2001);
  ELSE
    SELECT array_agg("id"), array_agg("shop_id") INTO "touched", "shop_ids" FROM (SELECT "id", "shop_id" FROM "old_rows" LIMIT 2001) AS "rows";
  END IF;
  PERFORM "erick_notify_product_scope"("touched", ARRAY(SELECT DISTINCT unnest("shop_ids")));
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- For the tables whose rows belong to a product (`product_id`): variants and reviews.
CREATE FUNCTION "erick_notify_product_rows_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "touched" integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg("product_id") INTO "touched" FROM (SELECT "product_id" FROM "new_rows" LIMIT 2001) AS "rows";
  ELSIF TG_OP = 'UPDATE' THEN
    -- A row's product does not change (it would be another product's row): the new rows name them all.
    SELECT array_agg("product_id") INTO "touched" FROM (SELECT "product_id" FROM "new_rows" LIMIT 2001) AS "rows";
  ELSE
    SELECT array_agg("product_id") INTO "touched" FROM (SELECT "product_id" FROM "old_rows" LIMIT 2001) AS "rows";
  END IF;
  PERFORM "erick_notify_product_scope"(
    "touched",
    CASE WHEN cardinality("touched") > 2000 THEN NULL ELSE ARRAY(SELECT DISTINCT "shop_id" FROM "products" WHERE "id" = ANY ("touched")) END
  );
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER "products_storefront_changes" ON "products";--> statement-breakpoint
DROP TRIGGER "product_variants_storefront_changes" ON "product_variants";--> statement-breakpoint
DROP TRIGGER "reviews_storefront_changes" ON "reviews";--> statement-breakpoint
-- A trigger with transition tables has one event; TRUNCATE (no rows to name) still empties everything.
CREATE TRIGGER "products_inserted_storefront_changes" AFTER INSERT ON "products" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "erick_notify_products_changes"();--> statement-breakpoint
CREATE TRIGGER "products_updated_storefront_changes" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "erick_notify_products_changes"();--> statement-breakpoint
CREATE TRIGGER "products_deleted_storefront_changes" AFTER DELETE ON "products" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "erick_notify_products_changes"();--> statement-breakpoint
CREATE TRIGGER "products_truncated_storefront_changes" AFTER TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "erick_notify_storefront_changes"();--> statement-breakpoint
CREATE TRIGGER "product_variants_inserted_storefront_changes" AFTER INSERT ON "product_variants" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "erick_notify_product_rows_changes"();--> statement-breakpoint
CREATE TRIGGER "product_variants_updated_storefront_changes" AFTER UPDATE ON "product_variants" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "erick_notify_product_rows_changes"();--> statement-breakpoint
CREATE TRIGGER "product_variants_deleted_storefront_changes" AFTER DELETE ON "product_variants" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "erick_notify_product_rows_changes"();--> statement-breakpoint
CREATE TRIGGER "product_variants_truncated_storefront_changes" AFTER TRUNCATE ON "product_variants" FOR EACH STATEMENT EXECUTE FUNCTION "erick_notify_storefront_changes"();--> statement-breakpoint
CREATE TRIGGER "reviews_inserted_storefront_changes" AFTER INSERT ON "reviews" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "erick_notify_product_rows_changes"();--> statement-breakpoint
CREATE TRIGGER "reviews_updated_storefront_changes" AFTER UPDATE ON "reviews" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "erick_notify_product_rows_changes"();--> statement-breakpoint
CREATE TRIGGER "reviews_deleted_storefront_changes" AFTER DELETE ON "reviews" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "erick_notify_product_rows_changes"();--> statement-breakpoint
CREATE TRIGGER "reviews_truncated_storefront_changes" AFTER TRUNCATE ON "reviews" FOR EACH STATEMENT EXECUTE FUNCTION "erick_notify_storefront_changes"();
