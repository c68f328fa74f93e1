-- A version per counted table, bumped by every statement that writes it (insert, update, delete, truncate) in
-- the writing transaction. A filtered list's count can then be reused while the version is unchanged: exact,
-- and shared by every server process through the database.
ALTER TABLE "row_counts" ADD COLUMN "version" bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION row_counts_track() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE row_counts SET n = n + (SELECT count(*) FROM inserted), version = version + 1
      WHERE table_name = TG_TABLE_NAME;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE row_counts SET n = n - (SELECT count(*) FROM deleted), version = version + 1
      WHERE table_name = TG_TABLE_NAME;
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE row_counts SET version = version + 1 WHERE table_name = TG_TABLE_NAME;
  ELSE
    UPDATE row_counts SET n = 0, version = version + 1 WHERE table_name = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE
  counted text;
BEGIN
  FOREACH counted IN ARRAY ARRAY['drivers', 'automobiles', 'carriers'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I '
                   'FOR EACH STATEMENT EXECUTE FUNCTION row_counts_track()', counted || '_count_update', counted);
  END LOOP;
END;
$$;
