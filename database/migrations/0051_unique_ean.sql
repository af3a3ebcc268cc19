-- An EAN names one size × colour of one product (docs/fiscal.md): the counter's reader and a supplier's
-- note find the variant by it, so two variants never share one, even when two saves race.
DROP INDEX "product_variants_ean_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_ean_idx" ON "product_variants" USING btree ("ean") WHERE "product_variants"."ean" <> '';
