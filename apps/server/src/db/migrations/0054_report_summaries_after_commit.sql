-- Report summaries after the commit (issue 41, decisions.md "Issue 41: the summaries after the commit"): no write
-- does the summaries' work in its own transaction any more, and every read stays exact.
--
-- - Forms: a write adds its classes' changes straight to its own stripe of report_form_counts (its connection's,
--   migration 0050) in the statement's trigger: no pending rows, no flush at the commit, and no row another writer
--   adds to (the hourly fold is the only other writer of a stripe). The reports already sum the stripes.
-- - Payments: a write appends the ids of the payments it touched to report_payment_pending (insert only, now
--   LOGGED: it outlives the transaction and a crash), and nothing more. A worker (`dnx_report_summaries_apply`, one
--   at a time under an advisory lock) takes the log and applies it after the commit, in one transaction: the log
--   rows deleted, the payments' shapes counted again into report_payment_days and report_payment_shapes, so a
--   worker killed mid-apply leaves the log as it was. Every read folds in the part of the log not yet applied
--   (report_payment_days_live: each logged payment's recorded shape taken out and its shape now put in, in the
--   reader's snapshot), so a read right after a commit counts it.
DROP TRIGGER IF EXISTS "report_summary_flushes_flush" ON "report_summary_flushes";
--> statement-breakpoint
DROP FUNCTION IF EXISTS dnx_report_summaries_flush();
--> statement-breakpoint
DROP TABLE IF EXISTS "report_summary_flushes";
--> statement-breakpoint
DROP TABLE IF EXISTS "report_form_pending";
--> statement-breakpoint
DROP INDEX IF EXISTS "report_payment_pending_xid_idx";
--> statement-breakpoint
ALTER TABLE "report_payment_pending" SET LOGGED;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dnx_report_forms_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
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
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dnx_report_batches_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
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
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dnx_report_batch_deleting() RETURNS trigger
LANGUAGE plpgsql AS $$
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
$$;
--> statement-breakpoint
-- Payments and their rows written: their ids go to the log; the worker counts them again after the commit.
CREATE OR REPLACE FUNCTION dnx_report_payments_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO report_payment_pending
      SELECT DISTINCT pg_current_xact_id(), CASE WHEN TG_TABLE_NAME = 'payments' THEN n.id ELSE n.payment_id END
      FROM (SELECT to_jsonb(r) AS j FROM new_rows r) x
      CROSS JOIN LATERAL (SELECT (x.j ->> 'id')::integer AS id, (x.j ->> 'payment_id')::integer AS payment_id) n;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO report_payment_pending
      SELECT DISTINCT pg_current_xact_id(), CASE WHEN TG_TABLE_NAME = 'payments' THEN o.id ELSE o.payment_id END
      FROM (SELECT to_jsonb(r) AS j FROM old_rows r) x
      CROSS JOIN LATERAL (SELECT (x.j ->> 'id')::integer AS id, (x.j ->> 'payment_id')::integer AS payment_id) o;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP FUNCTION IF EXISTS dnx_report_flush_at_commit();
--> statement-breakpoint
-- The payments' summary as a read sees it: the applied rows, and for each payment in the log its recorded shape
-- taken out and its shape now put in (stripe -1, summed by key), in the reader's snapshot.
CREATE OR REPLACE VIEW "report_payment_days_live" AS
SELECT status, day, combos, stripe, payments, taxes, mdssh, itsda FROM report_payment_days
UNION ALL
SELECT status, day, combos, -1, sum(sign)::bigint, dnx_numeric_array_sum(taxes), sum(sign * mdssh)::numeric(16, 2),
  sum(sign * itsda)::numeric(16, 2)
FROM (
  SELECT s.sign, s.status, s.day, s.combos, s.mdssh, s.itsda,
    (SELECT array_agg(s.sign * t ORDER BY i) FROM unnest(s.taxes) WITH ORDINALITY u(t, i)) AS taxes
  FROM (SELECT DISTINCT payment_id FROM report_payment_pending) p
  CROSS JOIN LATERAL (
    SELECT -1 AS sign, w.status, w.day, w.combos, w.taxes, w.mdssh, w.itsda
    FROM report_payment_shapes w WHERE w.payment_id = p.payment_id
    UNION ALL
    SELECT 1, n.status, n.day, n.combos, n.taxes, n.mdssh, n.itsda
    FROM report_payment_shapes_now n WHERE n.payment_id = p.payment_id
  ) s
) d
GROUP BY status, day, combos;
--> statement-breakpoint
-- The worker's apply: the whole log taken (deleted) and its payments counted again, on stripe 0, in the caller's
-- transaction. One applier at a time (a second one answers -1 at once). A payment written again after the log was
-- taken keeps a row in the log, and counting it again later adds what changed since (nothing if this apply saw it).
-- Answers the payments applied.
CREATE OR REPLACE FUNCTION dnx_report_summaries_apply() RETURNS integer
LANGUAGE plpgsql AS $$
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
$$;
--> statement-breakpoint
-- The rebuild as in migration 0046, with the applier held off and the log emptied (the rebuild counts every
-- committed write).
CREATE OR REPLACE FUNCTION dnx_report_summaries_rebuild() RETURNS TABLE (form_rows bigint, payment_rows bigint)
LANGUAGE plpgsql AS $$
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
$$;
--> statement-breakpoint
SELECT dnx_report_summaries_apply();
