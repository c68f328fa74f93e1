-- dnx_form_classes: its current definition.
-- Last defined by migration 0046_report_summaries; from now on changed here only: the server applies
-- this file after the numbered migrations whenever its text changes (src/db/database-code.ts).
CREATE OR REPLACE FUNCTION public.dnx_form_classes(stage text, status smallint, valid_to date, stage_at timestamp with time zone, issued_at timestamp with time zone)
 RETURNS TABLE(kind character, day date, class_stage text, class_status smallint, class_valid_to date)
 LANGUAGE sql
 STABLE PARALLEL SAFE
AS $function$
  VALUES
    ('i'::char(1), (issued_at AT TIME ZONE 'UTC')::date, '',
      coalesce(status, -1)::smallint,
      CASE WHEN status IN (2, 3, 4) THEN coalesce(valid_to, 'infinity') ELSE 'infinity' END::date),
    ('s'::char(1), (stage_at AT TIME ZONE 'UTC')::date, stage,
      coalesce(status, -1)::smallint,
      CASE WHEN status IN (1, 2, 3, 4) THEN coalesce(valid_to, 'infinity') ELSE 'infinity' END::date)
$function$;
