-- notify_rows_changed: its current definition and the 25 triggers that call it.
-- Last defined by migration 0011_change_feed; from now on changed here only: the server applies
-- this file after the numbered migrations whenever its text changes (src/db/database-code.ts).
CREATE OR REPLACE FUNCTION public.notify_rows_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_notify('dnx_changes', 'rows:' || TG_TABLE_NAME);
  RETURN NULL;
END
$function$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER automobile_brands_change_feed AFTER TRUNCATE ON public.automobile_brands FOR EACH STATEMENT EXECUTE FUNCTION notify_rows_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER automobile_models_change_feed AFTER TRUNCATE ON public.automobile_models FOR EACH STATEMENT EXECUTE FUNCTION notify_rows_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER automobiles_change_feed AFTER TRUNCATE ON public.automobiles FOR EACH STATEMENT EXECUTE FUNCTION notify_rows_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER bus_routes_change_feed AFTER TRUNCATE ON public.bus_routes FOR EACH STATEMENT EXECUTE FUNCTION notify_rows_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER carriers_change_feed AFTER TRUNCATE ON public.carriers FOR EACH STATEMENT EXECUTE FUNCTION notify_rows_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER cities_change_feed AFTER TRUNCATE ON public.cities FOR EACH STATEMENT EXECUTE FUNCTION notify_rows_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER drivers_change_feed AFTER TRUNCATE ON public.drivers FOR EACH STATEMENT EXECUTE FUNCTION notify_rows_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER fn_batches_change_feed AFTER TRUNCATE ON public.fn_batches FOR EACH STATEMENT EXECUTE FUNCTION notify_rows_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER fn_coefficients_change_feed AFTER TRUNCATE ON public.fn_coefficients FOR EACH STATEMENT EXECUTE FUNCTION notify_rows_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER fn_forms_change_feed AFTER TRUNCATE ON public.fn_forms FOR EACH STATEMENT EXECUTE FUNCTION notify_rows_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER fn_statuses_change_feed AFTER TRUNCATE ON public.fn_statuses FOR EACH STATEMENT EXECUTE FUNCTION notify_rows_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER mail_outbox_change_feed AFTER INSERT ON public.mail_outbox FOR EACH STATEMENT EXECUTE FUNCTION notify_rows_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER online_carrier_requests_change_feed AFTER TRUNCATE ON public.online_carrier_requests FOR EACH STATEMENT EXECUTE FUNCTION notify_rows_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER online_payment_requests_change_feed AFTER TRUNCATE ON public.online_payment_requests FOR EACH STATEMENT EXECUTE FUNCTION notify_rows_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER payment_rows_change_feed AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.payment_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_rows_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER payments_change_feed AFTER TRUNCATE ON public.payments FOR EACH STATEMENT EXECUTE FUNCTION notify_rows_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER regions_change_feed AFTER TRUNCATE ON public.regions FOR EACH STATEMENT EXECUTE FUNCTION notify_rows_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER route_companies_change_feed AFTER TRUNCATE ON public.route_companies FOR EACH STATEMENT EXECUTE FUNCTION notify_rows_changed();
--> statement-breakpoint
-- The signing keys (issue 56): each process keeps them in memory until they change (features/inspect/signing-keys.ts).
CREATE OR REPLACE TRIGGER signing_keys_change_feed AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.signing_keys FOR EACH STATEMENT EXECUTE FUNCTION notify_rows_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER special_transport_types_change_feed AFTER TRUNCATE ON public.special_transport_types FOR EACH STATEMENT EXECUTE FUNCTION notify_rows_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER tariffs_change_feed AFTER TRUNCATE ON public.tariffs FOR EACH STATEMENT EXECUTE FUNCTION notify_rows_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER tax_payers_change_feed AFTER TRUNCATE ON public.tax_payers FOR EACH STATEMENT EXECUTE FUNCTION notify_rows_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER transport_types_change_feed AFTER TRUNCATE ON public.transport_types FOR EACH STATEMENT EXECUTE FUNCTION notify_rows_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER user_groups_rows_change_feed AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.user_groups FOR EACH STATEMENT EXECUTE FUNCTION notify_rows_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER users_rows_change_feed AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.users FOR EACH STATEMENT EXECUTE FUNCTION notify_rows_changed();
