-- dnx_transport_type_marks_renamed: its current definition and the 1 trigger that call it.
-- Last defined by migration 0057_inspect_phone; from now on changed here only: the server applies
-- this file after the numbered migrations whenever its text changes (src/db/database-code.ts).
CREATE OR REPLACE FUNCTION public.dnx_transport_type_marks_renamed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO fn_form_changes AS c (series, number, region_id, xid)
    SELECT DISTINCT f.series, f.number, b.region_id, pg_current_xact_id()
    FROM old_rows o JOIN new_rows n ON n.id = o.id AND n.name IS DISTINCT FROM o.name
    JOIN payment_rows r ON r.transport_type_id = n.id
    JOIN fn_forms f ON f.id = r.form_id AND f.payment_id = r.payment_id AND f.stage = 'paid'
    JOIN fn_batches b ON b.id = f.batch_id ORDER BY 1, 2, 3
  ON CONFLICT (series, number, region_id) DO UPDATE SET xid = excluded.xid;
  RETURN NULL;
END
$function$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER transport_types_marks_renamed AFTER UPDATE ON public.transport_types REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dnx_transport_type_marks_renamed();
