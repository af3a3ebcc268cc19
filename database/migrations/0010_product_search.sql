-- Product search in the shop's own words: the category, subcategory, brand, gender and shop name are
-- searched with the name and description ("calçado" finds Erick Calçados' shoes), Portuguese word forms
-- match (esporte/esportivo/esportiva, calçado/calçados: the `portuguese` text search configuration),
-- accents never matter (unaccent), and a misspelt word is compared with the catalogue's vocabulary
-- (search_words, trigram similarity) for "Você quis dizer …?". app/server/catalog/product-search.server.ts
-- reads what this writes.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"display" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
CREATE INDEX "search_words_trgm" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_search_vector" ON "products" USING gin ("search_vector");--> statement-breakpoint
-- Lower-case and accent-free, as normalizeSearchText (app/lib/search-text.ts) makes what is typed.
CREATE FUNCTION "erick_search_plain"(text) RETURNS text LANGUAGE sql STABLE AS $$ SELECT lower(unaccent($1)) $$;--> statement-breakpoint
-- A product's search text, search document and vocabulary, from its own columns and its shop's name,
-- whoever writes the row (the admin, the import, the seed, a restore, plain SQL).
CREATE FUNCTION "erick_product_search"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  shop_name text := coalesce((SELECT name FROM shops WHERE id = NEW.shop_id), '');
  labels text := concat_ws(' ', NEW.category, NEW.subcategory, NEW.brand, NEW.gender, shop_name);
BEGIN
  NEW.search_text := erick_search_plain(concat_ws(' ', NEW.name, labels, NEW.description));
  NEW.search_vector :=
    setweight(to_tsvector('portuguese', erick_search_plain(NEW.name)), 'A') ||
    setweight(to_tsvector('portuguese', erick_search_plain(labels)), 'B') ||
    setweight(to_tsvector('portuguese', erick_search_plain(NEW.description)), 'C');
  INSERT INTO search_words (word, display)
    SELECT DISTINCT ON (erick_search_plain(piece)) erick_search_plain(piece), lower(piece)
    FROM regexp_split_to_table(concat_ws(' ', NEW.name, labels), '[[:space:][:punct:]]+') AS piece
    WHERE char_length(piece) >= 3
  ON CONFLICT (word) DO NOTHING;
  RETURN NEW;
END;
$$;--> statement-breakpoint
-- Not on stock or price changes: only when what is searched changes (search_text: to recompute it).
CREATE TRIGGER "products_search" BEFORE INSERT OR UPDATE OF "name", "description", "category", "subcategory", "brand", "gender", "shop_id", "search_text" ON "products" FOR EACH ROW EXECUTE FUNCTION "erick_product_search"();--> statement-breakpoint
-- A renamed shop: its products are found by the new name.
CREATE FUNCTION "erick_shop_renamed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET search_text = search_text WHERE shop_id = NEW.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "shops_renamed_search" AFTER UPDATE OF "name" ON "shops" FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION "erick_shop_renamed"();--> statement-breakpoint
UPDATE products SET search_text = search_text;
