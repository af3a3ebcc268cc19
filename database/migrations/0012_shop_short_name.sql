-- The shop's name in the storefront's menu ("Calçados" for "Erick Calçados"), which the code had kept as
-- labels of its own (app/lib/navigation.ts): a name the owner can change lives in the database. Shops
-- of the seed get the labels the menu showed; any other shop, its name.
ALTER TABLE "shops" ADD COLUMN "short_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "shops" SET "short_name" = CASE "slug"
  WHEN 'calcados' THEN 'Calçados'
  WHEN 'variedades' THEN 'Variedades'
  WHEN 'kids' THEN 'Magazine e Kids'
  WHEN 'sports' THEN 'Sports'
  ELSE "name"
END;--> statement-breakpoint
ALTER TABLE "shops" ALTER COLUMN "short_name" DROP DEFAULT;
