ALTER TABLE "users" ADD COLUMN "staff_role" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "staff_store_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_store_id_store_locations_id_fk" FOREIGN KEY ("staff_store_id") REFERENCES "public"."store_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Until now every member of staff could do everything: each existing admin becomes a Dono.
UPDATE "users" SET "staff_role" = 'dono' WHERE "role" = 'admin';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_role_check" CHECK (("users"."role" = 'admin') = ("users"."staff_role" is not null));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_role_value_check" CHECK ("users"."staff_role" in ('dono', 'gerente', 'vendedor'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_store_check" CHECK (coalesce("users"."staff_role" = 'vendedor', false) = ("users"."staff_store_id" is not null));