-- The product page and the cart say what delivery costs, from the delivery zones (bairro fees and
-- free-delivery amounts, /admin/entregas): a change to them marks every kept storefront page stale,
-- as a change to the settings does (server/page-cache.ts), and drops the shell's kept group data.
CREATE TRIGGER "delivery_zones_storefront_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "delivery_zones" FOR EACH STATEMENT EXECUTE FUNCTION "erick_notify_storefront_changes"();
