-- Report summaries without a hot row (decisions.md "Report summaries"): every payment of a day and shape, and every
-- form of a day and class, was added to one summary row, so concurrent writers queued on that row's lock until each
-- one's commit was done (the payment create bench: most of 20 writers waiting on Lock:transactionid, p99 over
-- 350 ms). A summary row is now one stripe of its key: each writer adds to the stripe of its connection (its
-- backend's pid), and the reports sum the stripes. The hourly job `report-summaries-fold` folds the other stripes
-- into stripe 0, so a key keeps one row, and one more for each connection that wrote it within the hour.
ALTER TABLE "report_form_counts" ADD COLUMN "stripe" integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "report_form_counts" DROP CONSTRAINT "report_form_counts_pkey";
--> statement-breakpoint
ALTER TABLE "report_form_counts" ADD CONSTRAINT "report_form_counts_pkey" PRIMARY KEY ("kind", "day", "region_id",
  "operator_id", "transport_type_id", "validity", "stage", "status", "annulled", "valid_to", "stripe");
--> statement-breakpoint
ALTER TABLE "report_payment_days" ADD COLUMN "stripe" integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "report_payment_days" DROP CONSTRAINT "report_payment_days_pkey";
--> statement-breakpoint
ALTER TABLE "report_payment_days" ADD CONSTRAINT "report_payment_days_pkey" PRIMARY KEY ("status", "day", "combos",
  "stripe");
--> statement-breakpoint
-- The stripe a writer adds to: its connection's (its backend's pid, never 0), so no two writers at once share one.
CREATE OR REPLACE FUNCTION dnx_report_stripe() RETURNS integer
LANGUAGE sql STABLE PARALLEL SAFE AS $$ SELECT pg_backend_pid() $$;
--> statement-breakpoint
-- Element by element sums of the payments' taxes (folding stripes; the check of the summaries).
CREATE AGGREGATE dnx_numeric_array_sum(numeric[]) (SFUNC = dnx_numeric_array_add, STYPE = numeric[]);
--> statement-breakpoint
-- A payment-days row adds nothing when all of it is zero: a stripe can hold no payments but a change of tax (a
-- payment edited under review leaves its old shape on one stripe and comes back on another).
CREATE OR REPLACE FUNCTION dnx_payment_day_is_zero(payments bigint, taxes numeric[], mdssh numeric, itsda numeric)
RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT payments = 0 AND mdssh = 0 AND itsda = 0 AND coalesce(bool_and(t = 0), true) FROM unnest(taxes) t
$$;
--> statement-breakpoint
-- The flush at commit, as in 0046, on the writer's stripe.
CREATE OR REPLACE FUNCTION dnx_report_summaries_flush() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  me xid8 := NEW.xid;
  mine integer := dnx_report_stripe();
  ids integer[];
  was_shapes report_payment_shapes[];
  now_shapes report_payment_shapes[];
BEGIN
  INSERT INTO report_form_counts AS c (kind, day, region_id, operator_id, transport_type_id, validity, stage, status,
      annulled, valid_to, stripe, forms)
    SELECT kind, day, region_id, operator_id, transport_type_id, validity, stage, status, annulled, valid_to, mine,
      sum(forms)
    FROM report_form_pending WHERE xid = me
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 HAVING sum(forms) <> 0
    ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
  ON CONFLICT (kind, day, region_id, operator_id, transport_type_id, validity, stage, status, annulled, valid_to, stripe)
    DO UPDATE SET forms = c.forms + excluded.forms;
  DELETE FROM report_form_counts c USING report_form_pending p
    WHERE p.xid = me AND c.stripe = mine AND c.forms = 0 AND c.kind = p.kind AND c.day = p.day
      AND c.region_id = p.region_id AND c.operator_id = p.operator_id AND c.transport_type_id = p.transport_type_id
      AND c.validity = p.validity AND c.stage = p.stage AND c.status = p.status AND c.annulled = p.annulled
      AND c.valid_to = p.valid_to;
  DELETE FROM report_form_pending WHERE xid = me;

  SELECT array_agg(DISTINCT payment_id ORDER BY payment_id) INTO ids FROM report_payment_pending WHERE xid = me;
  IF ids IS NOT NULL THEN
    PERFORM 1 FROM report_payment_shapes WHERE payment_id = any(ids) ORDER BY payment_id FOR UPDATE;
    -- Each touched payment's shape as counted and as it is now, read once (the view joins its rows, forms, batches).
    SELECT array_agg(s) INTO was_shapes FROM report_payment_shapes s WHERE payment_id = any(ids);
    SELECT array_agg(ROW(n.*)::report_payment_shapes) INTO now_shapes
      FROM report_payment_shapes_now n WHERE payment_id = any(ids);
    INSERT INTO report_payment_days AS d (status, day, combos, stripe, payments, taxes, mdssh, itsda)
      SELECT status, day, combos, mine, sum(payments) FILTER (WHERE i = 1), array_agg(tax ORDER BY i), sum(mdssh),
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
      WHERE d.stripe = mine AND d.status = s.status AND d.day = s.day AND d.combos = s.combos
        AND dnx_payment_day_is_zero(d.payments, d.taxes, d.mdssh, d.itsda);
    DELETE FROM report_payment_shapes WHERE payment_id = any(ids);
    INSERT INTO report_payment_shapes SELECT * FROM unnest(now_shapes);
    DELETE FROM report_payment_pending WHERE xid = me;
  END IF;
  DELETE FROM report_summary_flushes WHERE xid = me;
  -- A write after this flush (constraints set immediate mid-transaction) asks for another.
  PERFORM set_config('dnx.report_flush', '', true);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The fold (the hourly job `report-summaries-fold`, and `cli rebuild-summaries` needs none): every stripe but 0 taken
-- out and added to stripe 0 of its key, in key order, in one statement each; keys that sum to nothing leave.
-- Answers the rows folded.
CREATE OR REPLACE FUNCTION dnx_report_summaries_fold() RETURNS TABLE (form_rows bigint, payment_rows bigint)
LANGUAGE plpgsql AS $$
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
$$;
--> statement-breakpoint
-- The flush is asked for once a transaction (a setting of the transaction remembers it), not at every statement:
-- three of a payment's statements each inserted into report_summary_flushes, at 3.4 ms an insert under load.
CREATE OR REPLACE FUNCTION dnx_report_flush_at_commit() RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  me text := pg_current_xact_id()::text;
BEGIN
  IF current_setting('dnx.report_flush', true) IS DISTINCT FROM me THEN
    PERFORM set_config('dnx.report_flush', me, true);
    INSERT INTO report_summary_flushes (xid) VALUES (me::xid8) ON CONFLICT DO NOTHING;
  END IF;
END
$$;
