-- What the long lists (drivers, automobiles, carriers) need to answer in a few milliseconds with 100,000 rows,
-- and which drizzle-kit cannot write. Measured with `npm run bench` (docs/performance.md).

-- Search: `search=` words are matched with LIKE '%word%' against the stored, already folded search_key
-- (migration 0007); a trigram index finds the candidate rows.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "drivers_search_key_trgm_idx" ON "drivers" USING gin ("search_key" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "automobiles_search_key_trgm_idx" ON "automobiles" USING gin ("search_key" gin_trgm_ops);
--> statement-breakpoint

-- Order: the lists sort text by az_sort_key(...) COLLATE "C" and then the id. These btree indexes hold exactly
-- that key and include the column, so a page's ids come from an index-only scan (deep pages walk the index
-- only, from whichever end is nearer).
CREATE INDEX "drivers_last_name_sort_idx" ON "drivers" USING btree ((az_sort_key("last_name") COLLATE "C"), "id") INCLUDE ("last_name");
--> statement-breakpoint
CREATE INDEX "drivers_first_name_sort_idx" ON "drivers" USING btree ((az_sort_key("first_name") COLLATE "C"), "id") INCLUDE ("first_name");
--> statement-breakpoint
CREATE INDEX "drivers_identity_fin_code_sort_idx" ON "drivers" USING btree ((az_sort_key("identity_fin_code") COLLATE "C"), "id") INCLUDE ("identity_fin_code");
--> statement-breakpoint
CREATE INDEX "automobiles_registration_number_sort_idx" ON "automobiles" USING btree ((az_sort_key("registration_number") COLLATE "C"), "id") INCLUDE ("registration_number");
--> statement-breakpoint
CREATE INDEX "carriers_name_sort_idx" ON "carriers" USING btree ((az_sort_key("name") COLLATE "C"), "id") INCLUDE ("name");
--> statement-breakpoint

-- Counts: an unfiltered list's count is read from a counter kept by statement triggers in the writing
-- transaction, instead of counting 100,000 rows on every page. Exact: it commits or rolls back with the rows.
CREATE TABLE "row_counts" (
  "table_name" text PRIMARY KEY,
  "n" bigint NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION row_counts_track() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE row_counts SET n = n + (SELECT count(*) FROM inserted) WHERE table_name = TG_TABLE_NAME;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE row_counts SET n = n - (SELECT count(*) FROM deleted) WHERE table_name = TG_TABLE_NAME;
  ELSE
    UPDATE row_counts SET n = 0 WHERE table_name = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
INSERT INTO row_counts (table_name, n)
  SELECT 'drivers', count(*) FROM drivers
  UNION ALL SELECT 'automobiles', count(*) FROM automobiles
  UNION ALL SELECT 'carriers', count(*) FROM carriers;
--> statement-breakpoint
DO $$
DECLARE
  counted text;
BEGIN
  FOREACH counted IN ARRAY ARRAY['drivers', 'automobiles', 'carriers'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS inserted '
                   'FOR EACH STATEMENT EXECUTE FUNCTION row_counts_track()', counted || '_count_insert', counted);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS deleted '
                   'FOR EACH STATEMENT EXECUTE FUNCTION row_counts_track()', counted || '_count_delete', counted);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I '
                   'FOR EACH STATEMENT EXECUTE FUNCTION row_counts_track()', counted || '_count_truncate', counted);
  END LOOP;
END;
$$;
