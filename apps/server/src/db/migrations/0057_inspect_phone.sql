-- Issue 46: the inspector's phone. The authority's Ed25519 signing keys when no SIGNING_KEYS setting names them (the
-- private key sealed under MFA_ENCRYPTION_KEY); at most one key is current, so two processes making the first key at
-- once keep one.
CREATE TABLE "signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone,
	"publish_until" date,
	CONSTRAINT "signing_keys_retired_has_window" CHECK ("signing_keys"."retired_at" is null or "signing_keys"."publish_until" is not null)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "signing_keys_one_current" ON "signing_keys" ((true)) WHERE "retired_at" IS NULL;
--> statement-breakpoint
-- The inspectors' snapshot deltas (features/inspect/snapshot-repository.ts): the id of the last transaction that
-- changed each mark, per region it was in. A delta reads the keys with since <= xid < the read's snapshot xmin: a
-- transaction still running at a read has an id at or above that xmin, so its change comes in the next delta however
-- late it commits (a sequence number would be taken before the commit and be passed by then). A row stays after its
-- form is deleted or moved: the delta then names the mark as removed from the region.
CREATE TABLE "fn_form_changes" (
	"series" text NOT NULL,
	"number" integer NOT NULL,
	"region_id" integer NOT NULL,
	"xid" xid8 NOT NULL,
	PRIMARY KEY ("series", "number", "region_id")
);
--> statement-breakpoint
CREATE INDEX "fn_form_changes_region_id_xid_idx" ON "fn_form_changes" ("region_id", "xid");
--> statement-breakpoint
CREATE INDEX "fn_form_changes_xid_idx" ON "fn_form_changes" ("xid");
--> statement-breakpoint
-- The batches made, each with the id of the transaction that made it: a delta names every form of a batch made in its
-- range, in the batch's region now, by this one row (features/inspect/snapshot-repository.ts).
CREATE TABLE "fn_batch_changes" (
	"batch_id" integer PRIMARY KEY NOT NULL,
	"xid" xid8 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "fn_batch_changes_xid_idx" ON "fn_batch_changes" ("xid");
--> statement-breakpoint
CREATE FUNCTION dnx_fn_batches_made() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO fn_batch_changes (batch_id, xid) SELECT n.id, pg_current_xact_id() FROM new_rows n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER fn_batches_made AFTER INSERT ON fn_batches REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dnx_fn_batches_made();
--> statement-breakpoint
-- Existing batches are before any cursor: a phone's first download is full.
-- Forms inserted, updated or deleted (a statement's rows at once): their keys in their batch's region.
CREATE FUNCTION dnx_fn_forms_mark_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- The forms of a batch made in this transaction are named by the batch's one row (fn_batch_changes): a
    -- 100,000-number batch writes one key, not 100,000.
    INSERT INTO fn_form_changes AS c (series, number, region_id, xid)
      SELECT DISTINCT f.series, f.number, b.region_id, pg_current_xact_id()
      FROM new_rows f JOIN fn_batches b ON b.id = f.batch_id
      WHERE NOT EXISTS (SELECT 1 FROM fn_batch_changes n WHERE n.batch_id = f.batch_id AND n.xid = pg_current_xact_id())
      ORDER BY 1, 2, 3
    ON CONFLICT (series, number, region_id) DO UPDATE SET xid = excluded.xid;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO fn_form_changes AS c (series, number, region_id, xid)
      SELECT DISTINCT f.series, f.number, b.region_id, pg_current_xact_id()
      FROM (SELECT series, number, batch_id FROM new_rows UNION SELECT series, number, batch_id FROM old_rows) f
      JOIN fn_batches b ON b.id = f.batch_id ORDER BY 1, 2, 3
    ON CONFLICT (series, number, region_id) DO UPDATE SET xid = excluded.xid;
  ELSE
    -- A form deleted with its batch is written by dnx_fn_batch_marks_deleting (the batch is gone by now).
    INSERT INTO fn_form_changes AS c (series, number, region_id, xid)
      SELECT DISTINCT f.series, f.number, b.region_id, pg_current_xact_id()
      FROM old_rows f JOIN fn_batches b ON b.id = f.batch_id ORDER BY 1, 2, 3
    ON CONFLICT (series, number, region_id) DO UPDATE SET xid = excluded.xid;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER fn_forms_mark_inserted AFTER INSERT ON fn_forms REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dnx_fn_forms_mark_changed();
--> statement-breakpoint
CREATE TRIGGER fn_forms_mark_updated AFTER UPDATE ON fn_forms REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dnx_fn_forms_mark_changed();
--> statement-breakpoint
CREATE TRIGGER fn_forms_mark_deleted AFTER DELETE ON fn_forms REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dnx_fn_forms_mark_changed();
--> statement-breakpoint
-- A batch moved to another region or type: each of its forms changes in the old region and in the new.
CREATE FUNCTION dnx_fn_batches_marks_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO fn_form_changes AS c (series, number, region_id, xid)
    SELECT DISTINCT f.series, f.number, b.region_id, pg_current_xact_id()
    FROM (
      SELECT o.id, o.region_id FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE o.region_id <> n.region_id OR o.transport_type_id <> n.transport_type_id
      UNION
      SELECT n.id, n.region_id FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE o.region_id <> n.region_id OR o.transport_type_id <> n.transport_type_id
    ) b JOIN fn_forms f ON f.batch_id = b.id ORDER BY 1, 2, 3
  ON CONFLICT (series, number, region_id) DO UPDATE SET xid = excluded.xid;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER fn_batches_marks_changed AFTER UPDATE ON fn_batches REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dnx_fn_batches_marks_changed();
--> statement-breakpoint
-- A batch deleted (with its forms, by the foreign key's cascade): its forms are removed from its region.
CREATE FUNCTION dnx_fn_batch_marks_deleting() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO fn_form_changes AS c (series, number, region_id, xid)
    SELECT f.series, f.number, OLD.region_id, pg_current_xact_id() FROM fn_forms f WHERE f.batch_id = OLD.id ORDER BY 1, 2
  ON CONFLICT (series, number, region_id) DO UPDATE SET xid = excluded.xid;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER fn_batch_marks_deleting BEFORE DELETE ON fn_batches
  FOR EACH ROW EXECUTE FUNCTION dnx_fn_batch_marks_deleting();
--> statement-breakpoint
-- A transport type renamed: the paid marks whose row names it change.
CREATE FUNCTION dnx_transport_type_marks_renamed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO fn_form_changes AS c (series, number, region_id, xid)
    SELECT DISTINCT f.series, f.number, b.region_id, pg_current_xact_id()
    FROM old_rows o JOIN new_rows n ON n.id = o.id AND n.name IS DISTINCT FROM o.name
    JOIN payment_rows r ON r.transport_type_id = n.id
    JOIN fn_forms f ON f.id = r.form_id AND f.payment_id = r.payment_id AND f.stage = 'paid'
    JOIN fn_batches b ON b.id = f.batch_id ORDER BY 1, 2, 3
  ON CONFLICT (series, number, region_id) DO UPDATE SET xid = excluded.xid;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER transport_types_marks_renamed AFTER UPDATE ON transport_types REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dnx_transport_type_marks_renamed();
--> statement-breakpoint
-- The checks inspectors' phones send (features/inspect/checks.ts): the phone's UUID is the key, so a batch sent again
-- records nothing new; the form's history reads them by form_id.
CREATE TABLE "inspect_checks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"form_id" integer,
	"series" text NOT NULL,
	"number" integer NOT NULL,
	"inspector_id" integer NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answer" text NOT NULL,
	"source" text NOT NULL,
	"snapshot_at" timestamp with time zone,
	"latitude" numeric(10, 7),
	"longitude" numeric(10, 7),
	"accuracy" integer,
	CONSTRAINT "inspect_checks_answer" CHECK ("inspect_checks"."answer" in ('valid', 'expired', 'annulled', 'not_issued', 'unknown', 'not_genuine')),
	CONSTRAINT "inspect_checks_source" CHECK ("inspect_checks"."source" in ('scan', 'typed')),
	CONSTRAINT "inspect_checks_location_whole" CHECK (("inspect_checks"."latitude" is null) = ("inspect_checks"."longitude" is null) and ("inspect_checks"."latitude" is null) = ("inspect_checks"."accuracy" is null))
);
--> statement-breakpoint
ALTER TABLE "inspect_checks" ADD CONSTRAINT "inspect_checks_form_id_fn_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."fn_forms"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "inspect_checks" ADD CONSTRAINT "inspect_checks_inspector_id_users_id_fk" FOREIGN KEY ("inspector_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "inspect_checks_form_id_idx" ON "inspect_checks" USING btree ("form_id");
--> statement-breakpoint
CREATE INDEX "inspect_checks_inspector_id_idx" ON "inspect_checks" USING btree ("inspector_id");
--> statement-breakpoint
CREATE INDEX "inspect_checks_series_number_idx" ON "inspect_checks" USING btree ("series","number");
