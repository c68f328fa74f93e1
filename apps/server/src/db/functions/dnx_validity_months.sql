-- dnx_validity_months: its current definition.
-- Last defined by migration 0046_report_summaries; from now on changed here only: the server applies
-- this file after the numbered migrations whenever its text changes (src/db/database-code.ts).
CREATE OR REPLACE FUNCTION public.dnx_validity_months(expire_date smallint, expire_date_type text)
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  SELECT expire_date * (CASE expire_date_type WHEN 'month' THEN 1 WHEN 'quarter' THEN 3 WHEN 'half-year' THEN 6
    ELSE 12 END)
$function$;
