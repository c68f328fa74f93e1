-- dnx_chain_stripes: its current definition.
-- Last defined by migration 0055_chain_stripes; from now on changed here only: the server applies
-- this file after the numbered migrations whenever its text changes (src/db/database-code.ts).
CREATE OR REPLACE FUNCTION public.dnx_chain_stripes()
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
AS $function$ SELECT 8 $function$;
