-- notify_user_changed: its current definition and the 2 triggers that call it.
-- Last defined by migration 0011_change_feed; from now on changed here only: the server applies
-- this file after the numbered migrations whenever its text changes (src/db/database-code.ts).
CREATE OR REPLACE FUNCTION public.notify_user_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('dnx_changes', 'user:' || OLD.id);
  ELSE
    PERFORM pg_notify('dnx_changes', 'user:' || OLD.user_id);
  END IF;
  RETURN NULL;
END
$function$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER sessions_change_feed AFTER DELETE OR UPDATE ON public.sessions FOR EACH ROW EXECUTE FUNCTION notify_user_changed();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER users_change_feed AFTER DELETE OR UPDATE ON public.users FOR EACH ROW EXECUTE FUNCTION notify_user_changed();
