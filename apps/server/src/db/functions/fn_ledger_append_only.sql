-- fn_ledger_append_only: its current definition and the 2 triggers that call it.
-- Last defined by migration 0019_fn_batches_forms_and_ledger; from now on changed here only: the server applies
-- this file after the numbered migrations whenever its text changes (src/db/database-code.ts).
CREATE OR REPLACE FUNCTION public.fn_ledger_append_only()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION 'fn_ledger is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$function$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER fn_ledger_no_truncate BEFORE TRUNCATE ON public.fn_ledger FOR EACH STATEMENT EXECUTE FUNCTION fn_ledger_append_only();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER fn_ledger_no_update_or_delete BEFORE DELETE OR UPDATE ON public.fn_ledger FOR EACH ROW EXECUTE FUNCTION fn_ledger_append_only();
