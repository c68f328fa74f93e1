-- dnx_numeric_array_add: its current definition.
-- Last defined by migration 0046_report_summaries; from now on changed here only: the server applies
-- this file after the numbered migrations whenever its text changes (src/db/database-code.ts).
CREATE OR REPLACE FUNCTION public.dnx_numeric_array_add(a numeric[], b numeric[])
 RETURNS numeric[]
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  SELECT array_agg(coalesce(x, 0) + coalesce(y, 0) ORDER BY i) FROM unnest(a, b) WITH ORDINALITY u(x, y, i)
$function$;
