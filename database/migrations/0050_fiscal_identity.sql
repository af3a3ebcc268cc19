-- The fiscal identity (issue 52, docs/fiscal.md) shared with receiving (issue 53, docs/receiving.md):
-- each store as an establishment, each product's tax fields, each variant's EAN, and the NCM a
-- category gives a product that has none.
ALTER TABLE "store_locations" ADD COLUMN "cnpj" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_locations" ADD COLUMN "state_registration" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_locations" ADD COLUMN "tax_regime" text DEFAULT 'simples' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_locations" ADD COLUMN "nfce_series" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_locations" ADD COLUMN "nfe_series" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_locations" ADD COLUMN "csc_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_locations" ADD COLUMN "csc_token" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "ncm" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "cfop_in_state" text DEFAULT '5102' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "cfop_out_of_state" text DEFAULT '6102' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tax_origin" text DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tax_situation" text DEFAULT '102' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "cest" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "ean" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "product_variants_ean_idx" ON "product_variants" USING btree ("ean") WHERE "product_variants"."ean" <> '';--> statement-breakpoint
CREATE TABLE "category_fiscal_defaults" (
	"category" text PRIMARY KEY NOT NULL,
	"ncm" text NOT NULL
);
