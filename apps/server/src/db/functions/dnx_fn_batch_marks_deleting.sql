-- dnx_fn_batch_marks_deleting: its current definition and the 1 trigger that call it.
-- Last defined by migration 0057_inspect_phone; from now on changed here only: the server applies
-- this file after the numbered migrations whenever its text changes (src/db/database-code.ts).
CREATE OR REPLACE FUNCTION public.dnx_fn_batch_marks_deleting()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO fn_form_changes AS c (series, number, region_id, xid)
    SELECT f.series, f.number, OLD.region_id, pg_current_xact_id() FROM fn_forms f WHERE f.batch_id = OLD.id ORDER BY 1, 2
  ON CONFLICT (series, number, region_id) DO UPDATE SET xid = excluded.xid;
  RETURN OLD;
END
$function$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER fn_batch_marks_deleting BEFORE DELETE ON public.fn_batches FOR EACH ROW EXECUTE FUNCTION dnx_fn_batch_marks_deleting();
