-- The units a client (an address, a phone) holds at once in pending orders, kept as a running count
-- instead of summed over its orders at every checkout (docs/decisions/0027-bounded-holds.md, "The
-- count"): the sum ran while every other order of that client waited, and grew with its orders.
CREATE TABLE "client_held_units" (
	"key" text PRIMARY KEY NOT NULL,
	"units" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
-- What an order counts against its client while it is pending with its units held: set when the
-- checkout admits it; kept after, so leaving that state takes back exactly what was counted. Older
-- orders get their units, whatever their status, as the sum counted them whenever they were held.
ALTER TABLE "orders" ADD COLUMN "held_units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "orders" o SET "held_units" = s.units
FROM (SELECT order_id, sum(quantity)::int AS units FROM order_items GROUP BY order_id) s
WHERE s.order_id = o.id AND (o.client_address IS NOT NULL OR o.customer_phone_key IS NOT NULL);--> statement-breakpoint
INSERT INTO "client_held_units" ("key", "units")
SELECT k.key, sum(k.units)::int FROM (
  SELECT 'address|' || client_address AS key, held_units AS units FROM orders
  WHERE held_units > 0 AND status = 'pending' AND stock_applied AND client_address IS NOT NULL
  UNION ALL
  SELECT 'phone|' || customer_phone_key, held_units FROM orders
  WHERE held_units > 0 AND status = 'pending' AND stock_applied AND customer_phone_key IS NOT NULL
) k GROUP BY k.key;--> statement-breakpoint
-- Every way an order enters or leaves the held state (admitted at the checkout, confirmed, cancelled,
-- expired, its Pix expired and retaken, re-opened, deleted) moves its client's counts, whichever code
-- path made it. The address row before the phone row, always, as the checkout locks them.
CREATE FUNCTION erick_follow_client_held_units() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'pending' AND OLD.stock_applied AND OLD.held_units > 0 THEN
    UPDATE client_held_units SET units = greatest(units - OLD.held_units, 0)
    WHERE key IN ('address|' || OLD.client_address, 'phone|' || OLD.customer_phone_key);
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.status = 'pending' AND NEW.stock_applied AND NEW.held_units > 0 THEN
    INSERT INTO client_held_units AS c ("key", "units")
    SELECT k.key, NEW.held_units
    FROM unnest(array['address|' || NEW.client_address, 'phone|' || NEW.customer_phone_key]) WITH ORDINALITY AS k(key, n)
    WHERE k.key IS NOT NULL ORDER BY k.n
    ON CONFLICT ("key") DO UPDATE SET units = c.units + excluded.units;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER orders_follow_client_held_units_update AFTER UPDATE ON "orders" FOR EACH ROW
WHEN ((OLD.status = 'pending' AND OLD.stock_applied AND OLD.held_units > 0 OR NEW.status = 'pending' AND NEW.stock_applied AND NEW.held_units > 0)
  AND (OLD.status, OLD.stock_applied, OLD.held_units, OLD.client_address, OLD.customer_phone_key)
    IS DISTINCT FROM (NEW.status, NEW.stock_applied, NEW.held_units, NEW.client_address, NEW.customer_phone_key))
EXECUTE FUNCTION erick_follow_client_held_units();--> statement-breakpoint
CREATE TRIGGER orders_follow_client_held_units_delete AFTER DELETE ON "orders" FOR EACH ROW
WHEN (OLD.status = 'pending' AND OLD.stock_applied AND OLD.held_units > 0)
EXECUTE FUNCTION erick_follow_client_held_units();
--> statement-breakpoint
-- The sum it replaces was its only reader.
DROP INDEX "orders_held_by_address_idx";
