ALTER TABLE "products" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "demo_products" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A shop started before this marks its demo products: the first start's 20 invented names, created in
-- the seed's one transaction (so at the very first products' instant); a product the owner made with
-- the same name later is not one of them.
UPDATE "products" SET "demo" = true
  WHERE "name" IN ('Sandália Rasteira Trançada','Tênis Casual Masculino em Couro','Scarpin Salto Médio Verniz','Bota Cano Curto Feminina','Chinelo Slide Masculino','Sapatênis Infantil com Velcro','Sandália Infantil com Luzinha','Sapato Social Masculino Derby','Tênis de Corrida com Amortecimento','Chuteira Society','Bola de Futebol de Campo','Garrafa Térmica Esportiva 1 L','Jogo de Panelas Antiaderente 5 Peças','Bolsa Transversal Feminina','Jogo de Toalhas de Banho 4 Peças','Relógio Digital Unissex','Boneca de Pano Artesanal','Carrinho de Controle Remoto','Kit Decoração de Quarto Infantil','Conjunto Infantil de Moletom')
    AND "created_at" = (SELECT min("created_at") FROM "products");
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "height_cm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "width_cm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "length_cm" integer;