-- Goods in from the supplier's NF-e (issue 53, docs/receiving.md): notes received once by chave, their
-- lines, what the shop learnt per supplier code, and each size × colour's cost.
CREATE TABLE "supplier_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"chave" text NOT NULL,
	"number" integer NOT NULL,
	"series" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"supplier_cnpj" text NOT NULL,
	"supplier_name" text NOT NULL,
	"recipient_cnpj" text DEFAULT '' NOT NULL,
	"store_location_id" integer NOT NULL,
	"goods_cents" integer NOT NULL,
	"partial" boolean DEFAULT false NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"received_by_id" text,
	"received_by_name" text NOT NULL,
	CONSTRAINT "supplier_notes_chave_key" UNIQUE("chave")
);
--> statement-breakpoint
CREATE TABLE "supplier_note_lines" (
	"note_id" integer NOT NULL,
	"item" integer NOT NULL,
	"supplier_code" text NOT NULL,
	"ean" text DEFAULT '' NOT NULL,
	"description" text NOT NULL,
	"ncm" text DEFAULT '' NOT NULL,
	"cfop" text DEFAULT '' NOT NULL,
	"unit" text NOT NULL,
	"quantity" text NOT NULL,
	"total_cents" integer NOT NULL,
	"variant_id" integer,
	"units_per_box" integer DEFAULT 1 NOT NULL,
	"units_expected" integer NOT NULL,
	"units_received" integer NOT NULL,
	"unit_cost_cents" integer NOT NULL,
	CONSTRAINT "supplier_note_lines_note_id_item_pk" PRIMARY KEY("note_id","item"),
	CONSTRAINT "supplier_note_lines_units" CHECK ("supplier_note_lines"."units_received" >= 0 and "supplier_note_lines"."units_received" <= "supplier_note_lines"."units_expected")
);
--> statement-breakpoint
CREATE TABLE "supplier_item_matches" (
	"supplier_cnpj" text NOT NULL,
	"supplier_code" text NOT NULL,
	"variant_id" integer NOT NULL,
	"units_per_box" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_item_matches_supplier_cnpj_supplier_code_pk" PRIMARY KEY("supplier_cnpj","supplier_code"),
	CONSTRAINT "supplier_item_matches_box" CHECK ("supplier_item_matches"."units_per_box" >= 1)
);
--> statement-breakpoint
CREATE TABLE "variant_costs" (
	"variant_id" integer PRIMARY KEY NOT NULL,
	"last_cost_cents" integer NOT NULL,
	"average_cost_cents" integer NOT NULL,
	"units_costed" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "supplier_notes" ADD CONSTRAINT "supplier_notes_store_location_id_store_locations_id_fk" FOREIGN KEY ("store_location_id") REFERENCES "public"."store_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_note_lines" ADD CONSTRAINT "supplier_note_lines_note_id_supplier_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."supplier_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_note_lines" ADD CONSTRAINT "supplier_note_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_item_matches" ADD CONSTRAINT "supplier_item_matches_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant_costs" ADD CONSTRAINT "variant_costs_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supplier_notes_supplier_idx" ON "supplier_notes" USING btree ("supplier_cnpj","received_at");
