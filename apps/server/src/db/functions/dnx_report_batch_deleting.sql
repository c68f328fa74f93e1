-- dnx_report_batch_deleting: its current definition and the 1 trigger that call it.
-- Last defined by migration 0054_report_summaries_after_commit; from now on changed here only: the server applies
-- this file after the numbered migrations whenever its text changes (src/db/database-code.ts).
CREATE OR REPLACE FUNCTION public.dnx_report_batch_deleting()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO report_form_counts AS k (kind, day, region_id, operator_id, transport_type_id, validity, stage, status, annulled, valid_to, stripe, forms)
    SELECT c.kind, c.day, OLD.region_id, OLD.operator_id, OLD.transport_type_id,
      dnx_validity_months(OLD.expire_date, OLD.expire_date_type), c.class_stage, c.class_status, f.annulled,
      c.class_valid_to, dnx_report_stripe(), -count(*)
    FROM fn_forms f CROSS JOIN LATERAL dnx_form_classes(f.stage, f.status, f.valid_to, f.stage_at, OLD.created_at) c
    WHERE f.batch_id = OLD.id
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
  ON CONFLICT (kind, day, region_id, operator_id, transport_type_id, validity, stage, status, annulled, valid_to, stripe)
      DO UPDATE SET forms = k.forms + excluded.forms;
  RETURN OLD;
END
$function$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER fn_batches_report_delete BEFORE DELETE ON public.fn_batches FOR EACH ROW EXECUTE FUNCTION dnx_report_batch_deleting();
