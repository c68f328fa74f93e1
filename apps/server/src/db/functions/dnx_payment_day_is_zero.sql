-- dnx_payment_day_is_zero: its current definition.
-- Last defined by migration 0050_report_summary_stripes; from now on changed here only: the server applies
-- this file after the numbered migrations whenever its text changes (src/db/database-code.ts).
CREATE OR REPLACE FUNCTION public.dnx_payment_day_is_zero(payments bigint, taxes numeric[], mdssh numeric, itsda numeric)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  SELECT payments = 0 AND mdssh = 0 AND itsda = 0 AND coalesce(bool_and(t = 0), true) FROM unnest(taxes) t
$function$;
