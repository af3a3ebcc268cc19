-- Orders hold their stock from the moment they are placed (docs/decisions/stock-reserved-at-placing.md):
-- pending orders placed before this took none. Oldest first, each pending order takes its units now
-- when the shelf covers all its lines (all or nothing, never below zero) and says so (stock_applied);
-- one the shelf cannot cover stays pending without stock, and its next status change takes the units
-- or tells the clerk what is short, as confirming it did before.
DO $$
DECLARE
  pending_order record;
BEGIN
  FOR pending_order IN
    SELECT "id" FROM "orders" WHERE "status" = 'pending' AND NOT "stock_applied" ORDER BY "created_at", "id"
  LOOP
    IF NOT EXISTS (
      SELECT 1
      FROM (SELECT "variant_id", sum("quantity") AS "units" FROM "order_items" WHERE "order_id" = pending_order."id" AND "variant_id" IS NOT NULL GROUP BY "variant_id") u
      JOIN "product_variants" v ON v."id" = u."variant_id"
      WHERE v."stock" < u."units"
    ) THEN
      UPDATE "product_variants" v SET "stock" = v."stock" - u."units"
      FROM (SELECT "variant_id", sum("quantity")::integer AS "units" FROM "order_items" WHERE "order_id" = pending_order."id" AND "variant_id" IS NOT NULL GROUP BY "variant_id") u
      WHERE v."id" = u."variant_id";
      UPDATE "products" p SET "updated_at" = now()
      WHERE p."id" IN (SELECT v."product_id" FROM "order_items" i JOIN "product_variants" v ON v."id" = i."variant_id" WHERE i."order_id" = pending_order."id");
      UPDATE "orders" SET "stock_applied" = true WHERE "id" = pending_order."id";
    END IF;
  END LOOP;
END;
$$;
