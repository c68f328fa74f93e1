-- The change feed: the database announces on channel `dnx_changes`, when a writing transaction commits, what
-- every server process may have cached about it. A process keeps a signed-in user's state and the counts of
-- lists in memory and drops them on these notices (src/lib/change-feed.ts):
--   'user:<id>'      the user's row or one of their sessions changed (deactivated, signed out, edited, deleted)
--   'access'         groups, memberships or permissions changed
--   'rows:<table>'   a statement wrote the rows of a resource table
--   'all'            users or sessions were truncated: everything cached is dropped
-- The triggers run in the writing transaction, so no code path can forget to announce its change.
CREATE FUNCTION "notify_user_changed"() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('dnx_changes', 'user:' || OLD.id);
  ELSE
    PERFORM pg_notify('dnx_changes', 'user:' || OLD.user_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "notify_all_changed"() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('dnx_changes', 'all');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "notify_access_changed"() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('dnx_changes', 'access');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "notify_rows_changed"() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('dnx_changes', 'rows:' || TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_change_feed" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "notify_user_changed"();
--> statement-breakpoint
CREATE TRIGGER "sessions_change_feed" AFTER UPDATE OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "notify_user_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_truncate_change_feed" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_all_changed"();
--> statement-breakpoint
CREATE TRIGGER "sessions_truncate_change_feed" AFTER TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_all_changed"();
--> statement-breakpoint
DO $$
DECLARE
  access_table text;
BEGIN
  -- Who holds what is announced directly; the version number of migration 0009 only relayed it.
  FOREACH access_table IN ARRAY ARRAY['user_groups', 'user_permissions', 'group_permissions', 'groups',
      'permissions'] LOOP
    EXECUTE format('DROP TRIGGER %I ON %I', access_table || '_access_version', access_table);
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
                   'FOR EACH STATEMENT EXECUTE FUNCTION notify_access_changed()',
                   access_table || '_change_feed', access_table);
  END LOOP;
END;
$$;
--> statement-breakpoint
DROP FUNCTION "bump_access_version"();
--> statement-breakpoint
DROP TABLE "access_versions";
--> statement-breakpoint
DO $$
DECLARE
  resource_table text;
BEGIN
  FOREACH resource_table IN ARRAY ARRAY['regions', 'fn_statuses', 'fn_coefficients', 'transport_types',
      'special_transport_types', 'tax_payers', 'route_companies', 'automobile_brands', 'automobile_models',
      'carriers', 'drivers', 'automobiles', 'tariffs'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
                   'FOR EACH STATEMENT EXECUTE FUNCTION notify_rows_changed()',
                   resource_table || '_change_feed', resource_table);
  END LOOP;
END;
$$;
--> statement-breakpoint
-- Counts are now dropped on the feed's `rows:<table>` notices, so the per-table version of migration 0010 (and
-- the update trigger that only bumped it) goes; row_counts keeps the totals.
DO $$
DECLARE
  counted text;
BEGIN
  FOREACH counted IN ARRAY ARRAY['drivers', 'automobiles', 'carriers'] LOOP
    EXECUTE format('DROP TRIGGER %I ON %I', counted || '_count_update', counted);
  END LOOP;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION row_counts_track() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE row_counts SET n = n + (SELECT count(*) FROM inserted) WHERE table_name = TG_TABLE_NAME;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE row_counts SET n = n - (SELECT count(*) FROM deleted) WHERE table_name = TG_TABLE_NAME;
  ELSE
    UPDATE row_counts SET n = 0 WHERE table_name = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
ALTER TABLE "row_counts" DROP COLUMN "version";
