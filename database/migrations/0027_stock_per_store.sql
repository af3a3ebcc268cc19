CREATE TABLE "variant_stock" (
	"variant_id" integer NOT NULL,
	"store_location_id" integer NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "variant_stock_variant_id_store_location_id_pk" PRIMARY KEY("variant_id","store_location_id"),
	CONSTRAINT "variant_stock_units_not_negative" CHECK ("variant_stock"."units" >= 0)
);
--> statement-breakpoint
ALTER TABLE "store_locations" ADD COLUMN "serves_online" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "store_location_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfilling_store_id" integer;--> statement-breakpoint
ALTER TABLE "variant_stock" ADD CONSTRAINT "variant_stock_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant_stock" ADD CONSTRAINT "variant_stock_store_location_id_store_locations_id_fk" FOREIGN KEY ("store_location_id") REFERENCES "public"."store_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "variant_stock_low_idx" ON "variant_stock" USING btree ("store_location_id","units") WHERE "variant_stock"."units" <= 3;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_store_location_id_store_locations_id_fk" FOREIGN KEY ("store_location_id") REFERENCES "public"."store_locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_fulfilling_store_id_store_locations_id_fk" FOREIGN KEY ("fulfilling_store_id") REFERENCES "public"."store_locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A product's own store: the one it names, else the first store of its shop, else the group's first.
CREATE FUNCTION "erick_product_home_store"("product" integer) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    p."store_location_id",
    (SELECT l."id" FROM "store_locations" l WHERE l."shop_id" = p."shop_id" ORDER BY l."position", l."id" LIMIT 1),
    (SELECT l."id" FROM "store_locations" l ORDER BY l."position", l."id" LIMIT 1)
  )
  FROM "products" p WHERE p."id" = "product";
