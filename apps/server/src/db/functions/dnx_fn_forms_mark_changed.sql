-- dnx_fn_forms_mark_changed: its current definition and the 3 triggers that call it.
-- Last defined by migration 0057_inspect_phone; from now on changed here only: the server applies
-- this file after the numbered migrations whenever its text changes (src/db/database-code.ts).
CREATE OR REPLACE FUNCTION public.dnx_fn_forms_mark_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- The forms of a batch made in this transaction are named by the batch's one row (fn_batch_changes): a
    -- 100,000-number batch writes one key, not 100,000.
    INSERT INTO fn_form_changes AS c (series, number, region_id, xid)
      SELECT DISTINCT f.series, f.number, b.region_id, pg_current_xact_id()
      FROM new_rows f JOIN fn_batches b ON b.id = f.batch_id
      WHERE NOT EXISTS (SELECT 1 FROM fn_batch_changes n WHERE n.batch_id = f.batch_id AND n.xid = pg_current_xact_id())
      ORDER BY 1, 2, 3
    ON CONFLICT (series, number, region_id) DO UPDATE SET xid = excluded.xid;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO fn_form_changes AS c (series, number, region_id, xid)
      SELECT DISTINCT f.series, f.number, b.region_id, pg_current_xact_id()
      FROM (SELECT series, number, batch_id FROM new_rows UNION SELECT series, number, batch_id FROM old_rows) f
      JOIN fn_batches b ON b.id = f.batch_id ORDER BY 1, 2, 3
    ON CONFLICT (series, number, region_id) DO UPDATE SET xid = excluded.xid;
  ELSE
    -- A form deleted with its batch is written by dnx_fn_batch_marks_deleting (the batch is gone by now).
    INSERT INTO fn_form_changes AS c (series, number, region_id, xid)
      SELECT DISTINCT f.series, f.number, b.region_id, pg_current_xact_id()
      FROM old_rows f JOIN fn_batches b ON b.id = f.batch_id ORDER BY 1, 2, 3
    ON CONFLICT (series, number, region_id) DO UPDATE SET xid = excluded.xid;
  END IF;
  RETURN NULL;
END
$function$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER fn_forms_mark_deleted AFTER DELETE ON public.fn_forms REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dnx_fn_forms_mark_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER fn_forms_mark_inserted AFTER INSERT ON public.fn_forms REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dnx_fn_forms_mark_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER fn_forms_mark_updated AFTER UPDATE ON public.fn_forms REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dnx_fn_forms_mark_changed();
