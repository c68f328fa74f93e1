-- notify_access_changed: its current definition and the 5 triggers that call it.
-- Last defined by migration 0011_change_feed; from now on changed here only: the server applies
-- this file after the numbered migrations whenever its text changes (src/db/database-code.ts).
CREATE OR REPLACE FUNCTION public.notify_access_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_notify('dnx_changes', 'access');
  RETURN NULL;
END
$function$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER group_permissions_change_feed AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.group_permissions FOR EACH STATEMENT EXECUTE FUNCTION notify_access_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER groups_change_feed AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.groups FOR EACH STATEMENT EXECUTE FUNCTION notify_access_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER permissions_change_feed AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.permissions FOR EACH STATEMENT EXECUTE FUNCTION notify_access_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER user_groups_change_feed AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.user_groups FOR EACH STATEMENT EXECUTE FUNCTION notify_access_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER user_permissions_change_feed AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.user_permissions FOR EACH STATEMENT EXECUTE FUNCTION notify_access_changed();
