-- dnx_report_batches_changed: its current definition and the 1 trigger that call it.
-- Last defined by migration 0054_report_summaries_after_commit; from now on changed here only: the server applies
-- this file after the numbered migrations whenever its text changes (src/db/database-code.ts).
CREATE OR REPLACE FUNCTION public.dnx_report_batches_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.created_at AT TIME ZONE 'UTC')::date <> (n.created_at AT TIME ZONE 'UTC')::date
      OR o.region_id <> n.region_id OR o.operator_id <> n.operator_id OR o.transport_type_id <> n.transport_type_id
      OR dnx_validity_months(o.expire_date, o.expire_date_type) <> dnx_validity_months(n.expire_date, n.expire_date_type)
  ) THEN
    RETURN NULL;
  END IF;
  INSERT INTO report_form_counts AS k (kind, day, region_id, operator_id, transport_type_id, validity, stage, status, annulled, valid_to, stripe, forms)
    SELECT c.kind, c.day, c.region_id, c.operator_id, c.transport_type_id, c.validity, c.class_stage, c.class_status,
      f.annulled, c.class_valid_to, dnx_report_stripe(), sum(b.sign)
    FROM (SELECT -1 AS sign, * FROM old_rows UNION ALL SELECT 1, * FROM new_rows) b
    JOIN fn_forms f ON f.batch_id = b.id
    CROSS JOIN LATERAL (
      SELECT x.*, b.region_id, b.operator_id, b.transport_type_id,
        dnx_validity_months(b.expire_date, b.expire_date_type) AS validity
      FROM dnx_form_classes(f.stage, f.status, f.valid_to, f.stage_at, b.created_at) x
    ) c
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 HAVING sum(b.sign) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
  ON CONFLICT (kind, day, region_id, operator_id, transport_type_id, validity, stage, status, annulled, valid_to, stripe)
      DO UPDATE SET forms = k.forms + excluded.forms;
  INSERT INTO report_payment_pending
    SELECT DISTINCT pg_current_xact_id(), r.payment_id
    FROM new_rows n JOIN fn_forms f ON f.batch_id = n.id JOIN payment_rows r ON r.form_id = f.id;
  RETURN NULL;
END
$function$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER fn_batches_report_update AFTER UPDATE ON public.fn_batches REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dnx_report_batches_changed();
