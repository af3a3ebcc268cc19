-- Stock per size and colour (docs/decisions/stock-per-variant.md). Each product gets a variant per size ×
-- colour it offers; products.stock becomes their sum, kept by the database.
CREATE TABLE "product_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"sku" text DEFAULT '' NOT NULL,
	CONSTRAINT "product_variants_stock_not_negative" CHECK ("product_variants"."stock" >= 0)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stock_needs_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_id" integer;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_product_option_idx" ON "product_variants" USING btree ("product_id","size","color");--> statement-breakpoint
CREATE INDEX "product_variants_size_idx" ON "product_variants" USING btree ("size","product_id") WHERE "product_variants"."stock" > 0;--> statement-breakpoint
CREATE INDEX "product_variants_low_idx" ON "product_variants" USING btree ("stock") WHERE "product_variants"."stock" <= 3;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_variant_idx" ON "order_items" USING btree ("variant_id");--> statement-breakpoint
-- Today's products as variants. A product with one size and one colour (or none) keeps its number on
-- its one variant. A product with several spreads its number over them as evenly as whole units
-- allow (the first variants take the remainder): the total is unchanged and, with at least a unit per
-- variant, every size that could be ordered yesterday still can, until a clerk counts the shelf.
-- Those products are flagged for review on the dashboard.
WITH "grid" AS (
  SELECT p."id" AS "product_id", s."size", c."color", p."stock" AS "total",
    row_number() OVER (PARTITION BY p."id" ORDER BY s."n", c."n") - 1 AS "position",
    count(*) OVER (PARTITION BY p."id") AS "cells"
  FROM "products" p
  CROSS JOIN LATERAL unnest(CASE WHEN cardinality(p."sizes") = 0 THEN ARRAY['']::text[] ELSE p."sizes" END) WITH ORDINALITY AS s("size", "n")
  CROSS JOIN LATERAL unnest(CASE WHEN cardinality(p."colors") = 0 THEN ARRAY['']::text[] ELSE p."colors" END) WITH ORDINALITY AS c("color", "n")
)
INSERT INTO "product_variants" ("product_id", "size", "color", "stock")
SELECT "product_id", "size", "color", ("total" / "cells" + CASE WHEN "position" < "total" % "cells" THEN 1 ELSE 0 END)::integer
FROM "grid"
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "products" SET "stock_needs_review" = true
WHERE "stock" > 0 AND greatest(cardinality("sizes"), 1) * greatest(cardinality("colors"), 1) > 1;--> statement-breakpoint
-- Order lines point at the variant they sold (their size and colour snapshot names it).
UPDATE "order_items" i SET "variant_id" = v."id"
FROM "product_variants" v
WHERE v."product_id" = i."product_id" AND v."size" = coalesce(i."size", '') AND v."color" = coalesce(i."color", '');--> statement-breakpoint
-- products.stock is the sum of its variants, rewritten after every statement that changes them
-- (once per product, however many rows the statement touched: a CSV import of thousands stays fast).
CREATE FUNCTION "erick_sync_product_stock"(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "products" p SET "stock" = t."total"
  FROM (
    SELECT x."id", coalesce((SELECT sum(v."stock") FROM "product_variants" v WHERE v."product_id" = x."id"), 0)::integer AS "total"
    FROM unnest(ids) AS x("id")
  ) t
  WHERE p."id" = t."id" AND p."stock" <> t."total";
$$;--> statement-breakpoint
CREATE FUNCTION "erick_product_stock"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "erick_sync_product_stock"(ARRAY(SELECT DISTINCT "product_id" FROM "new_variants"));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "erick_sync_product_stock"(ARRAY(SELECT "product_id" FROM "old_variants" UNION SELECT "product_id" FROM "new_variants"));
  ELSE
    PERFORM "erick_sync_product_stock"(ARRAY(SELECT DISTINCT "product_id" FROM "old_variants"));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "product_variants_stock_insert" AFTER INSERT ON "product_variants" REFERENCING NEW TABLE AS "new_variants" FOR EACH STATEMENT EXECUTE FUNCTION "erick_product_stock"();--> statement-breakpoint
CREATE TRIGGER "product_variants_stock_update" AFTER UPDATE ON "product_variants" REFERENCING OLD TABLE AS "old_variants" NEW TABLE AS "new_variants" FOR EACH STATEMENT EXECUTE FUNCTION "erick_product_stock"();--> statement-breakpoint
CREATE TRIGGER "product_variants_stock_delete" AFTER DELETE ON "product_variants" REFERENCING OLD TABLE AS "old_variants" FOR EACH STATEMENT EXECUTE FUNCTION "erick_product_stock"();--> statement-breakpoint
-- Moving units between sizes leaves the total as it was but changes what the product page shows.
CREATE TRIGGER "product_variants_storefront_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_variants" FOR EACH STATEMENT EXECUTE FUNCTION "erick_notify_storefront_changes"();
