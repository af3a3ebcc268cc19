-- Colour words in a search ("bolsa preta"): a product's colours join its search document at the lowest
-- weight, so "preta" finds the colour Preto by its Portuguese word form (preta, preto, pretos: 'pret')
-- through the same GIN index, and the vocabulary behind "Você quis dizer" knows them.
-- app/server/catalog/product-search.server.ts reads what this writes (docs/search.md).
CREATE OR REPLACE FUNCTION "erick_product_search"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  shop_name text := coalesce((SELECT name FROM shops WHERE id = NEW.shop_id), '');
  labels text := concat_ws(' ', NEW.category, NEW.subcategory, NEW.brand, NEW.gender, shop_name);
  colours text := array_to_string(NEW.colors, ' ');
BEGIN
  NEW.search_text := erick_search_plain(concat_ws(' ', NEW.name, labels, NEW.description));
  NEW.search_vector :=
    setweight(to_tsvector('portuguese', erick_search_plain(NEW.name)), 'A') ||
    setweight(to_tsvector('portuguese', erick_search_plain(labels)), 'B') ||
    setweight(to_tsvector('portuguese', erick_search_plain(NEW.description)), 'C') ||
    setweight(to_tsvector('portuguese', erick_search_plain(colours)), 'D');
  INSERT INTO search_words (word, display)
    SELECT DISTINCT ON (erick_search_plain(piece)) erick_search_plain(piece), lower(piece)
    FROM regexp_split_to_table(concat_ws(' ', NEW.name, labels, colours), '[[:space:][:punct:]]+') AS piece
    WHERE char_length(piece) >= 3
  ON CONFLICT (word) DO NOTHING;
  RETURN NEW;
END;
$$;--> statement-breakpoint
DROP TRIGGER "products_search" ON "products";--> statement-breakpoint
CREATE TRIGGER "products_search" BEFORE INSERT OR UPDATE OF "name", "description", "category", "subcategory", "brand", "gender", "shop_id", "colors", "search_text" ON "products" FOR EACH ROW EXECUTE FUNCTION "erick_product_search"();--> statement-breakpoint
UPDATE products SET search_text = search_text;
