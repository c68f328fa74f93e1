-- dnx_report_forms_changed: its current definition and the 3 triggers that call it.
-- Last defined by migration 0054_report_summaries_after_commit; from now on changed here only: the server applies
-- this file after the numbered migrations whenever its text changes (src/db/database-code.ts).
CREATE OR REPLACE FUNCTION public.dnx_report_forms_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  mine integer := dnx_report_stripe();
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_form_counts AS k (kind, day, region_id, operator_id, transport_type_id, validity, stage, status, annulled, valid_to, stripe, forms)
      SELECT kind, day, region_id, operator_id, transport_type_id, validity, stage, status, annulled, valid_to, mine, count(*) FROM (
        SELECT c.kind, c.day, b.region_id, b.operator_id, b.transport_type_id,
          dnx_validity_months(b.expire_date, b.expire_date_type) AS validity, c.class_stage AS stage,
          c.class_status AS status, f.annulled, c.class_valid_to AS valid_to
        FROM new_rows f JOIN fn_batches b ON b.id = f.batch_id
        CROSS JOIN LATERAL dnx_form_classes(f.stage, f.status, f.valid_to, f.stage_at, b.created_at) c
      ) c
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    ON CONFLICT (kind, day, region_id, operator_id, transport_type_id, validity, stage, status, annulled, valid_to, stripe)
      DO UPDATE SET forms = k.forms + excluded.forms;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO report_form_counts AS k (kind, day, region_id, operator_id, transport_type_id, validity, stage, status, annulled, valid_to, stripe, forms)
      SELECT kind, day, region_id, operator_id, transport_type_id, validity, stage, status, annulled, valid_to, mine, -count(*) FROM (
        SELECT c.kind, c.day, b.region_id, b.operator_id, b.transport_type_id,
          dnx_validity_months(b.expire_date, b.expire_date_type) AS validity, c.class_stage AS stage,
          c.class_status AS status, f.annulled, c.class_valid_to AS valid_to
        FROM old_rows f JOIN fn_batches b ON b.id = f.batch_id
        CROSS JOIN LATERAL dnx_form_classes(f.stage, f.status, f.valid_to, f.stage_at, b.created_at) c
      ) c
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    ON CONFLICT (kind, day, region_id, operator_id, transport_type_id, validity, stage, status, annulled, valid_to, stripe)
      DO UPDATE SET forms = k.forms + excluded.forms;
  ELSE
    INSERT INTO report_form_counts AS k (kind, day, region_id, operator_id, transport_type_id, validity, stage, status, annulled, valid_to, stripe, forms)
      SELECT kind, day, region_id, operator_id, transport_type_id, validity, stage, status, annulled, valid_to, mine, sum(sign) FROM (
        SELECT -1 AS sign, c.* FROM (
          SELECT c.kind, c.day, b.region_id, b.operator_id, b.transport_type_id,
          dnx_validity_months(b.expire_date, b.expire_date_type) AS validity, c.class_stage AS stage,
          c.class_status AS status, f.annulled, c.class_valid_to AS valid_to
        FROM old_rows f JOIN fn_batches b ON b.id = f.batch_id
        CROSS JOIN LATERAL dnx_form_classes(f.stage, f.status, f.valid_to, f.stage_at, b.created_at) c
        ) c
        UNION ALL
        SELECT 1, c.* FROM (
          SELECT c.kind, c.day, b.region_id, b.operator_id, b.transport_type_id,
          dnx_validity_months(b.expire_date, b.expire_date_type) AS validity, c.class_stage AS stage,
          c.class_status AS status, f.annulled, c.class_valid_to AS valid_to
        FROM new_rows f JOIN fn_batches b ON b.id = f.batch_id
        CROSS JOIN LATERAL dnx_form_classes(f.stage, f.status, f.valid_to, f.stage_at, b.created_at) c
        ) c
      ) c
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 HAVING sum(sign) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    ON CONFLICT (kind, day, region_id, operator_id, transport_type_id, validity, stage, status, annulled, valid_to, stripe)
      DO UPDATE SET forms = k.forms + excluded.forms;
    -- A form moved to another batch changes the dimensions of the payment rows that hold it (found by EXCEPT, as in
    -- migration 0046).
    IF EXISTS (SELECT id, batch_id FROM old_rows EXCEPT SELECT id, batch_id FROM new_rows) THEN
      INSERT INTO report_payment_pending
        SELECT DISTINCT pg_current_xact_id(), r.payment_id
        FROM (SELECT id, batch_id FROM old_rows EXCEPT SELECT id, batch_id FROM new_rows) o
        JOIN payment_rows r ON r.form_id = o.id;
    END IF;
  END IF;
  RETURN NULL;
END
$function$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER fn_forms_report_delete AFTER DELETE ON public.fn_forms REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dnx_report_forms_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER fn_forms_report_insert AFTER INSERT ON public.fn_forms REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dnx_report_forms_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER fn_forms_report_update AFTER UPDATE ON public.fn_forms REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dnx_report_forms_changed();
