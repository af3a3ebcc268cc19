-- An order's idempotency key is bound to what was sent with it (request_hash), and the shop's
-- new-order e-mails are limited per minute with the rest collected into one digest (shop_emailed_at).
-- Orders placed before this have no hash (their keys keep answering as before) and count as e-mailed,
-- so the first digest does not announce the whole history.
ALTER TABLE "orders" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shop_emailed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "orders" SET "shop_emailed_at" = "created_at";