$$;--> statement-breakpoint
-- product_variants.stock is the storefront's: the units at the stores that serve online, rewritten after
-- every statement that changes variant_stock (once per variant), and by its own trigger products.stock.
CREATE FUNCTION "erick_sync_variant_stock"("ids" integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "product_variants" v SET "stock" = t."total"
  FROM (
    SELECT x."id", coalesce((
      SELECT sum(s."units") FROM "variant_stock" s JOIN "store_locations" l ON l."id" = s."store_location_id"
      WHERE s."variant_id" = x."id" AND l."serves_online"
    ), 0)::integer AS "total"
    FROM unnest("ids") AS x("id")
  ) t
  WHERE v."id" = t."id" AND v."stock" <> t."total";
$$;--> statement-breakpoint
CREATE FUNCTION "erick_variant_stock"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "erick_sync_variant_stock"(ARRAY(SELECT DISTINCT "variant_id" FROM "new_units"));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM "erick_sync_variant_stock"(ARRAY(SELECT "variant_id" FROM "old_units" UNION SELECT "variant_id" FROM "new_units"));
  ELSE
    PERFORM "erick_sync_variant_stock"(ARRAY(SELECT DISTINCT "variant_id" FROM "old_units"));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "variant_stock_insert" AFTER INSERT ON "variant_stock" REFERENCING NEW TABLE AS "new_units" FOR EACH STATEMENT EXECUTE FUNCTION "erick_variant_stock"();--> statement-breakpoint
CREATE TRIGGER "variant_stock_update" AFTER UPDATE ON "variant_stock" REFERENCING OLD TABLE AS "old_units" NEW TABLE AS "new_units" FOR EACH STATEMENT EXECUTE FUNCTION "erick_variant_stock"();--> statement-breakpoint
CREATE TRIGGER "variant_stock_delete" AFTER DELETE ON "variant_stock" REFERENCING OLD TABLE AS "old_units" FOR EACH STATEMENT EXECUTE FUNCTION "erick_variant_stock"();--> statement-breakpoint
-- Where a size can be picked up today is part of the product's page: a move between two stores that
-- serve online leaves the storefront's sum as it was, but still changes the product's pages.
CREATE FUNCTION "erick_notify_variant_stock_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "touched" integer[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(v."product_id") INTO "touched" FROM (SELECT "variant_id" FROM "old_rows" LIMIT 2001) r JOIN "product_variants" v ON v."id" = r."variant_id";
  ELSE
    SELECT array_agg(v."product_id") INTO "touched" FROM (SELECT "variant_id" FROM "new_rows" LIMIT 2001) r JOIN "product_variants" v ON v."id" = r."variant_id";
  END IF;
  PERFORM "erick_notify_product_scope"(
    "touched",
    CASE WHEN cardinality("touched") > 2000 THEN NULL ELSE ARRAY(SELECT DISTINCT "shop_id" FROM "products" WHERE "id" = ANY ("touched")) END
  );
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "variant_stock_inserted_storefront_changes" AFTER INSERT ON "variant_stock" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "erick_notify_variant_stock_changes"();--> statement-breakpoint
CREATE TRIGGER "variant_stock_updated_storefront_changes" AFTER UPDATE ON "variant_stock" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "erick_notify_variant_stock_changes"();--> statement-breakpoint
CREATE TRIGGER "variant_stock_deleted_storefront_changes" AFTER DELETE ON "variant_stock" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "erick_notify_variant_stock_changes"();--> statement-breakpoint
CREATE TRIGGER "variant_stock_truncated_storefront_changes" AFTER TRUNCATE ON "variant_stock" FOR EACH STATEMENT EXECUTE FUNCTION "erick_notify_storefront_changes"();--> statement-breakpoint
-- A store that starts or stops serving online changes what the storefront sells of everything it holds.
CREATE FUNCTION "erick_store_serves_online"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "erick_sync_variant_stock"(ARRAY(SELECT "variant_id" FROM "variant_stock" WHERE "store_location_id" = NEW."id"));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "store_locations_serves_online" AFTER UPDATE OF "serves_online" ON "store_locations" FOR EACH ROW WHEN (OLD."serves_online" IS DISTINCT FROM NEW."serves_online") EXECUTE FUNCTION "erick_store_serves_online"();--> statement-breakpoint
-- Today's numbers move to each product's own store (a sold-out variant too: its store carries it, and the
-- dashboard lists it as low there). They are what is left after every held order, so the held orders
-- keep their units: each line is held at (and goes back to) its product's own store.
INSERT INTO "variant_stock" ("variant_id", "store_location_id", "units")
SELECT v."id", "erick_product_home_store"(v."product_id"), v."stock" FROM "product_variants" v;--> statement-breakpoint
UPDATE "order_items" i SET "store_location_id" = "erick_product_home_store"(i."product_id") WHERE i."product_id" IS NOT NULL;--> statement-breakpoint
UPDATE "orders" o SET "fulfilling_store_id" = coalesce(
  (SELECT i."store_location_id" FROM "order_items" i WHERE i."order_id" = o."id" AND i."store_location_id" IS NOT NULL ORDER BY i."position" LIMIT 1),
  o."pickup_location_id"
);--> statement-breakpoint
-- From here on the storefront's number is derived: a statement that writes it directly (not through
-- variant_stock) is a mistake that would be silently undone by the next move, so it is refused. A
-- restore (app/server/ops/restore.server.ts) writes the rows as the backup holds them: it says so with
-- the transaction-local setting erick.restoring.
CREATE FUNCTION "erick_variant_stock_is_derived"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() = 1 AND coalesce(current_setting('erick.restoring', true), '') <> 'on' AND ((TG_OP = 'INSERT' AND NEW."stock" <> 0) OR (TG_OP = 'UPDATE' AND NEW."stock" IS DISTINCT FROM OLD."stock")) THEN
    RAISE EXCEPTION 'product_variants.stock is the sum of variant_stock at the stores that serve online: move units in variant_stock';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "product_variants_stock_is_derived" BEFORE INSERT OR UPDATE OF "stock" ON "product_variants" FOR EACH ROW EXECUTE FUNCTION "erick_variant_stock_is_derived"();
