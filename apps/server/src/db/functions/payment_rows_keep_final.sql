-- payment_rows_keep_final: its current definition and the 1 trigger that call it.
-- Last defined by migration 0021_payments; from now on changed here only: the server applies
-- this file after the numbered migrations whenever its text changes (src/db/database-code.ts).
CREATE OR REPLACE FUNCTION public.payment_rows_keep_final()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF EXISTS (SELECT 1 FROM payments WHERE id = OLD.payment_id AND status IN (3, 4)) THEN
    RAISE EXCEPTION 'payment % is final: its rows are kept', OLD.payment_id USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN OLD;
END;
$function$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER payment_rows_no_delete_when_final BEFORE DELETE ON public.payment_rows FOR EACH ROW EXECUTE FUNCTION payment_rows_keep_final();
