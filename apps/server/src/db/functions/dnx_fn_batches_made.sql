-- dnx_fn_batches_made: its current definition and the 1 trigger that call it.
-- Last defined by migration 0057_inspect_phone; from now on changed here only: the server applies
-- this file after the numbered migrations whenever its text changes (src/db/database-code.ts).
CREATE OR REPLACE FUNCTION public.dnx_fn_batches_made()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO fn_batch_changes (batch_id, xid) SELECT n.id, pg_current_xact_id() FROM new_rows n;
  RETURN NULL;
END
$function$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER fn_batches_made AFTER INSERT ON public.fn_batches REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dnx_fn_batches_made();
