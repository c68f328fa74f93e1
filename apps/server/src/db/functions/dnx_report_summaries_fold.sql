-- dnx_report_summaries_fold: its current definition.
-- Last defined by migration 0050_report_summary_stripes; from now on changed here only: the server applies
-- this file after the numbered migrations whenever its text changes (src/db/database-code.ts).
CREATE OR REPLACE FUNCTION public.dnx_report_summaries_fold()
 RETURNS TABLE(form_rows bigint, payment_rows bigint)
 LANGUAGE plpgsql
AS $function$
DECLARE
  forms_folded bigint;
  days_folded bigint;
BEGIN
  WITH moved AS (
    DELETE FROM report_form_counts WHERE stripe <> 0
    RETURNING kind, day, region_id, operator_id, transport_type_id, validity, stage, status, annulled, valid_to, forms
  ), summed AS (
    SELECT kind, day, region_id, operator_id, transport_type_id, validity, stage, status, annulled, valid_to,
      sum(forms) AS forms, count(*) AS n
    FROM moved GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
  ), added AS (
    INSERT INTO report_form_counts AS c (kind, day, region_id, operator_id, transport_type_id, validity, stage, status,
        annulled, valid_to, stripe, forms)
      SELECT kind, day, region_id, operator_id, transport_type_id, validity, stage, status, annulled, valid_to, 0, forms
      FROM summed ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    ON CONFLICT (kind, day, region_id, operator_id, transport_type_id, validity, stage, status, annulled, valid_to, stripe)
      DO UPDATE SET forms = c.forms + excluded.forms
  )
  SELECT coalesce(sum(n), 0) INTO forms_folded FROM summed;
  DELETE FROM report_form_counts WHERE stripe = 0 AND forms = 0;

  WITH moved AS (
    DELETE FROM report_payment_days WHERE stripe <> 0
    RETURNING status, day, combos, payments, taxes, mdssh, itsda
  ), summed AS (
    SELECT status, day, combos, sum(payments) AS payments, dnx_numeric_array_sum(taxes) AS taxes, sum(mdssh) AS mdssh,
      sum(itsda) AS itsda, count(*) AS n
    FROM moved GROUP BY 1, 2, 3
  ), added AS (
    INSERT INTO report_payment_days AS d (status, day, combos, stripe, payments, taxes, mdssh, itsda)
      SELECT status, day, combos, 0, payments, taxes, mdssh, itsda FROM summed ORDER BY 1, 2, 3
    ON CONFLICT (status, day, combos, stripe) DO UPDATE SET payments = d.payments + excluded.payments,
      taxes = dnx_numeric_array_add(d.taxes, excluded.taxes), mdssh = d.mdssh + excluded.mdssh,
      itsda = d.itsda + excluded.itsda
  )
  SELECT coalesce(sum(n), 0) INTO days_folded FROM summed;
  DELETE FROM report_payment_days WHERE stripe = 0 AND dnx_payment_day_is_zero(payments, taxes, mdssh, itsda);
  RETURN QUERY SELECT forms_folded, days_folded;
END
$function$;
