-- row_counts_track: its current definition and the 9 triggers that call it.
-- Last defined by migration 0011_change_feed; from now on changed here only: the server applies
-- this file after the numbered migrations whenever its text changes (src/db/database-code.ts).
CREATE OR REPLACE FUNCTION public.row_counts_track()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
$function$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER automobiles_count_delete AFTER DELETE ON public.automobiles REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION row_counts_track();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER automobiles_count_insert AFTER INSERT ON public.automobiles REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION row_counts_track();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER automobiles_count_truncate AFTER TRUNCATE ON public.automobiles FOR EACH STATEMENT EXECUTE FUNCTION row_counts_track();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER carriers_count_delete AFTER DELETE ON public.carriers REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION row_counts_track();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER carriers_count_insert AFTER INSERT ON public.carriers REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION row_counts_track();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER carriers_count_truncate AFTER TRUNCATE ON public.carriers FOR EACH STATEMENT EXECUTE FUNCTION row_counts_track();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER drivers_count_delete AFTER DELETE ON public.drivers REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION row_counts_track();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER drivers_count_insert AFTER INSERT ON public.drivers REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION row_counts_track();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER drivers_count_truncate AFTER TRUNCATE ON public.drivers FOR EACH STATEMENT EXECUTE FUNCTION row_counts_track();
