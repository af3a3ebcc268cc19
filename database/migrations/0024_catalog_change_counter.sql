CREATE TABLE "storefront_changes" (
	"id" bigserial NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storefront_changes_folded" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "storefront_changes_folded_single_row" CHECK ("storefront_changes_folded"."id" = 1)
);
--> statement-breakpoint
-- The change counter (database/catalog-schema.ts): the statements that notify a storefront change also
-- add a row, in their transaction, so a snapshot that sees a change sees its row. Inserts only: no
-- writer waits for another.
CREATE OR REPLACE FUNCTION "erick_notify_storefront_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "storefront_changes" DEFAULT VALUES;
  PERFORM pg_notify('erick_storefront_changes', '');
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "erick_notify_product_scope"("touched" integer[], "shop_ids" integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  "ids" integer[];
BEGIN
  IF "touched" IS NULL THEN
    RETURN;
  END IF;
  INSERT INTO "storefront_changes" DEFAULT VALUES;
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
$$;
