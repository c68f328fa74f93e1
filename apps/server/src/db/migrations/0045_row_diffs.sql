-- Row diffs on the change feed (issue 31): a statement that writes a few rows of a list's table announces each
-- row's before and after, with its transaction id, so a server process can move its kept list positions and counts
-- by what the write changed instead of throwing them away:
--   'diff:<table>:<xid>:[<old row or null>, <new row or null>]'   one notice a row, for statements of up to 20 rows
--   'bulk:<table>:<xid>'                                          a larger statement (or a row too large to announce)
--   'rows:<table>'                                                TRUNCATE, as before (migration 0011)
-- The server hears `rows:<table>` for each of them as well (src/lib/change-feed.ts), so caches that only drop
-- entries work as before. The xid lets a reader tell whether a change is already inside a snapshot it read.
CREATE FUNCTION "notify_row_diffs"() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  xid text := pg_current_xact_id()::text;
  written integer;
  payloads text[];
  payload text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO written FROM new_rows;
  ELSE
    SELECT count(*) INTO written FROM old_rows;
  END IF;
  IF written = 0 THEN
    RETURN NULL;
  END IF;
  IF written <= 20 THEN
    -- Each transition table is named only in the branch of its event: the other does not exist then.
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(jsonb_build_array(NULL::jsonb, to_jsonb(n))::text) INTO payloads FROM new_rows n;
    ELSIF TG_OP = 'DELETE' THEN
      SELECT array_agg(jsonb_build_array(to_jsonb(o), NULL::jsonb)::text) INTO payloads FROM old_rows o;
    ELSE
      SELECT array_agg(jsonb_build_array(to_jsonb(o), to_jsonb(n))::text) INTO payloads
        FROM old_rows o FULL JOIN new_rows n ON n.id = o.id;
    END IF;
    FOR i IN 1 .. coalesce(array_length(payloads, 1), 0) LOOP
      payloads[i] := 'diff:' || TG_TABLE_NAME || ':' || xid || ':' || payloads[i];
      IF octet_length(payloads[i]) > 7900 THEN
        payloads := NULL;
        EXIT;
      END IF;
    END LOOP;
    IF payloads IS NOT NULL THEN
      FOREACH payload IN ARRAY payloads LOOP
        PERFORM pg_notify('dnx_changes', payload);
      END LOOP;
      RETURN NULL;
    END IF;
  END IF;
  PERFORM pg_notify('dnx_changes', 'bulk:' || TG_TABLE_NAME || ':' || xid);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  list_table text;
BEGIN
  FOREACH list_table IN ARRAY ARRAY['regions', 'fn_statuses', 'fn_coefficients', 'transport_types',
      'special_transport_types', 'tax_payers', 'route_companies', 'automobile_brands', 'automobile_models',
      'carriers', 'drivers', 'automobiles', 'tariffs', 'cities', 'bus_routes', 'fn_batches', 'fn_forms', 'payments',
      'payment_rows'] LOOP
    EXECUTE format('DROP TRIGGER %I ON %I', list_table || '_change_feed', list_table);
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows '
                   'FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs()', list_table || '_diff_insert', list_table);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows '
                   'FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs()', list_table || '_diff_update', list_table);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows '
                   'FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs()', list_table || '_diff_delete', list_table);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I '
                   'FOR EACH STATEMENT EXECUTE FUNCTION notify_rows_changed()', list_table || '_change_feed', list_table);
  END LOOP;
END;
$$;
