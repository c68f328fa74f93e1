-- The live back office (issue 47). Who has a record open for editing, shared by every server process: a row a session
-- and record, renewed while the editor has it open and read only until it expires; a write of a row other than a
-- renewal announces 'presence:<resource>:<record id>' on the change feed, so each process tells its streams of that
-- record's other editors. The online requests' lists join the row diffs of migration 0045 (they were on no feed), so
-- a request sent through the public page reaches the reviewers' streams. Nothing is added to the payment tables.
CREATE TABLE "presence_editors" (
	"resource" text NOT NULL,
	"record_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "presence_editors_resource_record_id_session_id_pk" PRIMARY KEY("resource","record_id","session_id")
);
--> statement-breakpoint
ALTER TABLE "presence_editors" ADD CONSTRAINT "presence_editors_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "presence_editors" ADD CONSTRAINT "presence_editors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "presence_editors_session_id_idx" ON "presence_editors" USING btree ("session_id");
--> statement-breakpoint
CREATE INDEX "presence_editors_user_id_idx" ON "presence_editors" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "presence_editors_expires_at_idx" ON "presence_editors" USING btree ("expires_at");
--> statement-breakpoint
CREATE FUNCTION "notify_presence_changed"() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('dnx_changes', 'presence:' || OLD.resource || ':' || OLD.record_id);
  ELSIF TG_OP = 'INSERT' OR NEW.user_id IS DISTINCT FROM OLD.user_id THEN
    -- A renewal (only expires_at moved) changes nobody's list of editors: it is not announced.
    PERFORM pg_notify('dnx_changes', 'presence:' || NEW.resource || ':' || NEW.record_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "presence_editors_change_feed" AFTER INSERT OR UPDATE OR DELETE ON "presence_editors"
  FOR EACH ROW EXECUTE FUNCTION "notify_presence_changed"();
--> statement-breakpoint
DO $$
DECLARE
  list_table text;
BEGIN
  FOREACH list_table IN ARRAY ARRAY['online_carrier_requests', 'online_payment_requests'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows '
                   'FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs()', list_table || '_diff_insert', list_table);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows '
                   'FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs()', list_table || '_diff_update', list_table);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows '
                   'FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs()', list_table || '_diff_delete', list_table);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I '
                   'FOR EACH STATEMENT EXECUTE FUNCTION notify_rows_changed()', list_table || '_change_feed', list_table);
  END LOOP;
END;
$$;
