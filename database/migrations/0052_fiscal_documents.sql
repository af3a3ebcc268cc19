CREATE TABLE "fiscal_documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"model" text NOT NULL,
	"ref" text NOT NULL,
	"status" text DEFAULT 'pendente' NOT NULL,
	"chave" text DEFAULT '' NOT NULL,
	"numero" text DEFAULT '' NOT NULL,
	"serie" text DEFAULT '' NOT NULL,
	"protocolo" text DEFAULT '' NOT NULL,
	"qrcode_url" text DEFAULT '' NOT NULL,
	"url_consulta" text DEFAULT '' NOT NULL,
	"sefaz_message" text DEFAULT '' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"authorized_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text DEFAULT '' NOT NULL,
	"xml_key" text DEFAULT '' NOT NULL,
	"danfe_key" text DEFAULT '' NOT NULL,
	"xml_path" text DEFAULT '' NOT NULL,
	"danfe_path" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fiscal_documents" ADD CONSTRAINT "fiscal_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_documents_order_model_idx" ON "fiscal_documents" USING btree ("order_id","model");--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_documents_ref_idx" ON "fiscal_documents" USING btree ("ref");--> statement-breakpoint
CREATE INDEX "fiscal_documents_due_idx" ON "fiscal_documents" USING btree ("status","next_attempt_at");
