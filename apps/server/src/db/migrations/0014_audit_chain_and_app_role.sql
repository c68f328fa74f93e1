ALTER TABLE "audit_log" ALTER COLUMN "record_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "object_name" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "result" text DEFAULT 'success' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "detail" jsonb;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "search_key" text GENERATED ALWAYS AS (az_fold(coalesce(actor_email, '') || ' ' || coalesce(object_name, ''))) STORED;--> statement-breakpoint
CREATE INDEX "audit_log_ip_idx" ON "audit_log" USING btree ("ip");--> statement-breakpoint
-- Search reads the folded search_key with a trigram index, as the long lists do (migration 0008).
CREATE INDEX "audit_log_search_key_trgm_idx" ON "audit_log" USING gin ("search_key" gin_trgm_ops);
--> statement-breakpoint
-- Every row written from now on is chained; rows older than this migration are sealed once at start (sealChains).
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_hash_present" CHECK ("hash" IS NOT NULL AND "hash" ~ '^[0-9a-f]{64}$') NOT VALID;
--> statement-breakpoint
-- The role the app acts as once migrations have run (SET ROLE on each connection, src/db/client.ts). Roles belong to
-- the whole cluster, so several databases (and parallel test databases) share it: create it only when missing.
DO $$
BEGIN
  CREATE ROLE dnx_app NOLOGIN;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END;
$$;
--> statement-breakpoint
-- The owner (who runs migrations) must be a member to SET ROLE; a superuser already is.
DO $$
BEGIN
  IF NOT pg_has_role(current_user, 'dnx_app', 'MEMBER') THEN
    EXECUTE format('GRANT dnx_app TO %I', current_user);
  END IF;
END;
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO dnx_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO dnx_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO dnx_app;
--> statement-breakpoint
-- The audit trail: read and append only. No UPDATE, DELETE or TRUNCATE, and not the owner, so no ALTER either.
REVOKE ALL ON "audit_log" FROM dnx_app;
--> statement-breakpoint
GRANT SELECT, INSERT ON "audit_log" TO dnx_app;
--> statement-breakpoint
-- Tables and sequences of later migrations reach the app role by themselves; a later chained table (the forms'
-- ledger) must REVOKE UPDATE, DELETE on itself in its own migration (the privileges test checks every table).
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO dnx_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO dnx_app;
