-- dnx_report_stripe: its current definition.
-- Last defined by migration 0050_report_summary_stripes; from now on changed here only: the server applies
-- this file after the numbered migrations whenever its text changes (src/db/database-code.ts).
CREATE OR REPLACE FUNCTION public.dnx_report_stripe()
 RETURNS integer
 LANGUAGE sql
 STABLE PARALLEL SAFE
AS $function$ SELECT pg_backend_pid() $function$;
