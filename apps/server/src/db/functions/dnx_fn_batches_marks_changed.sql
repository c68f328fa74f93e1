-- dnx_fn_batches_marks_changed: its current definition and the 1 trigger that call it.
-- Last defined by migration 0057_inspect_phone; from now on changed here only: the server applies
-- this file after the numbered migrations whenever its text changes (src/db/database-code.ts).
CREATE OR REPLACE FUNCTION public.dnx_fn_batches_marks_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO fn_form_changes AS c (series, number, region_id, xid)
    SELECT DISTINCT f.series, f.number, b.region_id, pg_current_xact_id()
    FROM (
      SELECT o.id, o.region_id FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE o.region_id <> n.region_id OR o.transport_type_id <> n.transport_type_id
      UNION
      SELECT n.id, n.region_id FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE o.region_id <> n.region_id OR o.transport_type_id <> n.transport_type_id
    ) b JOIN fn_forms f ON f.batch_id = b.id ORDER BY 1, 2, 3
  ON CONFLICT (series, number, region_id) DO UPDATE SET xid = excluded.xid;
  RETURN NULL;
END
$function$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER fn_batches_marks_changed AFTER UPDATE ON public.fn_batches REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dnx_fn_batches_marks_changed();
