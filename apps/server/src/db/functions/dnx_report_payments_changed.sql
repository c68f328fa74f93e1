-- dnx_report_payments_changed: its current definition and the 6 triggers that call it.
-- Last defined by migration 0054_report_summaries_after_commit; from now on changed here only: the server applies
-- this file after the numbered migrations whenever its text changes (src/db/database-code.ts).
CREATE OR REPLACE FUNCTION public.dnx_report_payments_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  -- Each table's own column, read straight from its transition table (no row turned into JSON first): each
  -- compiled instance of the function is for one table, so the branch of the other is never planned.
  IF TG_TABLE_NAME = 'payments' THEN
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      INSERT INTO report_payment_pending SELECT DISTINCT pg_current_xact_id(), n.id FROM new_rows n;
    END IF;
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
      INSERT INTO report_payment_pending SELECT DISTINCT pg_current_xact_id(), o.id FROM old_rows o;
    END IF;
  ELSE
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      INSERT INTO report_payment_pending SELECT DISTINCT pg_current_xact_id(), n.payment_id FROM new_rows n;
    END IF;
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
      INSERT INTO report_payment_pending SELECT DISTINCT pg_current_xact_id(), o.payment_id FROM old_rows o;
    END IF;
  END IF;
  RETURN NULL;
END
$function$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER payment_rows_report_delete AFTER DELETE ON public.payment_rows REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dnx_report_payments_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER payment_rows_report_insert AFTER INSERT ON public.payment_rows REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dnx_report_payments_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER payment_rows_report_update AFTER UPDATE ON public.payment_rows REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dnx_report_payments_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER payments_report_delete AFTER DELETE ON public.payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dnx_report_payments_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER payments_report_insert AFTER INSERT ON public.payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dnx_report_payments_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER payments_report_update AFTER UPDATE ON public.payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dnx_report_payments_changed();
