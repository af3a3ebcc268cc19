-- The audit log is append-only in the database itself, not only in the app's code: whoever gets to run
-- SQL as the app's role (a bug, an injection, a careless script) can add entries but cannot rewrite or
-- erase them. INSERT stays free; UPDATE and DELETE are refused row by row, TRUNCATE per statement
-- (TRUNCATE fires no row triggers; `TRUNCATE users CASCADE` reaches this table too).
--
-- One UPDATE is allowed: clearing actor_user_id once that account no longer exists. It is what the
-- foreign key's ON DELETE SET NULL does when a user is deleted; the entry keeps actor_name and
-- actor_email, the snapshot of who acted, so nothing the log says is lost. Any other change to a row,
-- or clearing the link of an account that still exists, is refused.
--
-- Nothing in the shop removes entries: the backup restore only INSERTs (with --replace it drops the
-- whole schema first, which fires no trigger), and test databases are created and dropped whole. The
-- table's owner can still ALTER TABLE audit_log DISABLE TRIGGER: a deliberate, visible act (e.g. in a
-- future migration), which a separate, non-owner role for the app would also close.
CREATE FUNCTION "erick_audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Nested: a statement-level (TRUNCATE) call has no OLD or NEW to read.
  IF TG_OP = 'UPDATE' THEN
    IF OLD."actor_user_id" IS NOT NULL
      AND NEW."actor_user_id" IS NULL
      AND to_jsonb(NEW) - 'actor_user_id' = to_jsonb(OLD) - 'actor_user_id'
      AND NOT EXISTS (SELECT 1 FROM "public"."users" WHERE "id" = OLD."actor_user_id")
    THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'o registro de auditoria só aceita novas entradas: % em audit_log é recusado', TG_OP
    USING ERRCODE = 'insufficient_privilege',
      HINT = 'Entradas da auditoria não podem ser alteradas nem apagadas (database/migrations/0007_audit_log_append_only.sql).';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "erick_audit_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "erick_audit_log_append_only"();
