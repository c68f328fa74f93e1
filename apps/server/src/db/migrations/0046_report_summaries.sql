-- The reports' summary tables (issue 31, decisions.md "Report summaries"): what the report screen, the general
-- report and the home statistics count, kept exact by the database in the transaction of each write.
--
-- report_form_counts: forms by the class that decides every figure of theirs, whatever day is asked. Each form
-- is counted twice: once as issued (kind 'i': its batch's day, dimensions, notice status, annulled, and its last
-- day of validity where an expiry can change its status), once in its state (kind 's': its stage's day, the same
-- dimensions, its stage, status, annulled and last day of validity). The reports apply "expired as of today" to
-- these rows at query time, so nothing in them goes stale with the calendar. A null status is stored as -1 and a
-- last day that cannot matter (or is null) as 'infinity', so every column is part of the primary key.
CREATE TABLE "report_form_counts" (
  "kind" char(1) NOT NULL,
  "day" date NOT NULL,
  "region_id" integer NOT NULL,
  "operator_id" integer NOT NULL,
  "transport_type_id" integer NOT NULL,
  "validity" integer NOT NULL,
  "stage" text NOT NULL,
  "status" smallint NOT NULL,
  "annulled" boolean NOT NULL,
  "valid_to" date NOT NULL,
  "forms" bigint NOT NULL,
  CONSTRAINT "report_form_counts_pkey" PRIMARY KEY ("kind", "day", "region_id", "operator_id", "transport_type_id",
    "validity", "stage", "status", "annulled", "valid_to"),
  CONSTRAINT "report_form_counts_kind" CHECK ("kind" in ('i', 's'))
);
--> statement-breakpoint
-- Each payment's part of the figures, as it was last counted: the status and its day, and its rows grouped by the
-- forms' batches (region, operator, transport type, validity: four integers an element, in order) with their tax.
CREATE TABLE "report_payment_shapes" (
  "payment_id" integer PRIMARY KEY,
  "status" smallint NOT NULL,
  "day" date NOT NULL,
  "combos" integer[] NOT NULL,
  "taxes" numeric[] NOT NULL,
  "mdssh" numeric(14, 2) NOT NULL,
  "itsda" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
-- Payments summed by their status, day and shape: a payment counts once in each group its rows fall in, so
-- payments of the same shape are summed together and the shape is unfolded at query time.
CREATE TABLE "report_payment_days" (
  "status" smallint NOT NULL,
  "day" date NOT NULL,
  "combos" integer[] NOT NULL,
  "payments" bigint NOT NULL,
  "taxes" numeric[] NOT NULL,
  "mdssh" numeric(16, 2) NOT NULL,
  "itsda" numeric(16, 2) NOT NULL,
  CONSTRAINT "report_payment_days_pkey" PRIMARY KEY ("status", "day", "combos")
);
--> statement-breakpoint
-- A transaction's changes wait here until its commit, when one statement applies them in key order (no two
-- writers lock summary rows in opposite orders, and the rows are held only for the commit). UNLOGGED: a pending
-- row lives only inside its transaction.
CREATE UNLOGGED TABLE "report_form_pending" (
  "xid" xid8 NOT NULL,
  "kind" char(1) NOT NULL,
  "day" date NOT NULL,
  "region_id" integer NOT NULL,
  "operator_id" integer NOT NULL,
  "transport_type_id" integer NOT NULL,
  "validity" integer NOT NULL,
  "stage" text NOT NULL,
  "status" smallint NOT NULL,
  "annulled" boolean NOT NULL,
  "valid_to" date NOT NULL,
  "forms" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "report_form_pending_xid_idx" ON "report_form_pending" ("xid");
--> statement-breakpoint
CREATE UNLOGGED TABLE "report_payment_pending" (
  "xid" xid8 NOT NULL,
  "payment_id" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "report_payment_pending_xid_idx" ON "report_payment_pending" ("xid");
--> statement-breakpoint
CREATE UNLOGGED TABLE "report_summary_flushes" (
  "xid" xid8 PRIMARY KEY
);
--> statement-breakpoint
-- A batch's validity in months, as the reports filter it.
CREATE OR REPLACE FUNCTION dnx_validity_months(expire_date smallint, expire_date_type text) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT expire_date * (CASE expire_date_type WHEN 'month' THEN 1 WHEN 'quarter' THEN 3 WHEN 'half-year' THEN 6
    ELSE 12 END)
$$;
--> statement-breakpoint
-- The two classes of a form: issued (its batch's day) and in its state (its stage's day), with what decides its
-- figures (a last day of validity only where it can change them).
CREATE OR REPLACE FUNCTION dnx_form_classes(stage text, status smallint, valid_to date, stage_at timestamptz,
    issued_at timestamptz)
RETURNS TABLE (kind char(1), day date, class_stage text, class_status smallint, class_valid_to date)
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  VALUES
    ('i'::char(1), (issued_at AT TIME ZONE 'UTC')::date, '',
      coalesce(status, -1)::smallint,
      CASE WHEN status IN (2, 3, 4) THEN coalesce(valid_to, 'infinity') ELSE 'infinity' END::date),
    ('s'::char(1), (stage_at AT TIME ZONE 'UTC')::date, stage,
      coalesce(status, -1)::smallint,
      CASE WHEN status IN (1, 2, 3, 4) THEN coalesce(valid_to, 'infinity') ELSE 'infinity' END::date)
$$;
--> statement-breakpoint
-- Every form's classes as the base tables have them now: what the summary must equal (the rebuild reads it).
CREATE OR REPLACE VIEW "report_form_classes" AS
SELECT f.id AS form_id, c.kind, c.day, b.region_id, b.operator_id, b.transport_type_id,
  dnx_validity_months(b.expire_date, b.expire_date_type) AS validity, c.class_stage AS stage, c.class_status AS status,
  f.annulled, c.class_valid_to AS valid_to
FROM fn_forms f JOIN fn_batches b ON b.id = f.batch_id
CROSS JOIN LATERAL dnx_form_classes(f.stage, f.status, f.valid_to, f.stage_at, b.created_at) c;
--> statement-breakpoint
-- Each payment's shape as the base tables have it now (payments without rows have none).
CREATE OR REPLACE VIEW "report_payment_shapes_now" AS
-- Per payment, LATERAL: the flush at commit asks for the payments it touched (`payment_id = any(ids)`), and a
-- grouped subquery joined by id would be computed for every payment first (seconds at a million payments).
SELECT p.id AS payment_id, p.status, (p.status_at AT TIME ZONE 'UTC')::date AS day, g.combos, g.taxes,
  coalesce(p.mdssh_amount, 0)::numeric(14, 2) AS mdssh, coalesce(p.itsda_amount, 0)::numeric(14, 2) AS itsda
FROM payments p
CROSS JOIN LATERAL (
  SELECT array_agg(v ORDER BY c.region_id, c.operator_id, c.transport_type_id, c.validity, k) AS combos,
    array_agg(c.tax ORDER BY c.region_id, c.operator_id, c.transport_type_id, c.validity, k) FILTER (WHERE k = 1) AS taxes
  FROM (
    SELECT b.region_id, b.operator_id, b.transport_type_id,
      dnx_validity_months(b.expire_date, b.expire_date_type) AS validity, sum(r.tax_price) AS tax
    FROM payment_rows r JOIN fn_forms f ON f.id = r.form_id JOIN fn_batches b ON b.id = f.batch_id
    WHERE r.payment_id = p.id
    GROUP BY 1, 2, 3, 4
  ) c
  CROSS JOIN LATERAL unnest(array[c.region_id, c.operator_id, c.transport_type_id, c.validity]) WITH ORDINALITY u(v, k)
) g
-- A payment without rows has no shape (the aggregate's one row of NULLs).
WHERE g.combos IS NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dnx_numeric_array_add(a numeric[], b numeric[]) RETURNS numeric[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_agg(coalesce(x, 0) + coalesce(y, 0) ORDER BY i) FROM unnest(a, b) WITH ORDINALITY u(x, y, i)
$$;
--> statement-breakpoint
-- The flush at commit: the forms' pending changes summed by key and applied in key order, then each touched
-- payment's shape taken again from the base tables and the difference applied.
CREATE OR REPLACE FUNCTION dnx_report_summaries_flush() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  me xid8 := NEW.xid;
  ids integer[];
BEGIN
  INSERT INTO report_form_counts AS c (kind, day, region_id, operator_id, transport_type_id, validity, stage, status,
      annulled, valid_to, forms)
    SELECT kind, day, region_id, operator_id, transport_type_id, validity, stage, status, annulled, valid_to, sum(forms)
    FROM report_form_pending WHERE xid = me
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 HAVING sum(forms) <> 0
    ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
  ON CONFLICT (kind, day, region_id, operator_id, transport_type_id, validity, stage, status, annulled, valid_to)
    DO UPDATE SET forms = c.forms + excluded.forms;
  DELETE FROM report_form_counts c USING report_form_pending p
    WHERE p.xid = me AND c.forms = 0 AND c.kind = p.kind AND c.day = p.day AND c.region_id = p.region_id
      AND c.operator_id = p.operator_id AND c.transport_type_id = p.transport_type_id AND c.validity = p.validity
      AND c.stage = p.stage AND c.status = p.status AND c.annulled = p.annulled AND c.valid_to = p.valid_to;
  DELETE FROM report_form_pending WHERE xid = me;

  SELECT array_agg(DISTINCT payment_id ORDER BY payment_id) INTO ids FROM report_payment_pending WHERE xid = me;
  IF ids IS NOT NULL THEN
    PERFORM 1 FROM report_payment_shapes WHERE payment_id = any(ids) ORDER BY payment_id FOR UPDATE;
    INSERT INTO report_payment_days AS d (status, day, combos, payments, taxes, mdssh, itsda)
      SELECT status, day, combos, sum(payments) FILTER (WHERE i = 1), array_agg(tax ORDER BY i), sum(mdssh),
        sum(itsda)
      FROM (
        SELECT status, day, combos, i, sum(sign) AS payments, sum(sign * tax) AS tax,
          sum(sign * mdssh) FILTER (WHERE i = 1) AS mdssh, sum(sign * itsda) FILTER (WHERE i = 1) AS itsda
        FROM (
          SELECT -1 AS sign, * FROM report_payment_shapes WHERE payment_id = any(ids)
          UNION ALL
          SELECT 1, * FROM report_payment_shapes_now WHERE payment_id = any(ids)
        ) s CROSS JOIN LATERAL unnest(s.taxes) WITH ORDINALITY u(tax, i)
        GROUP BY 1, 2, 3, 4
      ) e
      GROUP BY 1, 2, 3
      HAVING sum(payments) FILTER (WHERE i = 1) <> 0 OR bool_or(tax <> 0) OR sum(mdssh) <> 0 OR sum(itsda) <> 0
      ORDER BY 1, 2, 3
    ON CONFLICT (status, day, combos) DO UPDATE SET payments = d.payments + excluded.payments,
      taxes = dnx_numeric_array_add(d.taxes, excluded.taxes), mdssh = d.mdssh + excluded.mdssh,
      itsda = d.itsda + excluded.itsda;
    DELETE FROM report_payment_days d USING report_payment_shapes s
      WHERE s.payment_id = any(ids) AND d.payments = 0 AND d.status = s.status AND d.day = s.day AND d.combos = s.combos;
    DELETE FROM report_payment_shapes WHERE payment_id = any(ids);
    INSERT INTO report_payment_shapes SELECT * FROM report_payment_shapes_now WHERE payment_id = any(ids);
    DELETE FROM report_payment_pending WHERE xid = me;
  END IF;
  DELETE FROM report_summary_flushes WHERE xid = me;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "report_summary_flushes_flush" AFTER INSERT ON "report_summary_flushes"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dnx_report_summaries_flush();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dnx_report_flush_at_commit() RETURNS void
LANGUAGE sql AS $$
  INSERT INTO report_summary_flushes (xid) VALUES (pg_current_xact_id()) ON CONFLICT DO NOTHING
$$;
--> statement-breakpoint
-- Forms written: their old classes leave, their new ones come (the batch read as it is now; the forms of a batch
-- being deleted are taken out by the batch's own trigger below, and find no batch here).
CREATE OR REPLACE FUNCTION dnx_report_forms_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_form_pending
      SELECT pg_current_xact_id(), c.kind, c.day, c.region_id, c.operator_id, c.transport_type_id, c.validity,
        c.stage, c.status, c.annulled, c.valid_to, count(*)
      FROM (
      SELECT c.kind, c.day, b.region_id, b.operator_id, b.transport_type_id,
        dnx_validity_months(b.expire_date, b.expire_date_type) AS validity, c.class_stage AS stage,
        c.class_status AS status, f.annulled, c.class_valid_to AS valid_to
      FROM new_rows f JOIN fn_batches b ON b.id = f.batch_id
      CROSS JOIN LATERAL dnx_form_classes(f.stage, f.status, f.valid_to, f.stage_at, b.created_at) c
    ) c
      GROUP BY 2, 3, 4, 5, 6, 7, 8, 9, 10, 11;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO report_form_pending
      SELECT pg_current_xact_id(), c.kind, c.day, c.region_id, c.operator_id, c.transport_type_id, c.validity,
        c.stage, c.status, c.annulled, c.valid_to, -count(*)
      FROM (
      SELECT c.kind, c.day, b.region_id, b.operator_id, b.transport_type_id,
        dnx_validity_months(b.expire_date, b.expire_date_type) AS validity, c.class_stage AS stage,
        c.class_status AS status, f.annulled, c.class_valid_to AS valid_to
      FROM old_rows f JOIN fn_batches b ON b.id = f.batch_id
      CROSS JOIN LATERAL dnx_form_classes(f.stage, f.status, f.valid_to, f.stage_at, b.created_at) c
    ) c
      GROUP BY 2, 3, 4, 5, 6, 7, 8, 9, 10, 11;
  ELSE
    INSERT INTO report_form_pending
      SELECT pg_current_xact_id(), c.kind, c.day, c.region_id, c.operator_id, c.transport_type_id, c.validity,
        c.stage, c.status, c.annulled, c.valid_to, sum(c.sign)
      FROM (
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
      GROUP BY 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 HAVING sum(c.sign) <> 0;
    -- A form moved to another batch changes the dimensions of the payment rows that hold it. Found by EXCEPT (a
    -- hash or a sort): the transition tables have no statistics, and a join of theirs was planned as a nested loop
    -- (an accept of 100,000 forms compared every old row with every new one).
    IF EXISTS (SELECT id, batch_id FROM old_rows EXCEPT SELECT id, batch_id FROM new_rows) THEN
      INSERT INTO report_payment_pending
        SELECT DISTINCT pg_current_xact_id(), r.payment_id
        FROM (SELECT id, batch_id FROM old_rows EXCEPT SELECT id, batch_id FROM new_rows) o
        JOIN payment_rows r ON r.form_id = o.id;
    END IF;
  END IF;
  PERFORM dnx_report_flush_at_commit();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "fn_forms_report_insert" AFTER INSERT ON "fn_forms" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dnx_report_forms_changed();
--> statement-breakpoint
CREATE TRIGGER "fn_forms_report_update" AFTER UPDATE ON "fn_forms" REFERENCING OLD TABLE AS old_rows
  NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dnx_report_forms_changed();
--> statement-breakpoint
CREATE TRIGGER "fn_forms_report_delete" AFTER DELETE ON "fn_forms" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dnx_report_forms_changed();
--> statement-breakpoint
-- A batch's day or dimensions changed: its forms move between classes, and the payments holding them are counted
-- again.
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
  INSERT INTO report_form_pending
    SELECT pg_current_xact_id(), c.kind, c.day, c.region_id, c.operator_id, c.transport_type_id, c.validity,
      c.class_stage, c.class_status, f.annulled, c.class_valid_to, sum(b.sign)
    FROM (SELECT -1 AS sign, * FROM old_rows UNION ALL SELECT 1, * FROM new_rows) b
    JOIN fn_forms f ON f.batch_id = b.id
    CROSS JOIN LATERAL (
      SELECT x.*, b.region_id, b.operator_id, b.transport_type_id,
        dnx_validity_months(b.expire_date, b.expire_date_type) AS validity
      FROM dnx_form_classes(f.stage, f.status, f.valid_to, f.stage_at, b.created_at) x
    ) c
    GROUP BY 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 HAVING sum(b.sign) <> 0;
  INSERT INTO report_payment_pending
    SELECT DISTINCT pg_current_xact_id(), r.payment_id
    FROM new_rows n JOIN fn_forms f ON f.batch_id = n.id JOIN payment_rows r ON r.form_id = f.id;
  PERFORM dnx_report_flush_at_commit();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "fn_batches_report_update" AFTER UPDATE ON "fn_batches" REFERENCING OLD TABLE AS old_rows
  NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dnx_report_batches_changed();
--> statement-breakpoint
-- A batch deleted: its forms leave the counts while the batch is still there to name their classes (the cascade
-- deletes them after the batch, when the forms' own trigger finds no batch for them).
CREATE OR REPLACE FUNCTION dnx_report_batch_deleting() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_form_pending
    SELECT pg_current_xact_id(), c.kind, c.day, OLD.region_id, OLD.operator_id, OLD.transport_type_id,
      dnx_validity_months(OLD.expire_date, OLD.expire_date_type), c.class_stage, c.class_status, f.annulled,
      c.class_valid_to, -count(*)
    FROM fn_forms f CROSS JOIN LATERAL dnx_form_classes(f.stage, f.status, f.valid_to, f.stage_at, OLD.created_at) c
    WHERE f.batch_id = OLD.id
    GROUP BY 2, 3, 4, 5, 6, 7, 8, 9, 10, 11;
  PERFORM dnx_report_flush_at_commit();
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "fn_batches_report_delete" BEFORE DELETE ON "fn_batches"
  FOR EACH ROW EXECUTE FUNCTION dnx_report_batch_deleting();
--> statement-breakpoint
-- Payments and their rows written: the payments are counted again at the commit.
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
  PERFORM dnx_report_flush_at_commit();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "payments_report_insert" AFTER INSERT ON "payments" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dnx_report_payments_changed();
--> statement-breakpoint
CREATE TRIGGER "payments_report_update" AFTER UPDATE ON "payments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dnx_report_payments_changed();
--> statement-breakpoint
CREATE TRIGGER "payments_report_delete" AFTER DELETE ON "payments" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dnx_report_payments_changed();
--> statement-breakpoint
CREATE TRIGGER "payment_rows_report_insert" AFTER INSERT ON "payment_rows" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dnx_report_payments_changed();
--> statement-breakpoint
CREATE TRIGGER "payment_rows_report_update" AFTER UPDATE ON "payment_rows" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dnx_report_payments_changed();
--> statement-breakpoint
CREATE TRIGGER "payment_rows_report_delete" AFTER DELETE ON "payment_rows" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dnx_report_payments_changed();
--> statement-breakpoint
-- The rebuild (`cli rebuild-summaries`): the summaries computed again from the base tables, in one transaction,
-- with every writer of them held off (SHARE: reads go on, writes wait until the commit). Answers the rows written.
CREATE OR REPLACE FUNCTION dnx_report_summaries_rebuild() RETURNS TABLE (form_rows bigint, payment_rows bigint)
LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE fn_batches, fn_forms, payments, payment_rows IN SHARE MODE;
  DELETE FROM report_form_counts;
  DELETE FROM report_payment_days;
  DELETE FROM report_payment_shapes;
  INSERT INTO report_form_counts
    SELECT kind, day, region_id, operator_id, transport_type_id, validity, stage, status, annulled, valid_to, count(*)
    FROM report_form_classes GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10;
  INSERT INTO report_payment_shapes SELECT * FROM report_payment_shapes_now;
  INSERT INTO report_payment_days
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
SELECT dnx_report_summaries_rebuild();
