-- notify_row_diffs: its current definition and the 60 triggers that call it.
-- Last defined by migration 0045_row_diffs; from now on changed here only: the server applies
-- this file after the numbered migrations whenever its text changes (src/db/database-code.ts).
CREATE OR REPLACE FUNCTION public.notify_row_diffs()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  xid text := pg_current_xact_id()::text;
  written integer;
  pairs text[];
  pair text;
  head text;
  packed text := '';
  notices text[] := '{}';
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
      SELECT array_agg(jsonb_build_array(NULL::jsonb, to_jsonb(n))::text) INTO pairs FROM new_rows n;
    ELSIF TG_OP = 'DELETE' THEN
      SELECT array_agg(jsonb_build_array(to_jsonb(o), NULL::jsonb)::text) INTO pairs FROM old_rows o;
    ELSE
      SELECT array_agg(jsonb_build_array(to_jsonb(o), to_jsonb(n))::text) INTO pairs
        FROM old_rows o FULL JOIN new_rows n ON n.id = o.id;
    END IF;
    -- As few notices as fit under the queue's 8,000 bytes, each 'diff:<table>:<xid>:*[pair, pair, ...]' (issue 41:
    -- one a row made ten notices a payment). A process of before reads the '*' as a statement without its rows.
    head := 'diff:' || TG_TABLE_NAME || ':' || xid || ':*[';
    FOREACH pair IN ARRAY pairs LOOP
      IF octet_length(head) + octet_length(pair) + 1 > 7900 THEN
        notices := NULL;
        EXIT;
      END IF;
      IF packed <> '' AND octet_length(head) + octet_length(packed) + octet_length(pair) + 2 > 7900 THEN
        notices := notices || (head || packed || ']');
        packed := '';
      END IF;
      packed := CASE WHEN packed = '' THEN pair ELSE packed || ',' || pair END;
    END LOOP;
    IF notices IS NOT NULL THEN
      notices := notices || (head || packed || ']');
      FOREACH pair IN ARRAY notices LOOP
        PERFORM pg_notify('dnx_changes', pair);
      END LOOP;
      RETURN NULL;
    END IF;
  END IF;
  PERFORM pg_notify('dnx_changes', 'bulk:' || TG_TABLE_NAME || ':' || xid);
  RETURN NULL;
END
$function$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER automobile_brands_diff_delete AFTER DELETE ON public.automobile_brands REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER automobile_brands_diff_insert AFTER INSERT ON public.automobile_brands REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER automobile_brands_diff_update AFTER UPDATE ON public.automobile_brands REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER automobile_models_diff_delete AFTER DELETE ON public.automobile_models REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER automobile_models_diff_insert AFTER INSERT ON public.automobile_models REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER automobile_models_diff_update AFTER UPDATE ON public.automobile_models REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER automobiles_diff_delete AFTER DELETE ON public.automobiles REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER automobiles_diff_insert AFTER INSERT ON public.automobiles REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER automobiles_diff_update AFTER UPDATE ON public.automobiles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER bus_routes_diff_delete AFTER DELETE ON public.bus_routes REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER bus_routes_diff_insert AFTER INSERT ON public.bus_routes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER bus_routes_diff_update AFTER UPDATE ON public.bus_routes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER carriers_diff_delete AFTER DELETE ON public.carriers REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER carriers_diff_insert AFTER INSERT ON public.carriers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER carriers_diff_update AFTER UPDATE ON public.carriers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER cities_diff_delete AFTER DELETE ON public.cities REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER cities_diff_insert AFTER INSERT ON public.cities REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER cities_diff_update AFTER UPDATE ON public.cities REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER drivers_diff_delete AFTER DELETE ON public.drivers REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER drivers_diff_insert AFTER INSERT ON public.drivers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER drivers_diff_update AFTER UPDATE ON public.drivers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER fn_batches_diff_delete AFTER DELETE ON public.fn_batches REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER fn_batches_diff_insert AFTER INSERT ON public.fn_batches REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER fn_batches_diff_update AFTER UPDATE ON public.fn_batches REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER fn_coefficients_diff_delete AFTER DELETE ON public.fn_coefficients REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER fn_coefficients_diff_insert AFTER INSERT ON public.fn_coefficients REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER fn_coefficients_diff_update AFTER UPDATE ON public.fn_coefficients REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER fn_forms_diff_delete AFTER DELETE ON public.fn_forms REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER fn_forms_diff_insert AFTER INSERT ON public.fn_forms REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER fn_forms_diff_update AFTER UPDATE ON public.fn_forms REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER fn_statuses_diff_delete AFTER DELETE ON public.fn_statuses REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER fn_statuses_diff_insert AFTER INSERT ON public.fn_statuses REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER fn_statuses_diff_update AFTER UPDATE ON public.fn_statuses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER online_carrier_requests_diff_delete AFTER DELETE ON public.online_carrier_requests REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER online_carrier_requests_diff_insert AFTER INSERT ON public.online_carrier_requests REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER online_carrier_requests_diff_update AFTER UPDATE ON public.online_carrier_requests REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER online_payment_requests_diff_delete AFTER DELETE ON public.online_payment_requests REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER online_payment_requests_diff_insert AFTER INSERT ON public.online_payment_requests REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER online_payment_requests_diff_update AFTER UPDATE ON public.online_payment_requests REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER payments_diff_delete AFTER DELETE ON public.payments REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER payments_diff_insert AFTER INSERT ON public.payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER payments_diff_update AFTER UPDATE ON public.payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER regions_diff_delete AFTER DELETE ON public.regions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER regions_diff_insert AFTER INSERT ON public.regions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER regions_diff_update AFTER UPDATE ON public.regions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER route_companies_diff_delete AFTER DELETE ON public.route_companies REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER route_companies_diff_insert AFTER INSERT ON public.route_companies REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER route_companies_diff_update AFTER UPDATE ON public.route_companies REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER special_transport_types_diff_delete AFTER DELETE ON public.special_transport_types REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER special_transport_types_diff_insert AFTER INSERT ON public.special_transport_types REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER special_transport_types_diff_update AFTER UPDATE ON public.special_transport_types REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER tariffs_diff_delete AFTER DELETE ON public.tariffs REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER tariffs_diff_insert AFTER INSERT ON public.tariffs REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER tariffs_diff_update AFTER UPDATE ON public.tariffs REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER tax_payers_diff_delete AFTER DELETE ON public.tax_payers REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER tax_payers_diff_insert AFTER INSERT ON public.tax_payers REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER tax_payers_diff_update AFTER UPDATE ON public.tax_payers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER transport_types_diff_delete AFTER DELETE ON public.transport_types REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER transport_types_diff_insert AFTER INSERT ON public.transport_types REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER transport_types_diff_update AFTER UPDATE ON public.transport_types REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_row_diffs();
