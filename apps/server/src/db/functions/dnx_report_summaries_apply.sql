-- dnx_report_summaries_apply: its current definition.
-- Last defined by migration 0054_report_summaries_after_commit; from now on changed here only: the server applies
-- this file after the numbered migrations whenever its text changes (src/db/database-code.ts).
CREATE OR REPLACE FUNCTION public.dnx_report_summaries_apply()
 RETURNS integer
 LANGUAGE plpgsql
AS $function$
DECLARE
  ids integer[];
  was_shapes report_payment_shapes[];
  now_shapes report_payment_shapes[];
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('dnx:report-summaries-apply')) THEN
    RETURN -1;
  END IF;
  WITH taken AS (DELETE FROM report_payment_pending RETURNING payment_id)
  SELECT array_agg(DISTINCT payment_id ORDER BY payment_id) INTO ids FROM taken;
  IF ids IS NULL THEN
    RETURN 0;
  END IF;
  PERFORM 1 FROM report_payment_shapes WHERE payment_id = any(ids) ORDER BY payment_id FOR UPDATE;
  SELECT array_agg(s) INTO was_shapes FROM report_payment_shapes s WHERE payment_id = any(ids);
  SELECT array_agg(ROW(n.*)::report_payment_shapes) INTO now_shapes
    FROM report_payment_shapes_now n WHERE payment_id = any(ids);
  INSERT INTO report_payment_days AS d (status, day, combos, stripe, payments, taxes, mdssh, itsda)
    SELECT status, day, combos, 0, sum(payments) FILTER (WHERE i = 1), array_agg(tax ORDER BY i), sum(mdssh),
      sum(itsda)
    FROM (
      SELECT status, day, combos, i, sum(sign) AS payments, sum(sign * tax) AS tax,
        sum(sign * mdssh) FILTER (WHERE i = 1) AS mdssh, sum(sign * itsda) FILTER (WHERE i = 1) AS itsda
      FROM (
        SELECT -1 AS sign, * FROM unnest(was_shapes)
        UNION ALL
        SELECT 1, * FROM unnest(now_shapes)
      ) s CROSS JOIN LATERAL unnest(s.taxes) WITH ORDINALITY u(tax, i)
      GROUP BY 1, 2, 3, 4
    ) e
    GROUP BY 1, 2, 3
    HAVING sum(payments) FILTER (WHERE i = 1) <> 0 OR bool_or(tax <> 0) OR sum(mdssh) <> 0 OR sum(itsda) <> 0
    ORDER BY 1, 2, 3
  ON CONFLICT (status, day, combos, stripe) DO UPDATE SET payments = d.payments + excluded.payments,
    taxes = dnx_numeric_array_add(d.taxes, excluded.taxes), mdssh = d.mdssh + excluded.mdssh,
    itsda = d.itsda + excluded.itsda;
  DELETE FROM report_payment_days d USING (
      SELECT status, day, combos FROM unnest(was_shapes) UNION SELECT status, day, combos FROM unnest(now_shapes)
    ) s
    WHERE d.stripe = 0 AND d.status = s.status AND d.day = s.day AND d.combos = s.combos
      AND dnx_payment_day_is_zero(d.payments, d.taxes, d.mdssh, d.itsda);
  DELETE FROM report_payment_shapes WHERE payment_id = any(ids);
  INSERT INTO report_payment_shapes SELECT * FROM unnest(now_shapes);
  RETURN cardinality(ids);
END
$function$;
