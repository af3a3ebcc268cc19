-- The storefront shows a shelf only up to a cap (app/lib/catalog/variants.ts shownStockCap, the twin of
-- erick_shown_stock_cap below): the most a shopper's order takes of one size × colour (the settings'
-- maxUnitsPerLine, default 10), never below 4 so that "Últimas unidades" (1–3) stays true. A sale
-- that leaves 56 of 57 then changes nothing any page shows, and the storefront-change triggers below
-- say nothing of it: before, every order made its products' pages and every list without a shop
-- stale, and 50 shoppers' pages were rendered again and again while they checked out (issue 50,
-- docs/benchmarks.md). A change of the settings makes every page stale (settings' own trigger).
CREATE FUNCTION "erick_max_units_per_line"() RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT CASE WHEN jsonb_typeof("data"->'maxUnitsPerLine') = 'number' AND ("data"->>'maxUnitsPerLine')::numeric BETWEEN 1 AND 999
      THEN floor(("data"->>'maxUnitsPerLine')::numeric)::integer END
     FROM "settings" WHERE "id" = 1),
    10
  )
$$;--> statement-breakpoint
CREATE FUNCTION "erick_shown_stock_cap"() RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT greatest("erick_max_units_per_line"(), 4)
$$;--> statement-breakpoint
-- The products a statement touched, with their shops (at most 2,000 ids, more is a bulk change): what
-- the update triggers below pass on, as migration 0027's did for variant_stock.
CREATE FUNCTION "erick_notify_products"("touched" integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "erick_notify_product_scope"(
    "touched",
    CASE WHEN cardinality("touched") > 2000 THEN NULL ELSE ARRAY(SELECT DISTINCT "shop_id" FROM "products" WHERE "id" = ANY ("touched")) END
  );
END;
$$;--> statement-breakpoint
-- Units moved at stores (a sale, a transfer, a count): the products whose page shows another figure, the
-- units of a size × colour in a town ("Retire hoje") capped, which also covers the storefront's sum;
-- a new or removed row still names its products (erick_notify_variant_stock_changes, migration 0027).
CREATE FUNCTION "erick_notify_variant_stock_updates"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "cap" integer := "erick_shown_stock_cap"();
  "touched" integer[];
BEGIN
  IF (SELECT count(*) FROM (SELECT 1 FROM "new_rows" LIMIT 2001) AS "rows") > 2000 THEN
    -- A bulk change: every page, as before.
    PERFORM "erick_notify_product_scope"(array_fill(0, ARRAY[2001]), NULL);
    RETURN NULL;
  END IF;
  SELECT array_agg(v."product_id") INTO "touched"
  FROM (
    SELECT c."variant_id", l."city", sum(c."delta") AS "delta"
    FROM (
      SELECT n."variant_id", n."store_location_id", n."units" - o."units" AS "delta"
      FROM "new_rows" n JOIN "old_rows" o ON o."variant_id" = n."variant_id" AND o."store_location_id" = n."store_location_id"
      WHERE n."units" <> o."units"
    ) c
    JOIN "store_locations" l ON l."id" = c."store_location_id" AND l."serves_online"
    GROUP BY c."variant_id", l."city"
  ) t
  CROSS JOIN LATERAL (
    SELECT coalesce(sum(s."units"), 0)::integer AS "units"
    FROM "variant_stock" s JOIN "store_locations" l ON l."id" = s."store_location_id"
    WHERE s."variant_id" = t."variant_id" AND l."city" = t."city" AND l."serves_online"
  ) now
  JOIN "product_variants" v ON v."id" = t."variant_id"
  WHERE least(now."units", "cap") <> least(now."units" - t."delta", "cap");
  PERFORM "erick_notify_products"("touched");
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER "variant_stock_updated_storefront_changes" ON "variant_stock";--> statement-breakpoint
CREATE TRIGGER "variant_stock_updated_storefront_changes" AFTER UPDATE ON "variant_stock" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "erick_notify_variant_stock_updates"();--> statement-breakpoint
-- A variant's storefront sum (product_variants.stock, rewritten by erick_sync_variant_stock) counts only
-- as far as the cap; any other column of the variant, always.
CREATE FUNCTION "erick_notify_product_variants_updates"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "cap" integer := "erick_shown_stock_cap"();
  "touched" integer[];
BEGIN
  SELECT array_agg("product_id") INTO "touched" FROM (
    SELECT n."product_id" FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
    WHERE to_jsonb(n) - 'stock' <> to_jsonb(o) - 'stock' OR least(n."stock", "cap") <> least(o."stock", "cap")
    LIMIT 2001
  ) AS "rows";
  PERFORM "erick_notify_products"("touched");
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER "product_variants_updated_storefront_changes" ON "product_variants";--> statement-breakpoint
CREATE TRIGGER "product_variants_updated_storefront_changes" AFTER UPDATE ON "product_variants" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "erick_notify_product_variants_updates"();--> statement-breakpoint
-- A product's stock (the sum of its variants') shows only as in stock or not; its "changed" time
-- (stamped by every stock move, for the sitemap) not at all.
CREATE FUNCTION "erick_notify_products_updates"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "touched" integer[];
  "shop_ids" integer[];
BEGIN
  SELECT array_agg("id"), array_agg("shop_id") || array_agg("old_shop_id") INTO "touched", "shop_ids" FROM (
    SELECT n."id", n."shop_id", o."shop_id" AS "old_shop_id" FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
    WHERE to_jsonb(n) - 'stock' - 'updated_at' <> to_jsonb(o) - 'stock' - 'updated_at' OR (n."stock" > 0) <> (o."stock" > 0)
    LIMIT 2001
  ) AS "rows";
  PERFORM "erick_notify_product_scope"("touched", ARRAY(SELECT DISTINCT unnest("shop_ids")));
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER "products_updated_storefront_changes" ON "products";--> statement-breakpoint
CREATE TRIGGER "products_updated_storefront_changes" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "erick_notify_products_updates"();
