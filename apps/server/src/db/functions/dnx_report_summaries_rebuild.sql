-- dnx_report_summaries_rebuild: its current definition.
-- Last defined by migration 0054_report_summaries_after_commit; from now on changed here only: the server applies
-- this file after the numbered migrations whenever its text changes (src/db/database-code.ts).
CREATE OR REPLACE FUNCTION public.dnx_report_summaries_rebuild()
 RETURNS TABLE(form_rows bigint, payment_rows bigint)
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('dnx:report-summaries-apply'));
  LOCK TABLE fn_batches, fn_forms, payments, payment_rows IN SHARE MODE;
  DELETE FROM report_payment_pending;
  DELETE FROM report_form_counts;
  DELETE FROM report_payment_days;
  DELETE FROM report_payment_shapes;
  INSERT INTO report_form_counts (kind, day, region_id, operator_id, transport_type_id, validity, stage, status,
      annulled, valid_to, forms)
    SELECT kind, day, region_id, operator_id, transport_type_id, validity, stage, status, annulled, valid_to, count(*)
    FROM report_form_classes GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10;
  INSERT INTO report_payment_shapes SELECT * FROM report_payment_shapes_now;
  INSERT INTO report_payment_days (status, day, combos, payments, taxes, mdssh, itsda)
    SELECT status, day, combos, max(payments), array_agg(tax ORDER BY i), max(mdssh), max(itsda)
    FROM (
      SELECT status, day, combos, i, count(*) AS payments, sum(tax) AS tax, sum(mdssh) AS mdssh, sum(itsda) AS itsda
      FROM report_payment_shapes CROSS JOIN LATERAL unnest(taxes) WITH ORDINALITY u(tax, i)
      GROUP BY 1, 2, 3, 4
    ) e
    GROUP BY 1, 2, 3;
  RETURN QUERY SELECT (SELECT count(*) FROM report_form_counts), (SELECT count(*) FROM report_payment_days);
END
$function$;
