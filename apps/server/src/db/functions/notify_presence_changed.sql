-- notify_presence_changed: its current definition and the 1 trigger that call it.
-- Last defined by migration 0056_live_events; from now on changed here only: the server applies
-- this file after the numbered migrations whenever its text changes (src/db/database-code.ts).
CREATE OR REPLACE FUNCTION public.notify_presence_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('dnx_changes', 'presence:' || OLD.resource || ':' || OLD.record_id);
  ELSIF TG_OP = 'INSERT' OR NEW.user_id IS DISTINCT FROM OLD.user_id THEN
    -- A renewal (only expires_at moved) changes nobody's list of editors: it is not announced.
    PERFORM pg_notify('dnx_changes', 'presence:' || NEW.resource || ':' || NEW.record_id);
  END IF;
  RETURN NULL;
END
$function$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER presence_editors_change_feed AFTER INSERT OR DELETE OR UPDATE ON public.presence_editors FOR EACH ROW EXECUTE FUNCTION notify_presence_changed();
