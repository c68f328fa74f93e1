-- notify_all_changed: its current definition and the 2 triggers that call it.
-- Last defined by migration 0011_change_feed; from now on changed here only: the server applies
-- this file after the numbered migrations whenever its text changes (src/db/database-code.ts).
CREATE OR REPLACE FUNCTION public.notify_all_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_notify('dnx_changes', 'all');
  RETURN NULL;
END
$function$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER sessions_truncate_change_feed AFTER TRUNCATE ON public.sessions FOR EACH STATEMENT EXECUTE FUNCTION notify_all_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER users_truncate_change_feed AFTER TRUNCATE ON public.users FOR EACH STATEMENT EXECUTE FUNCTION notify_all_changed();
