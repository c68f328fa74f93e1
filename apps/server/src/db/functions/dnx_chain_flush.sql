-- dnx_chain_flush: its current definition and the 1 trigger that call it.
-- Last defined by migration 0023_chain_append_at_commit; from now on changed here only: the server applies
-- this file after the numbered migrations whenever its text changes (src/db/database-code.ts).
CREATE OR REPLACE FUNCTION public.dnx_chain_flush()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM dnx_chain_append(NEW.chains);
  DELETE FROM dnx_chain_pending WHERE id = NEW.id;
  RETURN NULL;
END
$function$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS dnx_chain_pending_flush ON public.dnx_chain_pending;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER dnx_chain_pending_flush AFTER INSERT ON public.dnx_chain_pending DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION dnx_chain_flush();
